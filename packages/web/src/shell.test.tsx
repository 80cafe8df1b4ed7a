import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerNavigate, registerReload } from "./api/feedback.ts";
import { App } from "./app.tsx";
import { routes } from "./router.tsx";
import { useSessionStore } from "./stores/session-store.ts";
import { useUserStore } from "./stores/user-store.ts";

const vip2 = {
  avatar: "",
  headImg: "",
  nickName: "演示会员",
  phone: "13900000002",
  vipLevel: 2,
  vipStopTime: "2027-11-22 08:00:00",
  isTemplate: 0,
  role: "user",
};

const calls: string[] = [];
const problems: string[] = [];

function stubApi(answers: Record<string, unknown>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
      calls.push(path);
      const body = answers[path] ?? { code: 404, msg: "接口不存在", data: null };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerNavigate((to) => void router.navigate(to));
  render(<App router={router} />);
  return router;
}

beforeEach(() => {
  calls.length = 0;
  problems.length = 0;
  useSessionStore.getState().clearAll();
  useUserStore.getState().clear();
  // React and antd report misuse (deprecated props, bad nesting) through console in development.
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) =>
    problems.push(args.map(String).join(" ")),
  );
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) =>
    problems.push(args.map(String).join(" ")),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(problems).toEqual([]);
});

describe("web shell", () => {
  it("the guard sends a visitor from a protected route to the login screen", async () => {
    stubApi({});
    const router = renderAt("/dc/creatDc");
    expect(await screen.findByTestId("login-page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/Loginone");
    expect(router.state.location.search).toBe("?redirect=%2Fdc%2FcreatDc");
  });

  it("login is refused without the agreement and nothing is sent", async () => {
    stubApi({});
    renderAt("/Loginone");
    fireEvent.click(await screen.findByRole("tab", { name: "密码登录" }));
    const form = await screen.findByTestId("password-login-form");
    fireEvent.change(form.querySelector("input[placeholder='请输入手机号']") as Element, {
      target: { value: "13900000001" },
    });
    fireEvent.change(form.querySelector("input[placeholder='请输入密码']") as Element, {
      target: { value: "demo1234" },
    });
    fireEvent.submit(form);
    expect((await screen.findByTestId("agreement-error")).textContent).toBe(
      "请先阅读并勾选同意《用户协议》和《隐私政策》",
    );
    expect(calls).not.toContain("user/login");
  });

  it("loads the user at start and shows the badge and expiry in the hover panel", async () => {
    useSessionStore.getState().setToken("t-1");
    stubApi({ "user/getUserInfo": { code: 200, msg: "ok", data: vip2 } });
    renderAt("/dc/dclist");
    const avatar = await screen.findByTestId("header-avatar");
    await waitFor(() => expect(avatar.textContent).toContain("13900000002"));
    await act(async () => {
      fireEvent.mouseEnter(avatar);
    });
    const badge = await screen.findByTestId("vip-badge");
    expect(badge.getAttribute("data-level")).toBe("2");
    expect(badge.textContent).toBe("铂金会员");
    expect(screen.getByTestId("vip-expiry").textContent).toBe("2027-11-22到期");
    expect(localStorage.getItem("userName")).toBe("演示会员");
    expect(localStorage.getItem("isTemplate")).toBe("0");
  });

  it("a failed user-info load empties the record and sends the user to /Loginone", async () => {
    useSessionStore.getState().setToken("dead");
    stubApi({ "user/getUserInfo": { code: 303, msg: "登录失效，请重新登录", data: null } });
    const router = renderAt("/dc/template");
    expect(await screen.findByTestId("login-page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/Loginone");
    expect(useUserStore.getState().userInfo).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("a stale token does not throw a visitor of the public site onto the login page", async () => {
    useSessionStore.getState().setToken("dead");
    stubApi({
      "user/getUserInfo": { code: 303, msg: "登录失效，请重新登录", data: null },
      "navigation/getFooterInfo": { code: 404, msg: "x", data: null },
    });
    const router = renderAt("/website/home");
    expect(await screen.findByTestId("website-home")).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem("token")).toBeNull());
    expect(router.state.location.pathname).toBe("/website/home");
  });

  it("fromType=2 in the query hides the header and is remembered", async () => {
    stubApi({});
    renderAt("/dc/dclist?fromType=2");
    expect(await screen.findByTestId("dclist-page")).toBeTruthy();
    expect(screen.queryByTestId("app-header")).toBeNull();
    expect(localStorage.getItem("fromType")).toBe("2");
  });

  it("a partner's requestParam without a token is exchanged for a session, then the page reloads", async () => {
    const reload = vi.fn();
    registerReload(reload);
    stubApi({
      "user/getUserInfo": { code: 202, msg: "请先通过来源平台登录", data: null },
      "user/fromOtherLogin": { code: 200, msg: "ok", data: { token: "partner-token", isTemplate: 1 } },
    });
    const router = renderAt("/dc/dclist?fromType=2&requestParam=payload.sig");
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem("token")).toBe("partner-token");
    expect(localStorage.getItem("isTemplate")).toBe("1");
    expect(localStorage.getItem("requestParam")).toBe("payload.sig");
    // The credential left the address bar; the page stayed where the partner sent the user.
    expect(router.state.location.pathname).toBe("/dc/dclist");
    expect(router.state.location.search).toBe("?fromType=2");
  });
});
