import { ResultCode } from "@wjgj/core";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { AppError, InvalidInputError } from "../../errors.ts";
import { WeChatApiError } from "../../wechat/api-error.ts";
import { type JsSdkConfig, jsSdkConfig } from "../../wechat/js-sdk.ts";

/**
 * `wechat/jsConfig`: what the answer page inside WeChat passes to `wx.config` for its own address. Only pages
 * of this site (the request's host, or SITE_URL's): a signature for any page would let another site use our
 * 公众号's JS-SDK. `configured: false` when no 公众号 is set up (the page then leaves the JS-SDK alone).
 */
export async function wechatJsConfig(
  ctx: AppContext,
  log: FastifyBaseLogger,
  request: { url: string; host: string | null },
): Promise<JsSdkConfig> {
  if (!ctx.config.wechat.officialAccount)
    throw new AppError(ResultCode.invalidInput, "wechatJsSdkNotConfigured", { configured: false });
  let page: URL;
  try {
    page = new URL(request.url);
  } catch {
    throw InvalidInputError.field("url", "wechatJsSdkUrlInvalid");
  }
  const hosts = new Set<string>();
  if (request.host) hosts.add(request.host);
  if (ctx.config.siteUrl) hosts.add(new URL(ctx.config.siteUrl).host.toLowerCase());
  if ((page.protocol !== "https:" && page.protocol !== "http:") || !hosts.has(page.host.toLowerCase()))
    throw InvalidInputError.field("url", "wechatJsSdkUrlInvalid");
  try {
    return await jsSdkConfig(ctx, request.url);
  } catch (error) {
    if (!(error instanceof WeChatApiError)) throw error;
    // WeChat's code and words only: the query carried the access token.
    log.warn({ errcode: error.errcode, err: error.message }, "WeChat jsapi_ticket unavailable");
    throw new AppError(ResultCode.conflict, "wechatJsSdkFailed");
  }
}
