import type { MessageArgsProps, ModalFuncProps } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSessionStore } from "../stores/session-store.ts";
import { ApiError } from "./errors.ts";
import { registerFeedback, registerNavigate, registerReload } from "./feedback.ts";
import { genericHttp, http } from "./request.ts";

interface Sent {
  url: string;
  init: RequestInit;
}

const sent: Sent[] = [];
const toasts: string[] = [];
const boxes: ModalFuncProps[] = [];
const navigations: string[] = [];
let reloads = 0;

function answer(...bodies: unknown[]) {
  const queue = [...bodies];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      const next = queue.shift();
      if (next instanceof Response) return next;
      return new Response(JSON.stringify(next), { status: 200 });
    }),
  );
}

beforeEach(() => {
  sent.length = 0;
  toasts.length = 0;
  boxes.length = 0;
  navigations.length = 0;
  reloads = 0;
  useSessionStore.getState().clearAll();
  registerNavigate((to) => navigations.push(to));
  registerReload(() => {
    reloads += 1;
  });
  registerFeedback({
    message: { open: (config: MessageArgsProps) => toasts.push(String(config.content)) },
    modal: { warning: (config: ModalFuncProps) => boxes.push(config) },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const header = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

describe("request client (seed §7)", () => {
  it("sends GET parameters in the query and fromType 1 by default", async () => {
    answer({ code: 200, msg: "ok", data: { a: 1 } });
    await expect(
      http.get("admin/user/getUserList", { pageNum: 1, phone: "", skip: undefined }),
    ).resolves.toEqual({ a: 1 });
    const [call] = sent;
    expect(call?.url).toBe("/wjgj/api/admin/user/getUserList?pageNum=1&phone=");
    expect(header(call?.init ?? {}, "fromType")).toBe("1");
    expect(header(call?.init ?? {}, "token")).toBeNull();
    expect(header(call?.init ?? {}, "requestParam")).toBeNull();
  });

  it("sends stored token, fromType and requestParam headers", async () => {
    const session = useSessionStore.getState();
    session.setToken("t-1");
    session.setFromType("2");
    session.setRequestParam("rp");
    answer({ code: 200, msg: "ok", data: null });
    await http.get("user/getUserInfo");
    const init = sent[0]?.init ?? {};
    expect([header(init, "token"), header(init, "fromType"), header(init, "requestParam")]).toEqual([
      "t-1",
      "2",
      "rp",
    ]);
  });

  it("posts form-urlencoded by default and JSON when asked", async () => {
    answer({ code: 200, msg: "ok", data: null }, { code: 200, msg: "ok", data: null });
    await http.post("user/login", { phone: "13900000001", password: "a b&c" });
    await http.postJson("anQuestion/questionAnswer", { x: [1] });
    expect(header(sent[0]?.init ?? {}, "Content-Type")).toMatch(/^application\/x-www-form-urlencoded/);
    expect(String(sent[0]?.init.body)).toBe("phone=13900000001&password=a+b%26c");
    expect(header(sent[1]?.init ?? {}, "Content-Type")).toMatch(/^application\/json/);
    expect(sent[1]?.init.body).toBe('{"x":[1]}');
  });
});

describe("request client error flows (seed §8)", () => {
  it("body 303: toast, forget the token, go to /Loginone", async () => {
    useSessionStore.getState().setToken("dead");
    answer({ code: 303, msg: "登录失效，请重新登录", data: null });
    const error = await http.get("user/getUserInfo").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).handled).toBe(true);
    expect(toasts).toEqual(["登录失效，请重新登录"]);
    expect(navigations).toEqual(["/Loginone"]);
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("body 303 stays with the caller when quietLoginExpired", async () => {
    answer({ code: 303, msg: "登录失效，请重新登录", data: null });
    const error = await http
      .get("user/getUserInfo", {}, { quietLoginExpired: true })
      .catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(303);
    expect((error as ApiError).handled).toBe(false);
    expect(toasts).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it("body 403 and HTTP 403: one permission box whose 确认 returns to /", async () => {
    answer({ code: 403, msg: "账号没有相关操作权限", data: null }, new Response("no", { status: 403 }));
    await expect(http.get("admin/user/getUserList")).rejects.toBeInstanceOf(ApiError);
    await expect(http.get("admin/user/getUserList")).rejects.toBeInstanceOf(ApiError);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toMatchObject({ title: "系统提示", content: "账号没有相关操作权限", okText: "确认" });
    void boxes[0]?.onOk?.();
    expect(navigations).toEqual(["/"]);
  });

  it("body 202: logs in through fromOtherLogin, stores token and isTemplate, reloads", async () => {
    useSessionStore.getState().setRequestParam("payload.sig");
    useSessionStore.getState().setFromType("2");
    answer(
      { code: 202, msg: "请先通过来源平台登录", data: null },
      { code: 200, msg: "ok", data: { token: "new", isTemplate: 1 } },
    );
    await expect(http.get("user/getUserInfo")).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(reloads).toBe(1));
    expect(sent[1]?.url).toBe("/wjgj/api/user/fromOtherLogin");
    expect(sent[1]?.init.method).toBe("POST");
    expect(String(sent[1]?.init.body)).toBe("requestParam=payload.sig&fromType=2");
    expect(localStorage.getItem("token")).toBe("new");
    expect(localStorage.getItem("isTemplate")).toBe("1");
  });

  it("body 202 whose other-platform login fails shows the reason, forgets requestParam, does not reload", async () => {
    useSessionStore.getState().setRequestParam("spent.sig");
    answer({ code: 202, msg: "", data: null }, { code: 400, msg: "来源平台登录凭证无效", data: null });
    await expect(http.get("user/getUserInfo")).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(toasts).toEqual(["来源平台登录凭证无效"]));
    expect(reloads).toBe(0);
    expect(localStorage.getItem("requestParam")).toBeNull();
  });

  it("network error toasts 后端接口连接异常", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(http.get("x/y")).rejects.toMatchObject({ message: "后端接口连接异常", handled: true });
    expect(toasts).toEqual(["后端接口连接异常"]);
  });

  it("the main client times out after 600000 ms with 系统接口请求超时; the generic one waits", async () => {
    vi.useFakeTimers();
    let genericAborted = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => {
              genericAborted = true;
              reject(new DOMException("aborted", "AbortError"));
            });
          }),
      ),
    );
    const main = http.get("x/y").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(599_999);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await main) as ApiError).message).toBe("系统接口请求超时");
    expect(toasts).toEqual(["系统接口请求超时"]);

    genericAborted = false;
    void genericHttp.get("x/y");
    await vi.advanceTimersByTimeAsync(5_000_000);
    expect(genericAborted).toBe(false);
  });

  it("HTTP 303 toasts login expiry; other statuses toast 系统接口<status>异常", async () => {
    answer(new Response("", { status: 303 }), new Response("<html>", { status: 502 }));
    await expect(http.get("a/b")).rejects.toBeInstanceOf(ApiError);
    await expect(http.get("a/b")).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(["登录失效，请重新登录", "系统接口502异常"]);
    expect(navigations).toEqual([]);
  });

  it("other body codes reject with code, msg and data and no toast", async () => {
    answer({
      code: 400,
      msg: "请输入正确的11位手机号",
      data: { errors: [{ field: "phone", message: "请输入正确的11位手机号" }] },
    });
    const error = (await http.post("user/sendCode", { phone: "1" }).catch((e: unknown) => e)) as ApiError;
    expect([error.code, error.message, error.handled]).toEqual([400, "请输入正确的11位手机号", false]);
    expect(error.data).toEqual({ errors: [{ field: "phone", message: "请输入正确的11位手机号" }] });
    expect(toasts).toEqual([]);
  });

  it("silent calls have no side effects", async () => {
    answer({ code: 303, msg: "x", data: null });
    await expect(http.post("user/logout", {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect([toasts, navigations, boxes]).toEqual([[], [], []]);
  });
});
