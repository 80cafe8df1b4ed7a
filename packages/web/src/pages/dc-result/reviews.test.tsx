import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AnswerSummary, ReviewState } from "@wjgj/core";
import { reviewStateNames } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { detail, listOrder, overview, questionary, summary } from "./testing/fixtures.ts";
import { type ApiCall, button, renderResults, setupResultTests, slow, stubApi } from "./testing/harness.tsx";

/** 审核 (issue #41) in 答卷详情: the state column and filter, 通过 / 拒绝 per row and for the selection. */
const states: Record<number, ReviewState> = { 3: "pending", 2: "rejected", 1: "approved" };

function reviewed(id: number): AnswerSummary {
  const state = states[id] as ReviewState;
  return {
    ...summary(id),
    review: {
      state,
      stateName: reviewStateNames[state],
      reason: state === "rejected" ? "资料不全" : "",
      reviewedAt: state === "pending" ? "" : "2025-01-04 10:00:00",
    },
  };
}

function handlers(review: boolean) {
  return {
    "questionary/getQuestionaryDetail": () => questionary,
    "questionary/getQuestionarySet": () => ({ review: { required: review, note: "您的提交将在审核后生效" } }),
    "statistics/getOverview": () => overview(),
    "answer/getAnswerList": () => ({
      list: listOrder.map((id) => (review ? reviewed(id) : summary(id))),
      total: listOrder.length,
      pageNum: 1,
      pageSize: 20,
    }),
    "answer/approveAnswers": (call: ApiCall) => ({
      changed: (call.body.responseIds as number[]).length,
      skipped: 0,
    }),
    "answer/rejectAnswers": () => ({ changed: 1, skipped: 1 }),
    "answer/getAnswerDetail": (call: ApiCall) => ({
      ...detail(Number(call.body.responseId)),
      answer: reviewed(Number(call.body.responseId)),
    }),
  };
}

const rowOf = async (date: string) => {
  const tab = await screen.findByTestId("answers-tab", {}, slow);
  return (await within(tab).findByText(date, {}, slow)).closest("tr") as HTMLElement;
};

setupResultTests();

describe("答卷审核", { timeout: 60_000 }, () => {
  it("shows each response's state and approves or rejects (with a reason) one row", async () => {
    const calls = stubApi(handlers(true));
    renderResults("?id=7&tab=answers");
    const pending = await rowOf("2025-01-03 09:00:00");
    await within(pending).findByText("待审核", {}, slow);
    const rejected = await rowOf("2025-01-02 09:00:00");
    expect(within(rejected).getByTestId("review-tag").textContent).toBe("未通过");
    // The response's own view says it too, with the reason.
    fireEvent.click(button(within(rejected).getByText("查看")));
    expect((await screen.findByTestId("answer-review-reason", {}, slow)).textContent).toBe("原因：资料不全");
    // A decided row offers only 撤销审核.
    expect(within(rejected).queryByText("通过")).toBeNull();
    expect(within(rejected).getByText("撤销审核")).toBeTruthy();

    fireEvent.click(button(within(pending).getByText("通过")));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "answer/approveAnswers")?.body).toEqual({
        id: 7,
        responseIds: [3],
      }),
    );
    expect(await screen.findByText("1 份答卷已通过")).toBeTruthy();

    fireEvent.click(button(within(pending).getByText("拒绝")));
    const [title] = await screen.findAllByText("拒绝这份答卷", {}, slow);
    const dialog = title?.closest(".ant-modal-container, .ant-modal-content") as HTMLElement;
    // No reason: said in the dialog, nothing sent.
    fireEvent.click(button(within(dialog).getByText("拒绝")));
    expect(await within(dialog).findByText("请填写拒绝原因")).toBeTruthy();
    expect(calls.some((c) => c.path === "answer/rejectAnswers")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("拒绝原因"), { target: { value: " 照片不清晰 " } });
    fireEvent.click(button(within(dialog).getByText("拒绝")));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "answer/rejectAnswers")?.body).toEqual({
        id: 7,
        responseIds: [3],
        reason: "照片不清晰",
      }),
    );
    expect(await screen.findByText("1 份答卷已拒绝；1 份已被其他成员审核，已跳过")).toBeTruthy();
  });

  it("approves, and undoes, the response on show in its own view (答卷详情 drawer)", async () => {
    const calls = stubApi({ ...handlers(true), "answer/undoReview": () => ({ changed: 1, skipped: 0 }) });
    renderResults("?id=7&tab=answers");
    const pending = await rowOf("2025-01-03 09:00:00");
    fireEvent.click(button(within(pending).getByText("查看")));
    await screen.findByTestId("answer-drawer", {}, slow);
    fireEvent.click(button(await screen.findByText("审核通过", {}, slow)));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "answer/approveAnswers")?.body).toEqual({
        id: 7,
        responseIds: [3],
      }),
    );
    expect(await screen.findByText("1 份答卷已通过")).toBeTruthy();
    // A decided response's view offers 撤销审核 instead.
    const rejected = await rowOf("2025-01-02 09:00:00");
    fireEvent.click(button(within(rejected).getByText("查看")));
    await waitFor(() => expect(screen.getByTestId("answer-drawer").getAttribute("data-response")).toBe("2"));
    expect(screen.queryByText("审核通过")).toBeNull();
    const drawer = screen.getByTestId("answer-drawer").closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(button(within(drawer).getByText("撤销审核")));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "answer/undoReview")?.body).toEqual({ id: 7, responseIds: [2] }),
    );
  });

  it("approves the selected rows in bulk and filters the list by state", async () => {
    const calls = stubApi(handlers(true));
    renderResults("?id=7&tab=answers");
    const tab = await screen.findByTestId("answers-tab", {}, slow);
    const bulk = await within(tab).findByText("批量通过", {}, slow);
    expect(button(bulk).disabled).toBe(true);
    for (const date of ["2025-01-03 09:00:00", "2025-01-01 09:00:00"]) {
      const row = await rowOf(date);
      fireEvent.click(row.querySelector("input[type=checkbox]") as HTMLInputElement);
    }
    fireEvent.click(button(bulk));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "answer/approveAnswers")?.body).toEqual({
        id: 7,
        responseIds: [3, 1],
      }),
    );

    const filter = within(tab).getByTestId("review-filter");
    fireEvent.mouseDown(filter.querySelector(".ant-select-selector, .ant-select-content") ?? filter);
    const options = await screen.findAllByText(
      "待审核",
      { selector: ".ant-select-item-option-content" },
      slow,
    );
    fireEvent.click(options[0] as HTMLElement);
    await waitFor(() => {
      const body = calls.filter((c) => c.path === "answer/getAnswerList").at(-1)?.body;
      const filterSent = typeof body?.filter === "string" ? JSON.parse(body.filter) : body?.filter;
      expect(filterSent).toMatchObject({ review: "pending" });
    });
  });

  it("shows nothing of review for a questionnaire without it", async () => {
    stubApi(handlers(false));
    renderResults("?id=7&tab=answers");
    const tab = await screen.findByTestId("answers-tab", {}, slow);
    await within(tab).findByText("2025-01-03 09:00:00", {}, slow);
    expect(within(tab).queryByText("审核状态")).toBeNull();
    expect(within(tab).queryByText("批量通过")).toBeNull();
    expect(within(tab).queryByTestId("review-filter")).toBeNull();
  });
});
