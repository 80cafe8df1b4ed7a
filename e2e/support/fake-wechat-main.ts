// Runs the fake WeChat for the journeys (playwright.config.ts starts it with the app): `tsx fake-wechat-main.ts <port>`.
import { FakeWeChat } from "../../packages/server/test/fake-wechat.ts";
import { WECHAT_OA, WECHAT_WEBSITE } from "./wechat.ts";

const port = Number(process.argv[2]);
const fake = new FakeWeChat({ officialAccount: WECHAT_OA, website: WECHAT_WEBSITE });
await fake.start(port);
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
