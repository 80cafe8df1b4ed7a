import wx from "weixin-js-sdk";
import { apiCall } from "./api.ts";

/**
 * 分享给朋友 / 分享到朋友圈 inside WeChat's browser (issue #39): the JS-SDK (bundled into this chunk: the page's
 * Content-Security-Policy runs only the site's own scripts, so res.wx.qq.com's copy could not load) configured
 * for this page's address, with the card the server put in the page's og: tags (分享设置 and their fallbacks).
 * Loaded lazily, and only in WeChat, so no other browser downloads any of it.
 */
interface JsConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

export interface ShareCardData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

function ogContent(property: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[property="og:${property}"]`)?.content ?? "";
}

/** The card of the page, from the og: tags the server rendered. */
export function shareCardOfPage(): ShareCardData {
  return {
    title: ogContent("title") || document.title,
    desc: ogContent("description"),
    link: ogContent("url") || window.location.href.split("#")[0] || "",
    imgUrl: ogContent("image"),
  };
}

/** Configures the JS-SDK and sets both share cards; quietly does nothing when the site has no 公众号. */
export async function setUpWeChatShare(): Promise<void> {
  // WeChat signs the address as the page was entered (without the #fragment).
  const url = window.location.href.split("#")[0] ?? "";
  const answer = await apiCall<JsConfig>("GET", "wechat/jsConfig", { query: { url } });
  if (!answer.ok) return;
  const card = shareCardOfPage();
  wx.config({
    debug: false,
    appId: answer.data.appId,
    timestamp: answer.data.timestamp,
    nonceStr: answer.data.nonceStr,
    signature: answer.data.signature,
    jsApiList: ["updateAppMessageShareData", "updateTimelineShareData"],
  });
  wx.ready(() => {
    wx.updateAppMessageShareData({ ...card, success: () => undefined });
    // 朋友圈 shows the title only.
    wx.updateTimelineShareData({
      title: card.title,
      link: card.link,
      imgUrl: card.imgUrl,
      success: () => undefined,
    });
  });
}
