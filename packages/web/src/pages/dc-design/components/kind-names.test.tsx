import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import type { QuestionnaireKind } from "@wjgj/core";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { uiActions } from "../store/ui-store.ts";
import { editorActions, editorStore } from "../store/use-editor.ts";
import { definitionOf, detailOf, single } from "../testing/fixtures.ts";
import { SurveyHeader } from "./canvas/survey-header.tsx";
import { ConflictBanner } from "./conflict-banner.tsx";
import { DialogHost } from "./dialog-host.tsx";
import { MobileBar } from "./mobile-bar.tsx";

afterEach(() => {
  act(() => uiActions().closeDialog());
  document.body.innerHTML = "";
});

function open(kind: QuestionnaireKind) {
  act(() =>
    editorActions().load(detailOf({ ...definitionOf([single("q1", "性别")]), kind, title: "期末测验" })),
  );
  const draft = editorStore.getState().draft;
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <SurveyHeader title={draft?.title ?? ""} description="" />
        <MobileBar />
        <DialogHost />
        <ConflictBanner />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

// The designer names what it edits by its kind, as the list and the create page do: an exam's title box is
// 考试标题, not 问卷标题.
describe("the designer's words follow the kind", () => {
  it("says 考试 in an exam's designer", async () => {
    open("exam");
    expect(await screen.findByRole("textbox", { name: "考试标题" })).toBeTruthy();
    const description = screen.getByRole("textbox", { name: "考试说明" });
    // The editor puts the placeholder on its empty paragraph.
    expect(description.outerHTML).toContain("添加考试说明，例如考试范围、考试须知（选填）");
    expect(screen.getByRole("button", { name: /编辑考试/ })).toBeTruthy();
    act(() => uiActions().openDialog({ kind: "publishErrors", messages: ["第1题：请填写题目标题"] }));
    expect(await screen.findByText("考试还有问题，暂不能发布")).toBeTruthy();
    expect(screen.queryByText(/问卷/)).toBeNull();
    act(() => uiActions().closeDialog());
    // Another window saved first: the banner names the exam, and 另存为新草稿 makes a draft exam.
    act(() => editorStore.getState().saveConflicted(2));
    const banner = await screen.findByTestId("conflict-banner");
    expect(banner.textContent).toContain("考试已在其他窗口或设备上修改");
    expect(banner.textContent).toContain("另存为新的草稿考试");
    expect(screen.queryByText(/问卷/)).toBeNull();
  });

  it("says 表单 and 投票 for those, and 问卷 for a survey", async () => {
    open("form");
    expect(await screen.findByRole("textbox", { name: "表单标题" })).toBeTruthy();
    document.body.innerHTML = "";
    open("vote");
    expect(await screen.findByRole("textbox", { name: "投票标题" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /编辑投票/ })).toBeTruthy();
    document.body.innerHTML = "";
    open("survey");
    expect(await screen.findByRole("textbox", { name: "问卷标题" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /编辑问卷/ })).toBeTruthy();
  });
});
