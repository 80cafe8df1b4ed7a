import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CrossAnalysisResult, QuestionStatistics, QuestionStatisticsResult } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { crossCandidates } from "./components/cross-tab.tsx";
import { optionOf } from "./testing/fake-echarts.ts";
import { overview, questionary } from "./testing/fixtures.ts";
import { type ApiCall, renderResults, setupResultTests, slow, stubApi } from "./testing/harness.tsx";

const base = { answered: 3, skipped: 0 };
const questions = [
  {
    ...base,
    family: "choice",
    questionId: "q1",
    type: "single",
    title: "性别",
    number: 1,
    multiple: false,
    otherTextCount: 0,
    options: [],
  },
  {
    ...base,
    family: "choice",
    questionId: "q2",
    type: "multiple",
    title: "爱好",
    number: 2,
    multiple: true,
    otherTextCount: 0,
    options: [],
  },
  { ...base, family: "choice", questionId: "q3", type: "cascader", title: "城市", number: 3, options: [] },
  { ...base, family: "nps", questionId: "q4", type: "nps", title: "推荐度", number: 4 },
  {
    ...base,
    family: "matrix",
    questionId: "q5",
    type: "matrixSingle",
    title: "满意度",
    number: 5,
    columns: [],
    rows: [
      { rowId: "r1", label: "服务", answered: 3, cells: [] },
      { rowId: "r2", label: "价格", answered: 3, cells: [] },
    ],
  },
  {
    ...base,
    family: "matrix",
    questionId: "q6",
    type: "matrixFill",
    title: "填空矩阵",
    number: 6,
    columns: [],
    rows: [{ rowId: "r1", label: "一", answered: 3, cells: [] }],
  },
  {
    ...base,
    family: "region",
    questionId: "q7",
    type: "region",
    title: "所在省份",
    number: 7,
    provinces: [],
  },
  { ...base, family: "text", questionId: "q8", type: "text", title: "建议", number: 8, values: [] },
] as unknown as QuestionStatistics[];

/** NPS's eleven points as columns: more series than the chart palette holds. */
const points = Array.from({ length: 11 }, (_, i) => ({ optionId: String(i), label: String(i) }));
const crossResult: CrossAnalysisResult = {
  column: { questionId: "q4", title: "推荐度", options: points },
  tables: [
    {
      questionId: "q5.r1",
      title: "满意度 · 服务",
      rows: [
        {
          optionId: "c1",
          label: "满意",
          total: 11,
          cells: points.map(() => ({ count: 1, rowPercent: 9.1, columnPercent: 100 })),
        },
      ],
      columnTotals: points.map(() => 1),
      total: 11,
    },
  ],
};

setupResultTests();

describe("交叉分析", { timeout: 60_000 }, () => {
  it("offers every choice, scale, matrix row and 省市区 question", () => {
    expect(crossCandidates(questions).map((c) => c.value)).toEqual([
      "q1",
      "q2",
      "q4",
      "q5.r1",
      "q5.r2",
      "q7",
    ]);
    expect(crossCandidates(questions)[3]?.label).toBe("第5题 满意度 · 服务");
  });

  it("offers an open question's 编码 as one axis, and a choice question's beside its options", () => {
    const coded = new Set(["q1", "q8"]);
    const values = crossCandidates(questions, coded).map((c) => c.value);
    expect(values).toEqual(["q1", "codes:q1", "q2", "q4", "q5.r1", "q5.r2", "q7", "codes:q8"]);
    expect(crossCandidates(questions, coded).at(-1)?.label).toBe("第8题 建议 · 编码类别");
  });

  it("asks for a matrix row against a scale and draws each series in its own colour", async () => {
    const calls = stubApi({
      "questionary/getQuestionaryDetail": () => questionary,
      "statistics/getOverview": () => overview(),
      "statistics/getQuestionStatistics": (): QuestionStatisticsResult => ({
        total: 3,
        filtered: false,
        questions,
      }),
      "statistics/getCrossAnalysis": (_call: ApiCall) => crossResult,
    });
    renderResults("?id=7&tab=cross");
    const tab = await screen.findByTestId("cross-tab", {}, slow);
    // Each select renders its popup on first opening (ids are not unique under test): the new one is its own.
    const pick = async (select: string, option: string) => {
      const before = new Set(document.querySelectorAll(".ant-select-dropdown"));
      fireEvent.mouseDown(within(tab).getByLabelText(select).closest(".ant-select") as HTMLElement);
      const item = await waitFor(() => {
        const popup = Array.from(document.querySelectorAll(".ant-select-dropdown")).find(
          (p) => !before.has(p),
        );
        const found = Array.from(popup?.querySelectorAll<HTMLElement>(".ant-select-item-option") ?? []).find(
          (node) => node.getAttribute("title") === option,
        );
        if (!found) throw new Error(`no option ${option}`);
        return found;
      }, slow);
      fireEvent.click(item);
    };
    // The single select first: it closes on choosing, while the multiple one stays open.
    await pick("列题目", "第4题 推荐度");
    await pick("行题目", "第5题 满意度 · 服务");
    await waitFor(() =>
      expect(calls.find((c) => c.path === "statistics/getCrossAnalysis")?.body).toMatchObject({
        id: 7,
        rowQuestionIds: ["q5.r1"],
        columnQuestionId: "q4",
      }),
    );
    const card = await screen.findByTestId("cross-q5.r1", {}, slow);
    const chart = within(card).getByLabelText("满意度 · 服务与推荐度交叉分析图");
    await waitFor(() => expect(optionOf(chart)).toBeTruthy(), slow);
    const series = (optionOf(chart)?.series ?? []) as { itemStyle?: { color?: string } }[];
    const colours = series.map((s) => s.itemStyle?.color);
    expect(colours).toHaveLength(11);
    expect(new Set(colours).size).toBe(11);
    // jsdom's width is a phone's: the row labels keep to a narrow column, so the counts start on screen.
    const firstColumn = card.querySelector(".ant-table colgroup col") as HTMLElement;
    expect(firstColumn.style.width).toBe("112px");
  });
});
