import { afterEach, describe, expect, it } from "vitest";
import { h5PayHref, payAuthorizeHref, returnPathWith } from "./wechat-pay.ts";

const ORDER = "20261203120000123456";

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("where a payment in WeChat comes back to", () => {
  it("the wallet page without the purchase that chose the order, with the order and its provider", () => {
    window.history.replaceState(null, "", "/dc/personalCenter?type=2&buy=1&period=year");
    expect(returnPathWith("resumePay", ORDER, "wechat")).toBe(
      `/dc/personalCenter?type=2&resumePay=${ORDER}&via=wechat`,
    );
    expect(payAuthorizeHref(ORDER, "wechat")).toBe(
      `/wjgj/api/wechat/payAuthorize?returnTo=${encodeURIComponent(`/dc/personalCenter?type=2&resumePay=${ORDER}&via=wechat`)}`,
    );
  });

  it("an earlier return's parameters are replaced, not repeated", () => {
    window.history.replaceState(null, "", `/dc/personalCenter?type=3&resumePay=${ORDER}&via=fake`);
    expect(returnPathWith("payReturn", "20261203120000654321")).toBe(
      "/dc/personalCenter?type=3&payReturn=20261203120000654321",
    );
  });

  it("WeChat Pay's H5 page gets an absolute redirect_url back to this page", () => {
    window.history.replaceState(null, "", "/dc/personalCenter?type=2");
    const href = h5PayHref(
      "https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2",
      ORDER,
    );
    const url = new URL(href);
    expect(url.searchParams.get("prepay_id")).toBe("wx1");
    expect(url.searchParams.get("redirect_url")).toBe(
      `${window.location.origin}/dc/personalCenter?type=2&payReturn=${ORDER}`,
    );
  });
});
