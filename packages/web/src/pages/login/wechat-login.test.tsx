import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../../app.tsx";
import { useSessionStore } from "../../stores/session-store.ts";
import { LoginPage } from "./index.tsx";

const user = {
  avatar: "",
  headImg: "",
  nickName: "微信用户",
  phone: "13900000009",
  vipLevel: 0,
  vipStopTime: "",
  isTemplate: 0,
  role: "user",
};

/** The server as /Loginone sees it; answers what `wechat/options` says, records every call with its body. */
function stubServer(options: { scanLogin: boolean; inWeChatLogin: boolean }) {
  const calls: { path: string; body: Record<string, string> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
      const body = Object.fromEntries(new URLSearchParams(String(init?.body ?? "")));
      calls.push({ path, body });
      const json = (data: unknown) =>
        new Response(JSON.stringify({ code: 200, msg: "操作成功", data }), {
          headers: { "Content-Type": "application/json" },
        });
      if (path === "wechat/options") return json(options);
      if (path === "wechat/authorize") return json({ url: "http://127.0.0.1:1/connect/qrconnect?state=s" });
      if (path === "wechat/ticketLogin") return json({ token: "tok-wx", userInfo: user });
      return new Response(JSON.stringify({ code: 404, msg: "接口不存在", data: null }));
    }),
  );
  return calls;
}

function renderLogin(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/Loginone", element: <LoginPage /> },
      { path: "/dc/dclist", element: <p>项目列表</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clearAll();
});

const slow = { timeout: 15_000 };

describe("/Loginone · 微信登录", { timeout: 60_000 }, () => {
  it("draws the tab bar once the sign-ins on offer are known, so no tab moves under a pointer", async () => {
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    stubServer({ scanLogin: true, inWeChatLogin: false });
    const served = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (String(url).includes("wechat/options")) await answered;
      return (served as NonNullable<typeof served>)(url, init);
    });
    renderLogin("/Loginone");
    const asked = () => vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes("wechat/options"));
    await waitFor(() => expect(asked()).toBe(true), slow);
    expect(await screen.findByText("正在加载登录方式…", {}, slow)).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
    answer?.();
    await screen.findByRole("tab", { name: "微信登录" }, slow);
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "验证码登录",
      "密码登录",
      "微信登录",
    ]);
  });

  it("shows no WeChat option when the site has none configured", async () => {
    const calls = stubServer({ scanLogin: false, inWeChatLogin: false });
    renderLogin("/Loginone");
    await waitFor(() => expect(calls.map((c) => c.path)).toContain("wechat/options"), slow);
    await screen.findByRole("tab", { name: "密码登录" }, slow);
    expect(screen.queryByRole("tab", { name: "微信登录" })).toBeNull();
    expect(screen.queryByTestId("wechat-one-tap")).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain("wechat/authorize");
  });

  it("keeps the field ids of the SMS and password forms apart (labels and autofill find their own field)", async () => {
    stubServer({ scanLogin: false, inWeChatLogin: false });
    renderLogin("/Loginone");
    fireEvent.click(await screen.findByRole("tab", { name: "密码登录" }, slow));
    fireEvent.click(await screen.findByRole("tab", { name: "验证码登录" }, slow));
    await screen.findAllByPlaceholderText("请输入手机号", {}, slow);
    const ids = [...document.querySelectorAll("input[id]")].map((input) => input.id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("shows WeChat's QR page in a frame on a computer when scan login is configured", async () => {
    const calls = stubServer({ scanLogin: true, inWeChatLogin: true });
    renderLogin("/Loginone?redirect=%2Fdc%2Ftemplate");
    fireEvent.click(await screen.findByRole("tab", { name: "微信登录" }, slow));
    const frame = (await screen.findByTestId("wechat-qr-frame", {}, slow)) as HTMLIFrameElement;
    expect(frame.src).toBe("http://127.0.0.1:1/connect/qrconnect?state=s");
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin allow-top-navigation");
    expect(calls.find((c) => c.path === "wechat/authorize")?.body).toEqual({
      purpose: "login",
      app: "website",
      returnTo: "/dc/template",
    });
    // Outside WeChat's browser there is no one-tap button.
    expect(screen.queryByTestId("wechat-one-tap")).toBeNull();
  });

  it("exchanges a login ticket once, takes it out of the address and signs in", async () => {
    const calls = stubServer({ scanLogin: true, inWeChatLogin: false });
    const router = renderLogin("/Loginone?wxticket=ticket-0123456789abcdefghij");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dc/dclist"), slow);
    const exchanges = calls.filter((c) => c.path === "wechat/ticketLogin");
    expect(exchanges).toEqual([
      { path: "wechat/ticketLogin", body: { ticket: "ticket-0123456789abcdefghij" } },
    ]);
    expect(useSessionStore.getState().token).toBe("tok-wx");
  });

  it("shows the callback's error in Chinese, and ignores keys it does not know", async () => {
    stubServer({ scanLogin: true, inWeChatLogin: false });
    const router = renderLogin("/Loginone?wxerror=wechatBoundToOther");
    expect((await screen.findByTestId("wechat-error", {}, slow)).textContent).toBe(
      "该微信已绑定其他账号，请先登录那个账号并在个人中心解绑",
    );
    await waitFor(() => expect(router.state.location.search).toBe(""), slow);
    cleanup();
    renderLogin("/Loginone?wxerror=serverError");
    await screen.findByRole("tab", { name: "密码登录" }, slow);
    expect(screen.queryByTestId("wechat-error")).toBeNull();
  });
});
