import { fireEvent, render, screen } from "@testing-library/react";
import type { QuestionarySummary } from "@wjgj/core";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildQuestionarySummary } from "../../../testing/questionary-fixtures.ts";
import { type CardActions, QuestionaryCard } from "./questionary-card.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

const item = (overrides: Partial<QuestionarySummary>) =>
  buildQuestionarySummary({
    statusName: "收集中",
    questionCount: 5,
    version: 2,
    takenDown: true,
    ...overrides,
  });

const actions = new Proxy({} as CardActions, { get: () => vi.fn() });

function card(summary: QuestionarySummary) {
  render(
    <MemoryRouter>
      <QuestionaryCard item={summary} actions={actions} />
    </MemoryRouter>,
  );
}

// 我的问卷 lists every kind: an untitled exam is 未命名考试, and its take-down notice names the exam.
describe("a card names its questionnaire by kind", () => {
  it("says 考试 for an exam and 问卷 for a survey", async () => {
    card(item({ kind: "exam", kindName: "在线考试" }));
    expect(screen.getByRole("link", { name: "未命名考试" })).toBeTruthy();
    fireEvent.mouseEnter(screen.getByText("已下架"));
    expect(
      await screen.findByText(
        "该考试已被管理员下架：答题者无法填写，恢复前不能重新发布。如有疑问请联系客服。",
      ),
    ).toBeTruthy();
    document.body.innerHTML = "";
    card(item({}));
    expect(screen.getByRole("link", { name: "未命名问卷" })).toBeTruthy();
  });
});
