import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { coverageMeaning } from "./components/statistics/question-card.tsx";
import { optionOf } from "./testing/fake-echarts.ts";
import { overview, questionary, statistics } from "./testing/fixtures.ts";
import { type ApiCall, button, renderResults, setupResultTests, slow, stubApi } from "./testing/harness.tsx";

const handlers = (total = 3) => ({
  "questionary/getQuestionaryDetail": () => questionary,
  "statistics/getOverview": () => overview(total),
  "statistics/getQuestionStatistics": (call: ApiCall) => statistics(Boolean(call.body.filter)),
  "statistics/getTextAnswers": () => ({
    list: [
      {
        responseId: 3,
        submittedAt: "2025-01-03 09:00:00",
        parts: [{ key: "", label: "", text: "多安排实践课" }],
        files: [],
        signatureUrl: "",
      },
    ],
    total: 1,
    pageNum: 1,
    pageSize: 5,
  }),
});

const statsCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === "statistics/getQuestionStatistics");

setupResultTests();

// antd tables and the lazy dialog render slowly in jsdom on a shared machine.
describe("分题统计", { timeout: 30_000 }, () => {
  it("shows a choice question as 选项/小计/比例 and redraws its chart as 饼图, 条形图 and back to the table", async () => {
    stubApi(handlers());
    renderResults("?id=7&tab=stats");
    const card = await screen.findByTestId("stats-q1", {}, slow);
    const male = within(card).getByText("男").closest("tr") as HTMLElement;
    expect(male.textContent).toContain("2");
    expect(male.textContent).toContain("66.7%");
    expect(within(card).getByText("本题有效填写人次").closest("tr")?.textContent).toContain("3");

    const chart = card.querySelector(".wj-chart") as HTMLElement;
    expect(chart.getAttribute("aria-label")).toBe("您的性别统计图");
    await waitFor(() => expect(optionOf(chart)).toBeDefined());
    expect(optionOf(chart)?.series).toMatchObject([{ type: "bar", data: [2, 1, 0] }]);
    expect(optionOf(chart)?.xAxis).toMatchObject({ type: "category", data: ["男", "女", "其他"] });

    fireEvent.click(within(card).getByText("饼图"));
    await waitFor(() => expect(optionOf(chart)?.series).toMatchObject([{ type: "pie" }]));
    expect(chart.dataset.kind).toBe("pie");

    fireEvent.click(within(card).getByText("条形图"));
    // Horizontal bars: the options run down the category axis, first option on top.
    await waitFor(() =>
      expect(optionOf(chart)?.yAxis).toMatchObject({ type: "category", data: ["其他", "女", "男"] }),
    );

    fireEvent.click(within(card).getByText("表格"));
    await waitFor(() => expect(card.querySelector(".wj-chart")).toBeNull());
    // The other cards kept their own kind.
    expect(screen.getByTestId("stats-q2").querySelector<HTMLElement>(".wj-chart")?.dataset.kind).toBe(
      "column",
    );
  });

  it("lists text answers under their question", async () => {
    stubApi(handlers());
    renderResults("?id=7&tab=stats");
    const card = await screen.findByTestId("stats-q3", {}, slow);
    expect(await within(card).findByText("多安排实践课")).toBeTruthy();
    expect(button(within(card).getByText("查看全部填写内容（1）"))).toBeTruthy();
  });

  it("says an exam without statistic questions has none, in the exam's words", async () => {
    stubApi({
      ...handlers(),
      "questionary/getQuestionaryDetail": () => ({ ...questionary, kind: "exam" }),
      "statistics/getQuestionStatistics": () => ({ ...statistics(false), questions: [] }),
    });
    renderResults("?id=7&tab=stats");
    expect(await screen.findByText("考试中没有可统计的题目", {}, slow)).toBeTruthy();
  });

  it("counts 跳过 (hidden or jumped over by logic) apart from 未作答 beside each question", async () => {
    stubApi(handlers());
    renderResults("?id=7&tab=stats");
    // Of 3 responses to 您的建议: 1 answered, 1 skipped by logic, so 1 saw it and left it empty.
    const coverage = await screen.findByTestId("coverage-q3", {}, slow);
    expect(Array.from(coverage.children).map((child) => child.textContent)).toEqual([
      "有效填写 1 人",
      "未作答 1 人",
      "跳过 1 人",
    ]);
    const complete = screen.getByTestId("coverage-q1");
    expect(complete.textContent).toBe("有效填写 3 人");
    // What each count means is told on a tap (a phone has no hover) and on focus.
    fireEvent.click(within(coverage).getByRole("button", { name: "跳过 1 人" }));
    expect(await screen.findByText(coverageMeaning.skipped)).toBeTruthy();
    fireEvent.focus(within(coverage).getByRole("button", { name: "未作答 1 人" }));
    expect(await screen.findByText(coverageMeaning.empty)).toBeTruthy();
  });

  it("a condition from the logic editor's builder re-queries the statistics; the 已筛选 chip clears it", async () => {
    const calls = stubApi(handlers());
    renderResults("?id=7&tab=stats");
    await screen.findByTestId("stats-q1", {}, slow);
    expect(statsCalls(calls).at(-1)?.body.filter).toBeUndefined();

    fireEvent.click(button(screen.getByText("筛选")));
    const builder = await screen.findByTestId("filter-builder", {}, slow);
    fireEvent.click(button(within(builder).getByText("添加条件")));
    fireEvent.click(button(screen.getByText("应用筛选")));

    await waitFor(() =>
      expect(statsCalls(calls).at(-1)?.body.filter).toEqual({
        condition: { kind: "selected", questionId: "q1", optionIds: ["m"], match: "any" },
      }),
    );
    const chip = await screen.findByTestId("filter-chip");
    expect(chip.textContent).toContain("已筛选：答题条件 1 项");
    expect(await screen.findByText("（已按筛选条件）")).toBeTruthy();
    expect(screen.getByTestId("stats-total").textContent).toBe("2");

    fireEvent.click(chip.querySelector(".ant-tag-close-icon") as Element);
    await waitFor(() => expect(screen.queryByTestId("filter-chip")).toBeNull());
    await waitFor(() => expect(screen.getByTestId("stats-total").textContent).toBe("3"));
    expect(statsCalls(calls).at(-1)?.body.filter).toBeUndefined();
  });

  it("an incomplete condition is explained in the dialog and nothing is sent", async () => {
    const calls = stubApi(handlers());
    renderResults("?id=7&tab=stats");
    await screen.findByTestId("stats-q1", {}, slow);
    const before = statsCalls(calls).length;
    fireEvent.click(button(screen.getByText("筛选")));
    const builder = await screen.findByTestId("filter-builder", {}, slow);
    fireEvent.click(button(within(builder).getByText("添加条件")));
    // Remove the only option of the new condition.
    fireEvent.click(builder.querySelector(".ant-select-selection-item-remove") as Element);
    fireEvent.click(button(screen.getByText("应用筛选")));
    expect(await screen.findByText("请完善筛选条件：选择题目，选择题还需选择选项")).toBeTruthy();
    expect(statsCalls(calls)).toHaveLength(before);
    expect(screen.queryByTestId("filter-chip")).toBeNull();
  });

  it("without any response every tab but 导出 invites to share the questionnaire", async () => {
    stubApi(handlers(0));
    renderResults("?id=7&tab=stats");
    const empty = await screen.findByTestId("results-empty", {}, slow);
    expect(empty.textContent).toContain("暂无答卷");
    expect(button(within(empty).getByText("分享问卷"))).toBeTruthy();
    expect(screen.queryByText("筛选")).toBeNull();
  });
});
