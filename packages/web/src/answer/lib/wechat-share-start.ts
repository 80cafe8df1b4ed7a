import { setUpWeChatShare } from "./wechat-share.ts";

// Imported by main.tsx only inside WeChat's browser: sets the share cards up as soon as it has loaded.
void setUpWeChatShare().catch(() => undefined);
