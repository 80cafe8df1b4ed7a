import { describe, expect, it } from "vitest";
import { CountTable } from "../results/counts.ts";
import { formatDuration } from "../results/durations.ts";
import { questionStatistics } from "../results/statistics.ts";
import { questionSchema } from "../survey/definition/question.ts";
import { overviewTables, pinTables, questionTable, reading, typeName } from "./report-content.ts";

/** The report words things as the results page does: its duration formatter, its 合计 row, its point captions. */
describe("分析报告 wording", () => {
  const overview = {
    responses: 12,
    invalid: 1,
    first: "2026-03-01 09:00",
    last: "2026-03-05 18:00",
    averageSeconds: 75,
    sources: [],
  };

  it("names each question's type as the designer's palette does, and an unknown type by its id", () => {
    const named = (type: string) => typeName({ type } as Parameters<typeof typeName>[0]);
    expect(named("single")).toBe("单选");
    expect(named("textarea")).toBe("多行文本");
    expect(named("matrixScale")).toBe("矩阵量表");
    expect(named("someFutureType")).toBe("someFutureType");
  });

  it("gives the average answering time as the 数据概况 page does", () => {
    const figures = overviewTables(overview).figures.rows;
    expect(figures.find(([name]) => name === "平均用时")).toEqual(["平均用时", "1分15秒"]);
    expect(formatDuration(45)).toBe("45秒");
    expect(formatDuration(3720)).toBe("1小时02分");
    const none = overviewTables({ ...overview, averageSeconds: null }).figures.rows;
    expect(none.find(([name]) => name === "平均用时")).toEqual(["平均用时", "—"]);
  });

  it("totals a pinned 交叉分析 in a 合计 row, its last column 小计, as the page's table", () => {
    const [table] = pinTables({
      kind: "cross",
      result: {
        column: {
          questionId: "q2",
          title: "满意吗",
          options: [
            { optionId: "y", label: "满意" },
            { optionId: "n", label: "不满意" },
          ],
        },
        tables: [
          {
            questionId: "q1",
            title: "部门",
            rows: [
              {
                optionId: "a",
                label: "销售部",
                total: 3,
                cells: [
                  { count: 2, rowPercent: 66.7, columnPercent: 100 },
                  { count: 1, rowPercent: 33.3, columnPercent: 100 },
                ],
              },
            ],
            columnTotals: [2, 1],
            total: 3,
          },
        ],
      },
    });
    expect(table?.header).toEqual(["部门 \\ 满意吗", "满意", "不满意", "小计"]);
    expect(table?.rows.at(-1)).toEqual(["合计", "2", "1", "3"]);
  });

  it("tables a scale question's points with the captions 分题统计 gives them", () => {
    const likert = questionSchema.parse({
      id: "q3",
      type: "likert",
      title: "总体满意度",
      config: { points: 5, minLabel: "非常不满意", maxLabel: "非常满意" },
    });
    const counts = new CountTable([
      ["answered:q3", 2],
      ["num:q3:1", 1],
      ["num:q3:5", 1],
    ]);
    const stats = questionStatistics(likert, counts, 3);
    if (!stats) throw new Error("no statistics");
    expect(questionTable(stats, null)).toEqual({
      header: ["分值", "小计", "比例"],
      rows: [
        ["1（非常不满意）", "1", "50%"],
        ["2", "0", "0%"],
        ["3", "0", "0%"],
        ["4", "0", "0%"],
        ["5（非常满意）", "1", "50%"],
      ],
    });
  });

  it("names every word tied at the top of an open question, not one of them at random", () => {
    const stats = {
      questionId: "advice",
      family: "text",
      answered: 40,
    } as unknown as Parameters<typeof reading>[0];
    const word = (w: string, count: number) => ({ word: w, count, answers: 12, percentage: 30, weight: 1 });
    expect(reading(stats, [word("食堂", 15), word("加班", 9)])).toBe(
      "共40条填写，出现最多的词是“食堂”（15次，30%的答卷提到）。",
    );
    expect(
      reading(stats, [
        word("标准", 15),
        word("沟通", 15),
        word("评价", 15),
        word("透明", 15),
        word("加班", 9),
      ]),
    ).toBe("共40条填写，出现最多的词是“标准”“沟通”“评价”等4个词（各15次）。");
  });
});
