import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { InviteState, TeamInviteInfo } from "@wjgj/core";
import { createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../../app.tsx";
import { routes } from "../../router.tsx";
import { useSessionStore } from "../../stores/session-store.ts";
import { useUserStore } from "../../stores/user-store.ts";

/** /accept answers each state of agreeTeamInfo with its own Chinese page, and never 即将上线. */
let inviteState: InviteState = "ok";
let inviteMissing = false;
const requests: string[] = [];

function inviteInfo(): TeamInviteInfo {
  return {
    state: inviteState,
    questionnaire: { id: 7, title: "课堂反馈" },
    inviter: { nickName: "张老师" },
    role: "editor",
    roleName: "编辑",
    expiresAt: "2026-12-01 10:00:00",
    needLogin: !useSessionStore.getState().token,
  };
}

beforeEach(() => {
  inviteState = "ok";
  inviteMissing = false;
  requests.length = 0;
  useSessionStore.getState().clearAll();
  useUserStore.getState().clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requests.push(url);
      const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
      const data: Record<string, unknown> = {
        "user/getUserInfo": { nickName: "李同事", phone: "13900000001", isTemplate: 0, role: "user" },
        "queationaryTeam/agreeTeam": { questionnaireId: 7, role: "editor" },
        "queationaryTeam/getShareProjectTeamList": { list: [], total: 0, pageNum: 1, pageSize: 10 },
      };
      if (path === "queationaryTeam/agreeTeamInfo") {
        const body = inviteMissing
          ? { code: 404, msg: "邀请不存在", data: null }
          : { code: 200, msg: "操作成功", data: inviteInfo() };
        return new Response(JSON.stringify(body), { status: 200 });
      }
      const body =
        path in data ? { code: 200, msg: "操作成功", data: data[path] } : { code: 404, msg: "x", data: null };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(path = "/accept?code=abcdefghijklmnopqrstuvwx") {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App router={router} />);
  return router;
}

describe("/accept", { timeout: 60_000 }, () => {
  it("shows the project, the inviter and the role to a visitor, and sends them to log in and back", async () => {
    const router = open();
    expect(await screen.findByText("张老师 邀请您加入问卷项目", {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText("课堂反馈")).toBeTruthy();
    expect(screen.getByText("编辑")).toBeTruthy();
    expect(screen.queryByText("即将上线")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "登录后接受邀请" }));
    await waitFor(() => expect(router.state.location.pathname.toLowerCase()).toBe("/loginone"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe(
      "/accept?code=abcdefghijklmnopqrstuvwx",
    );
  });

  it("lets a logged-in invitee accept and lands on 共享给我的", async () => {
    useSessionStore.getState().setToken("t");
    const router = open();
    fireEvent.click(await screen.findByRole("button", { name: "接受邀请" }, { timeout: 20_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dc/dclist"));
    expect(router.state.location.search).toBe("?tab=shared");
    expect(requests.some((u) => u.includes("queationaryTeam/agreeTeam") && !u.includes("Info"))).toBe(true);
  });

  const refused: [InviteState, string][] = [
    ["expired", "邀请已过期"],
    ["revoked", "邀请已被撤销"],
    ["usedUp", "邀请名额已用完"],
    ["member", "您已是团队成员"],
    ["notForYou", "该邀请不是发给您的"],
  ];
  for (const [state, title] of refused) {
    it(`gives a ${state} invitation its own page: ${title}`, async () => {
      inviteState = state;
      open();
      expect(await screen.findByText(title, {}, { timeout: 20_000 })).toBeTruthy();
      expect(screen.queryByRole("button", { name: /接受邀请/ })).toBeNull();
      expect(screen.queryByText("即将上线")).toBeNull();
    });
  }

  it("says a missing or unknown code is an invalid link", async () => {
    inviteMissing = true;
    open();
    expect(await screen.findByText("邀请链接无效", {}, { timeout: 20_000 })).toBeTruthy();
  });
});
