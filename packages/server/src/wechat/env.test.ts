import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";

const base = { DATA_DIR: "/tmp/wjgj-config-test", LOG_LEVEL: "silent" };

describe("WeChat configuration", () => {
  it("is off without its variables", () => {
    const { wechat } = loadConfig(base);
    expect(wechat.officialAccount).toBeUndefined();
    expect(wechat.website).toBeUndefined();
    expect(wechat.openBase).toBe("https://open.weixin.qq.com");
  });

  it("takes both pairs and the authorisation host", () => {
    const { wechat } = loadConfig({
      ...base,
      WECHAT_OA_APPID: "wxoa",
      WECHAT_OA_SECRET: "oa-secret",
      WECHAT_OPEN_APPID: "wxweb",
      WECHAT_OPEN_SECRET: "web-secret",
      WECHAT_OPEN_BASE: "http://127.0.0.1:9999/",
    });
    expect(wechat.officialAccount).toEqual({ appId: "wxoa", appSecret: "oa-secret" });
    expect(wechat.website).toEqual({ appId: "wxweb", appSecret: "web-secret" });
    expect(wechat.openBase).toBe("http://127.0.0.1:9999");
  });

  it("refuses to start half-configured, naming what is missing", () => {
    expect(() => loadConfig({ ...base, WECHAT_OPEN_APPID: "wxweb" })).toThrow(
      "微信开放平台网站应用配置不完整，缺少环境变量：WECHAT_OPEN_SECRET",
    );
    expect(() => loadConfig({ ...base, WECHAT_OA_SECRET: "oa-secret" })).toThrow(
      "微信公众号配置不完整，缺少环境变量：WECHAT_OA_APPID",
    );
  });
});
