import { fireEvent, screen, waitFor } from "@testing-library/react";
import { buildSurvey, choice, text } from "@wjgj/core/survey/testing/build";
import { describe, expect, it } from "vitest";
import { useSessionStore } from "../../stores/session-store.ts";
import { fakeApiForEachTest, renderRoute } from "../../testing/route-harness.tsx";
import { buildTemplateCard } from "../../testing/template-fixtures.ts";

const definition = buildSurvey(
  [
    choice("q1", ["y", "n"], { title: "您是否参加过消防演练？" }),
    text("q2", {
      title: "请描述演练的内容",
      showIf: { kind: "selected", questionId: "q1", optionIds: ["y"], match: "any" },
    }),
  ],
  { title: "消防安全调查" },
);

const detail = {
  ...buildTemplateCard({
    id: 5,
    title: "消防安全调查",
    description: "了解员工的消防安全意识",
    professionId: 2,
    professionName: "企业人事",
    tags: ["安全"],
    questionCount: 2,
    useCount: 31,
  }),
  definition,
  editable: false,
};

const requests = fakeApiForEachTest({
  "user/getUserInfo": { nickName: "李老师", phone: "13900000001", isTemplate: 0, role: "user" },
  "template/getTemplateDetail": detail,
  "navigation/quoteTemplate": { id: 88, title: "消防安全调查" },
});

describe("模板预览 /questionnaireDetails", { timeout: 60_000 }, () => {
  it("shows the whole template read-only with its facts, and 使用此模板 opens the designer on the copy", async () => {
    useSessionStore.getState().setToken("t");
    const router = renderRoute("/questionnaireDetails?id=5");

    // The page's own heading, and the survey's title as respondents see it in the preview, which loads after it.
    await screen.findByRole("group", { name: "模板题目（只读预览）" }, { timeout: 20_000 });
    expect(screen.getAllByRole("heading", { name: "消防安全调查" })).toHaveLength(2);
    expect(screen.getByText("了解员工的消防安全意识")).toBeTruthy();
    expect(screen.getByText("问卷调查")).toBeTruthy();
    expect(screen.getByText("2 题")).toBeTruthy();
    expect(screen.getByText("31 次")).toBeTruthy();
    expect(screen.queryByText("即将上线")).toBeNull();
    // Both questions, the one logic reveals later included, and none of them can be answered.
    expect(screen.getByText("您是否参加过消防演练？")).toBeTruthy();
    expect(screen.getByText("请描述演练的内容")).toBeTruthy();
    expect(screen.getByText("满足条件时显示")).toBeTruthy();
    expect(screen.getByRole("group", { name: "模板题目（只读预览）" }).hasAttribute("disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "提交" })).toBeNull();

    fireEvent.click(screen.getByText("手机"));
    await waitFor(() => expect(document.querySelector(".wa-preview-phone")).not.toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "使用此模板" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dc/dcDesign"));
    expect(router.state.location.search).toBe("?id=88");
    expect(requests.some((u) => u.includes("navigation/quoteTemplate"))).toBe(true);
  });

  it("sends a visitor without a session to log in, to come back to the same template", async () => {
    const router = renderRoute("/questionnaireDetails?id=5");
    await waitFor(() => expect(router.state.location.pathname.toLowerCase()).toBe("/loginone"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe(
      "/questionnaireDetails?id=5",
    );
  });
});
