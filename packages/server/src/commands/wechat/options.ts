import type { WeChatOptions } from "@wjgj/core";
import type { WeChatConfig } from "../../wechat/env.ts";

/** `wechat/options`: the WeChat features this site has configured; the pages hide the others. */
export function wechatOptions(config: WeChatConfig): WeChatOptions {
  return {
    scanLogin: Boolean(config.website),
    inWeChatLogin: Boolean(config.officialAccount),
    respondents: Boolean(config.officialAccount),
  };
}
