import { allOrNone } from "../payments/env.ts";

type Env = Readonly<Record<string, unknown>>;

/** One WeChat application: its AppID and AppSecret. */
export interface WeChatApp {
  appId: string;
  appSecret: string;
}

/** The WeChat applications the site talks to; each is undefined when its variables are not set. */
export interface WeChatConfig {
  /** https://api.weixin.qq.com (server-to-server calls); tests point it at a local fake. */
  apiBase: string;
  /** https://open.weixin.qq.com (the pages a browser is sent to for authorisation); tests point it at the fake. */
  openBase: string;
  /** 公众号 (service account): web authorisation inside WeChat's browser, JS-SDK share cards, JSAPI payments. */
  officialAccount: WeChatApp | undefined;
  /** 开放平台网站应用: 微信扫码登录 on a computer (snsapi_login). */
  website: WeChatApp | undefined;
}

const text = (env: Env, name: string): string => {
  const value = env[name];
  return typeof value === "string" ? value : "";
};

const base = (env: Env, name: string, fallback: string): string =>
  (text(env, name) || fallback).replace(/\/$/, "");

/**
 * The WeChat applications from the environment. Each pair is all-or-none: a half-configured one stops the
 * start with the missing names, so a typo never quietly hides (or half-enables) signing in with WeChat.
 */
export function wechatConfig(env: Env): WeChatConfig {
  const oa = allOrNone(env, ["WECHAT_OA_APPID", "WECHAT_OA_SECRET"], "微信公众号");
  const web = allOrNone(env, ["WECHAT_OPEN_APPID", "WECHAT_OPEN_SECRET"], "微信开放平台网站应用");
  return {
    apiBase: base(env, "WECHAT_API_BASE", "https://api.weixin.qq.com"),
    openBase: base(env, "WECHAT_OPEN_BASE", "https://open.weixin.qq.com"),
    officialAccount: oa && { appId: oa.WECHAT_OA_APPID, appSecret: oa.WECHAT_OA_SECRET },
    website: web && { appId: web.WECHAT_OPEN_APPID, appSecret: web.WECHAT_OPEN_SECRET },
  };
}
