import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useSessionStore } from "../../stores/session-store.ts";
import { buildQuestionarySummary } from "../../testing/questionary-fixtures.ts";
import { ApiFailure, fakeApiForEachTest, renderRoute } from "../../testing/route-harness.tsx";

const summary = (id: number, title: string, kind: "exam" | "survey", kindName: string) =>
  buildQuestionarySummary({ id, title, kind, kindName });
const NOTHING = "这份问卷中没有可加入题库的题目（需设置正确答案的单选、多选、判断或填空题）";

let banks: { id: number; name: string; practicePublicId: null; questionCount: number; updatedAt: string }[] =
  [];
fakeApiForEachTest({
  "user/getUserInfo": { nickName: "李老师", phone: "13900000002", isTemplate: 0, role: "user" },
  "questionBank/getBankList": () => banks,
  "questionBank/getBankQuestionList": [],
  "questionBank/getBankTags": [],
  "questionary/getQuestionaryList": (url: string) => {
    const all = [
      summary(7, "消防安全期末考试", "exam", "在线考试"),
      summary(8, "员工满意度调查", "survey", "满意度调查"),
    ];
    const title = new URL(url, "http://x").searchParams.get("title") ?? "";
    const list = all.filter((item) => item.title.includes(title));
    return { list, total: list.length, pageNum: 1, pageSize: 50 };
  },
  "questionBank/addBankFromQuestionary": () => {
    const body = new URLSearchParams(
      String(lastCall("questionBank/addBankFromQuestionary")?.[1]?.body ?? ""),
    );
    if (body.get("questionaryId") === "8")
      return new ApiFailure(400, NOTHING, { errors: [{ field: "questionaryId", message: NOTHING }] });
    const bank = {
      id: 31,
      name: body.get("name") ?? "",
      practicePublicId: null,
      questionCount: 9,
      updatedAt: "",
    };
    banks = [bank];
    return bank;
  },
});

const lastCall = (path: string) =>
  vi.mocked(fetch).mock.calls.findLast(([url]) => String(url).includes(path));

/** The titles the questionnaire list was asked for. */
const listedTitles = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => String(url).includes("questionary/getQuestionaryList"))
    .map(([url]) => new URL(String(url), "http://x").searchParams.get("title"));

/** Opens the questionnaire picker and chooses the option titled `title` (typing part of it first). */
async function choose(dialog: HTMLElement, typed: string, title: string) {
  const picker = within(dialog).getByRole("combobox");
  fireEvent.mouseDown(picker.closest(".ant-select") as HTMLElement);
  fireEvent.change(picker, { target: { value: typed } });
  // Typing asks the server for matching titles once it pauses.
  await waitFor(() => expect(listedTitles()).toContain(typed));
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>(".ant-select-item-option")).find(
      (node) => node.getAttribute("title") === title,
    );
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  // Screen readers hear the option by its title, kind and size (antd reads a non-text label as the id).
  expect(document.querySelector(`[role="option"][aria-label^="${title}（"]`)).not.toBeNull();
  fireEvent.click(option);
}

describe("我的题库 · 从问卷导入", { timeout: 60_000 }, () => {
  it("makes a bank of a chosen questionnaire, named after it, and opens it; a questionnaire with nothing to take is refused under the picker", async () => {
    banks = [];
    useSessionStore.getState().setToken("t");
    renderRoute("/dc/questionBank");
    fireEvent.click(await screen.findByRole("button", { name: "从问卷导入" }, { timeout: 20_000 }));
    const dialog = await screen.findByRole("dialog", { name: "从问卷导入题目" });

    // A survey without keyed questions: the refusal stands under the picker and the dialog stays.
    await choose(dialog, "满意度", "员工满意度调查");
    expect(within(dialog).getByLabelText("题库名称")).toHaveProperty("value", "员工满意度调查");
    fireEvent.click(within(dialog).getByRole("button", { name: "导入" }));
    expect(await within(dialog).findByText(NOTHING)).toBeTruthy();

    // Another choice: the name filled in follows it; a name typed by hand stays through the next choices.
    await choose(dialog, "消防", "消防安全期末考试");
    expect(within(dialog).getByLabelText("题库名称")).toHaveProperty("value", "消防安全期末考试");
    fireEvent.change(within(dialog).getByLabelText("题库名称"), { target: { value: "消防题库" } });
    await choose(dialog, "满意度", "员工满意度调查");
    await choose(dialog, "消防", "消防安全期末考试");
    expect(within(dialog).getByLabelText("题库名称")).toHaveProperty("value", "消防题库");

    // The bank is made, announced with its size, listed and opened.
    fireEvent.click(within(dialog).getByRole("button", { name: "导入" }));
    expect(await screen.findByText("已建立题库「消防题库」，共 9 道题")).toBeTruthy();
    const sent = new URLSearchParams(String(lastCall("questionBank/addBankFromQuestionary")?.[1]?.body));
    expect([sent.get("questionaryId"), sent.get("name")]).toEqual(["7", "消防题库"]);
    expect(await screen.findByRole("cell", { name: "9" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "从问卷导入题目" })).toBeNull());
    expect(await screen.findByRole("dialog", { name: /消防题库/ })).toBeTruthy();
  });
});

describe("我的问卷 · 存入题库", { timeout: 60_000 }, () => {
  it("opens 从问卷导入 on the bank page with the card's exam chosen and named, once", async () => {
    banks = [];
    useSessionStore.getState().setToken("t");
    const router = renderRoute("/dc/dcList");
    const cards = await screen.findAllByTestId("questionary-card", {}, { timeout: 20_000 });
    const exam = cards.find((card) => card.textContent?.includes("消防安全期末考试")) as HTMLElement;
    const survey = cards.find((card) => card.textContent?.includes("员工满意度调查")) as HTMLElement;
    // Only what can be graded has questions a bank takes.
    expect(within(survey).queryByRole("button", { name: /存入题库/ })).toBeNull();
    fireEvent.click(within(exam).getByRole("button", { name: /存入题库/ }));

    const dialog = await screen.findByRole("dialog", { name: "从问卷导入题目" }, { timeout: 20_000 });
    expect(router.state.location.pathname).toBe("/dc/questionBank");
    expect(within(dialog).getByLabelText("题库名称")).toHaveProperty("value", "消防安全期末考试");
    expect(dialog.querySelector(".ant-select-content-has-value")?.getAttribute("title")).toBe(
      "消防安全期末考试",
    );
    // The hand-over is read once: the history entry no longer carries it.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    fireEvent.click(within(dialog).getByRole("button", { name: "导入" }));
    expect(await screen.findByText("已建立题库「消防安全期末考试」，共 9 道题")).toBeTruthy();
    const sent = new URLSearchParams(String(lastCall("questionBank/addBankFromQuestionary")?.[1]?.body));
    expect([sent.get("questionaryId"), sent.get("name")]).toEqual(["7", "消防安全期末考试"]);
  });
});
