import type { BrowserContext } from "@playwright/test";
import { FAKE_USER_COOKIE } from "../../packages/server/test/fake-wechat.ts";

/**
 * The journeys' WeChat (issue #39): a local fake (packages/server/test/fake-wechat.ts) started beside the app
 * by playwright.config.ts on E2E_PORT + 103, and the app ids the app is configured with.
 */
export const WECHAT_OA = { appId: "wxe2eofficial0001", appSecret: "e2e-oa-secret-0123456789abcdef" };
export const WECHAT_WEBSITE = { appId: "wxe2ewebsite00001", appSecret: "e2e-web-secret-0123456789abcdef" };

export function fakeWeChatPort(appPort: number): number {
  return appPort + 103;
}

/** WeChat's built-in browser on an iPhone, as WeChat 8 sends it. */
export const WECHAT_USER_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
  "Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN";

/** Makes the fake WeChat treat this browser as the WeChat user `id` (with a nickname). */
export async function actAsWeChatUser(
  context: BrowserContext,
  baseURL: string,
  user: { id: string; nickname?: string },
): Promise<void> {
  const appPort = Number(new URL(baseURL).port);
  const value = user.nickname ? `${user.id}~${user.nickname}` : user.id;
  await context.addCookies([
    {
      name: FAKE_USER_COOKIE,
      value: encodeURIComponent(value),
      url: `http://127.0.0.1:${fakeWeChatPort(appPort)}`,
    },
  ]);
}
