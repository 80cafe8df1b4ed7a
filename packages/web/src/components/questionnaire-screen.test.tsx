import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useSessionStore } from "../stores/session-store.ts";
import { ApiFailure, fakeApiForEachTest, renderRoute } from "../testing/route-harness.tsx";

const requests = fakeApiForEachTest({
  "user/getUserInfo": { nickName: "李老师", phone: "13900000002", isTemplate: 0, role: "user" },
  "questionary/getQuestionaryDetail": new ApiFailure(403, "账号没有相关操作权限"),
});

describe("a creator screen opened on someone else's questionnaire", { timeout: 60_000 }, () => {
  it.each([
    ["奖励设置", "/dc/rewards?id=7"],
    ["预约签到", "/bookingCheckIn?id=7"],
  ])("%s answers 问卷不存在 once, without the 系统提示 box on top", async (_name, path) => {
    useSessionStore.getState().setToken("t");
    renderRoute(path);
    expect(await screen.findByText("问卷不存在", {}, { timeout: 20_000 })).toBeTruthy();
    expect(requests.some((url) => url.includes("questionary/getQuestionaryDetail"))).toBe(true);
    expect(document.body.textContent).not.toContain("系统提示");
    expect(document.body.textContent).not.toContain("账号没有相关操作权限");
  });
});
