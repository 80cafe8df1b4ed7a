import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { QuestionnaireKind } from "@wjgj/core";
import { App } from "antd";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { uiActions } from "../store/ui-store.ts";
import { editorActions, editorStore } from "../store/use-editor.ts";
import { definitionOf, detailOf, layoutOf, single } from "../testing/fixtures.ts";
import { DialogHost } from "./dialog-host.tsx";
import { PalettePanel } from "./palette-panel.tsx";

const keyed = (id: number, title: string, points: number) => ({
  id,
  tags: [],
  difficulty: 1,
  question: {
    ...single(`b${id}`, title, ["对的", "错的"]),
    scoring: { mode: "single", points },
    explanation: `${title}的解析`,
  },
});
const banks = [
  { id: 3, name: "空题库", practicePublicId: null, questionCount: 0, updatedAt: "" },
  { id: 4, name: "消防题库", practicePublicId: null, questionCount: 3, updatedAt: "" },
];
const bankQuestions = [
  keyed(1, "火警电话是", 4),
  keyed(2, "灭火器压力表指针应在", 2),
  keyed(3, "<b>电器起火</b>先断电", 2),
];

function answer(url: string) {
  const path = url.replace("/wjgj/api/", "").split("?")[0];
  const keyword = new URL(url, "http://x").searchParams.get("keyword") ?? "";
  const data =
    path === "questionBank/getBankList"
      ? banks
      : path === "questionBank/getBankQuestionList"
        ? bankQuestions.filter((item) => item.question.title.includes(keyword))
        : null;
  return new Response(JSON.stringify({ code: data ? 200 : 404, msg: "", data }), { status: 200 });
}

beforeEach(() => {
  // jsdom has no CSS.escape, which scrolling to the added question uses.
  vi.stubGlobal("CSS", { escape: (value: string) => value });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => answer(url)),
  );
});
afterEach(() => {
  act(() => uiActions().closeDialog());
  cleanup();
  vi.unstubAllGlobals();
});

function open(kind: QuestionnaireKind) {
  act(() =>
    editorActions().load(
      detailOf({ ...definitionOf([single("q1", "姓名"), single("q2", "部门")]), kind, title: "消防考试" }),
    ),
  );
  act(() => editorActions().select("q1"));
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <PalettePanel />
          <DialogHost />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe("从题库添加", () => {
  it("is offered to exams and quizzes only", () => {
    open("survey");
    expect(screen.queryByRole("button", { name: "从题库添加" })).toBeNull();
  });

  it("adds copies of the ticked bank questions after the selected question, with points and 解析", async () => {
    open("exam");
    fireEvent.click(screen.getByRole("button", { name: "从题库添加" }));
    const dialog = await screen.findByRole("dialog", { name: "从题库添加题目" });
    // The first bank with questions is open; titles are text, with the type and points beside them.
    const list = await within(dialog).findByTestId("bank-pick-list");
    await waitFor(() => expect(within(list).getAllByRole("checkbox")).toHaveLength(3));
    expect(list.textContent).toContain("电器起火先断电");
    expect(list.textContent).toContain("单选 · 4分");
    const add = within(dialog).getByRole("button", { name: /添\s*加/ });
    expect(add).toHaveProperty("disabled", true);

    // A keyword asks the server; ticks made before stay through a search.
    fireEvent.click(within(list).getByRole("checkbox", { name: /电器起火/ }));
    fireEvent.change(within(dialog).getByRole("searchbox", { name: "搜索题目" }), {
      target: { value: "火警" },
    });
    fireEvent.keyDown(within(dialog).getByRole("searchbox", { name: "搜索题目" }), { key: "Enter" });
    await waitFor(() => expect(within(list).getAllByRole("checkbox")).toHaveLength(1));
    fireEvent.click(within(list).getByRole("checkbox", { name: /火警电话是/ }));
    expect(within(dialog).getByText("已选 2 道题")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "添加 2 道题" }));

    const draft = editorStore.getState().draft;
    if (!draft) throw new Error("no draft");
    // In the order they were ticked, right after the selected question, with fresh ids.
    expect(layoutOf(draft)).toEqual([["q1", "q4", "q5", "q2"]]);
    expect(draft.pages[0]?.questions[1]).toMatchObject({
      title: "<b>电器起火</b>先断电",
      scoring: { points: 2 },
    });
    expect(draft.pages[0]?.questions[2]).toMatchObject({
      title: "火警电话是",
      explanation: "火警电话是的解析",
    });
    expect(editorStore.getState().selectedId).toBe("q5");
    expect(await screen.findByText("已添加 2 道题")).toBeTruthy();
  });
});
