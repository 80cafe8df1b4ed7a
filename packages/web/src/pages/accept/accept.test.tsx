import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { InviteState, TeamInviteInfo } from "@wjgj/core";
import { beforeEach, describe, expect, it } from "vitest";
import { useSessionStore } from "../../stores/session-store.ts";
import { ApiFailure, fakeApiForEachTest, renderRoute } from "../../testing/route-harness.tsx";

/** /accept answers each state of agreeTeamInfo with its own Chinese page, and never 即将上线. */
let inviteState: InviteState = "ok";
let inviteMissing = false;

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

const requests = fakeApiForEachTest({
  "user/getUserInfo": { nickName: "李同事", phone: "13900000001", isTemplate: 0, role: "user" },
  "queationaryTeam/agreeTeamInfo": () => (inviteMissing ? new ApiFailure(404, "邀请不存在") : inviteInfo()),
  "queationaryTeam/agreeTeam": { questionnaireId: 7, role: "editor" },
  "queationaryTeam/getShareProjectTeamList": { list: [], total: 0, pageNum: 1, pageSize: 10 },
});

beforeEach(() => {
  inviteState = "ok";
  inviteMissing = false;
});

function open(path = "/accept?code=abcdefghijklmnopqrstuvwx") {
  return renderRoute(path);
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
