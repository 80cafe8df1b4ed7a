import { describe, expect, it } from "vitest";
import { decideRequestAction, httpStatusMessage, parseEnvelope } from "./request-outcome.ts";

const body = (code: number, data: unknown = null, msg = "消息") => ({
  kind: "response" as const,
  status: 200,
  body: { code, msg, data },
});

describe("decideRequestAction (seed §8)", () => {
  it("resolves body code 200 with its data", () => {
    expect(decideRequestAction(body(200, { a: 1 }))).toEqual({ type: "resolve", data: { a: 1 } });
  });

  it("turns body code 303 into the login-expired flow", () => {
    expect(decideRequestAction(body(303, null, "登录失效，请重新登录"))).toEqual({
      type: "loginExpired",
      code: 303,
      msg: "登录失效，请重新登录",
    });
  });

  it("turns body code 403 and HTTP 403 into the permission box", () => {
    expect(decideRequestAction(body(403)).type).toBe("forbidden");
    expect(decideRequestAction({ kind: "response", status: 403, body: "Forbidden" })).toEqual({
      type: "forbidden",
      code: 403,
      msg: "账号没有相关操作权限",
    });
  });

  it("turns body code 202 into the other-platform login", () => {
    expect(decideRequestAction(body(202)).type).toBe("otherLogin");
  });

  it("toasts network errors and timeouts with the catalogue wording", () => {
    expect(decideRequestAction({ kind: "network" })).toMatchObject({
      type: "toast",
      toast: "后端接口连接异常",
    });
    expect(decideRequestAction({ kind: "timeout" })).toMatchObject({
      type: "toast",
      toast: "系统接口请求超时",
    });
  });

  it("toasts login expiry for HTTP 303 without navigating", () => {
    expect(decideRequestAction({ kind: "response", status: 303, body: null })).toEqual({
      type: "toast",
      code: 303,
      msg: "登录失效，请重新登录",
      toast: "登录失效，请重新登录",
    });
  });

  it("toasts 系统接口<status>异常 for other HTTP statuses and keeps an envelope's msg", () => {
    expect(decideRequestAction({ kind: "response", status: 502, body: "<html>" })).toEqual({
      type: "toast",
      code: 502,
      msg: "系统接口502异常",
      toast: "系统接口502异常",
    });
    expect(
      decideRequestAction({
        kind: "response",
        status: 413,
        body: { code: 413, msg: "提交的内容过大", data: null },
      }),
    ).toEqual({ type: "toast", code: 413, msg: "提交的内容过大", toast: "系统接口413异常" });
  });

  it("toasts an HTTP 200 whose body is not an envelope", () => {
    expect(decideRequestAction({ kind: "response", status: 200, body: "<!doctype html>" })).toMatchObject({
      type: "toast",
      toast: "系统接口200异常",
    });
  });

  it("rejects other body codes with code, msg and data for the caller", () => {
    const errors = [{ field: "phone", message: "请输入正确的11位手机号" }];
    for (const code of [400, 404, 409, 429, 500]) {
      expect(decideRequestAction(body(code, { errors }, "错误"))).toEqual({
        type: "reject",
        code,
        msg: "错误",
        data: { errors },
      });
    }
  });

  it("falls back to a catalogue message when a rejected body has no msg", () => {
    expect(decideRequestAction(body(500, null, ""))).toMatchObject({
      type: "reject",
      msg: "服务器开小差了，请稍后再试",
    });
  });

  it("leaves a body 303 to the caller when asked", () => {
    expect(decideRequestAction(body(303), { quietLoginExpired: true })).toEqual({
      type: "reject",
      code: 303,
      msg: "消息",
      data: null,
    });
    // Only 303 is quieted: a 403 still shows the box.
    expect(decideRequestAction(body(403), { quietLoginExpired: true }).type).toBe("forbidden");
  });

  it("leaves a 403 to the caller when asked, and nothing else", () => {
    for (const outcome of [body(403), { kind: "response" as const, status: 403, body: "no" }])
      expect(decideRequestAction(outcome, { quietForbidden: true })).toMatchObject({
        type: "reject",
        code: 403,
      });
    // A dead session still goes to the login page; a transport failure still toasts.
    expect(decideRequestAction(body(303), { quietForbidden: true }).type).toBe("loginExpired");
    expect(decideRequestAction({ kind: "network" }, { quietForbidden: true }).type).toBe("toast");
  });

  it("has no side-effect action at all when silent", () => {
    for (const outcome of [body(303), body(403), body(202), { kind: "network" as const }]) {
      expect(decideRequestAction(outcome, { silent: true }).type).toBe("reject");
    }
    expect(decideRequestAction(body(200, 1), { silent: true })).toEqual({ type: "resolve", data: 1 });
  });
});

describe("parseEnvelope", () => {
  it("accepts only objects with a numeric code", () => {
    expect(parseEnvelope(null)).toBeNull();
    expect(parseEnvelope({ code: "200" })).toBeNull();
    expect(parseEnvelope({ code: 200 })).toEqual({ code: 200, msg: "", data: null });
  });
});

describe("httpStatusMessage", () => {
  it("formats the catalogue template", () => {
    expect(httpStatusMessage(404)).toBe("系统接口404异常");
  });
});

describe("402 upgrade required", () => {
  it("offers the upgrade page named by the server, and never a page elsewhere", () => {
    const outcome = (data: unknown) => ({
      kind: "response" as const,
      status: 200,
      body: { code: 402, msg: "导出上传文件（附件打包下载）需要开通会员", data },
    });
    expect(decideRequestAction(outcome({ upgradeUrl: "/website/version" }))).toEqual({
      type: "upgrade",
      code: 402,
      msg: "导出上传文件（附件打包下载）需要开通会员",
      upgradeUrl: "/website/version",
    });
    expect(decideRequestAction(outcome({ upgradeUrl: "//evil.example.com" }))).toMatchObject({
      upgradeUrl: "/website/version",
    });
    expect(decideRequestAction(outcome(null), { silent: true })).toMatchObject({ type: "reject", code: 402 });
  });
});
