import type { AnalysisOutcome } from "../api/analysis.ts";
import {
  count,
  num,
  percent,
  pValue,
  type StatCell,
  type StatRow,
  type StatTable,
  starred,
} from "./table-model.ts";

type Outcome<M extends AnalysisOutcome["method"]> = Extract<AnalysisOutcome, { method: M }>;

export function descriptivesTables(outcome: Outcome<"descriptives">): StatTable[] {
  const tables: StatTable[] = [];
  const measured = outcome.items.filter((item) => item.descriptives !== null);
  if (measured.length)
    tables.push({
      key: "descriptives",
      title: "描述统计",
      columns: [
        { title: "变量" },
        ...["样本量", "最小值", "最大值", "平均值", "标准差", "中位数", "偏度", "峰度"].map((title) => ({
          title,
          numeric: true,
        })),
      ],
      rows: measured.map((item): StatRow => {
        const d = item.descriptives;
        if (!d?.ok) return { lead: [item.variable.label], message: d?.message ?? "" };
        return {
          cells: [
            item.variable.label,
            count(d.n),
            num(d.min, 2),
            num(d.max, 2),
            num(d.mean),
            num(d.sd),
            num(d.median, 2),
            num(d.skewness),
            num(d.kurtosis),
          ],
        };
      }),
      notes: [],
    });
  const coded = outcome.items.filter((item) => item.proportions.length > 0);
  if (coded.length)
    tables.push({
      key: "frequencies",
      title: "频数分析",
      columns: [
        { title: "变量" },
        { title: "选项" },
        { title: "频数", numeric: true },
        { title: "百分比", numeric: true },
        { title: "95%置信区间", numeric: true },
      ],
      rows: coded.flatMap((item) =>
        item.proportions.map((share, index): StatRow => {
          const name = index === 0 ? item.variable.label : "";
          const p = share.proportion;
          if (!p.ok) return { lead: [name, share.label], message: p.message };
          return {
            cells: [
              name,
              share.label,
              count(share.count),
              percent(p.proportion),
              `${percent(p.ciLower)} ~ ${percent(p.ciUpper)}`,
            ],
          };
        }),
      ),
      notes: ["置信区间为Wilson法计算的95%置信区间"],
    });
  return tables;
}

const columnLettersNote =
  "上标字母表示该列的比例显著高于所标字母列的比例（列比例z检验，Bonferroni校正，p<0.05）";

export function crosstabTables(outcome: Outcome<"crosstab">): StatTable[] {
  const { table, columnTests, chiSquare, fisher } = outcome;
  const tests = columnTests.ok ? columnTests : null;
  const letter = (j: number) => tests?.columnLetters[j] ?? "";
  const counts: StatTable = {
    key: "crosstab",
    title: `${outcome.row.label} × ${outcome.column.label} 交叉表`,
    columns: [
      { title: `${outcome.row.label} \\ ${outcome.column.label}` },
      ...table.columns.map((column, j) => ({
        title: letter(j) ? `${column.label}（${letter(j)}）` : column.label,
        numeric: true,
      })),
      { title: "合计", numeric: true },
    ],
    rows: [
      ...table.rows.map(
        (row, i): StatRow => ({
          cells: [
            row.label,
            ...table.columns.map((_, j): StatCell => {
              const n = table.counts[i]?.[j] ?? 0;
              const total = table.columnTotals[j] ?? 0;
              const text = `${count(n)}（${total ? percent(n / total) : "—"}）`;
              const sup = tests?.letters[i]?.[j] ?? "";
              return sup ? { text, sup } : text;
            }),
            `${count(table.rowTotals[i] ?? 0)}（${table.total ? percent((table.rowTotals[i] ?? 0) / table.total) : "—"}）`,
          ],
        }),
      ),
      { cells: ["合计", ...table.columnTotals.map(count), count(table.total)] },
    ],
    notes: [
      "单元格为频数（列百分比）",
      ...(outcome.multipleResponse ? ["含多选题：一份答卷可计入多个类别，百分比之和可能超过100%"] : []),
      ...(tests ? [columnLettersNote] : [`列比例比较未进行：${columnTests.ok ? "" : columnTests.message}`]),
    ],
  };

  const testRows: StatRow[] = [];
  const testNotes: string[] = [];
  if (chiSquare?.ok) {
    testRows.push(
      {
        cells: [
          "Pearson卡方",
          starred(chiSquare.chiSquare, chiSquare.p),
          String(chiSquare.df),
          pValue(chiSquare.p),
        ],
      },
      {
        cells: [
          "似然比卡方",
          starred(chiSquare.likelihoodRatio, chiSquare.likelihoodRatioP),
          String(chiSquare.df),
          pValue(chiSquare.likelihoodRatioP),
        ],
      },
      { cells: ["Cramér V系数", num(chiSquare.cramersV), "", ""] },
    );
    if (chiSquare.cellsExpectedBelow5 > 0)
      testNotes.push(
        `${chiSquare.cellsExpectedBelow5}个单元格（${num(chiSquare.percentExpectedBelow5, 1)}%）的期望频数小于5，最小期望频数为${num(chiSquare.minExpected, 2)}${chiSquare.percentExpectedBelow5 > 20 ? "，建议参考Fisher精确检验" : ""}`,
      );
  } else if (chiSquare) testRows.push({ lead: ["Pearson卡方"], message: chiSquare.message });
  if (fisher?.ok) testRows.push({ cells: ["Fisher精确检验", "", "", pValue(fisher.p)] });
  else if (fisher) testRows.push({ lead: ["Fisher精确检验"], message: fisher.message });
  if (outcome.multipleResponse && !chiSquare)
    testNotes.push("含多选题：类别之间有重叠，不适用卡方检验，请参考列比例比较");
  const tests2: StatTable[] = testRows.length
    ? [
        {
          key: "chi-square",
          title: "卡方检验",
          columns: [
            { title: "检验" },
            { title: "统计量", numeric: true },
            { title: "自由度", numeric: true },
            { title: "p", numeric: true },
          ],
          rows: testRows,
          notes: testNotes,
        },
      ]
    : [];
  if (!testRows.length && testNotes.length) counts.notes.push(...testNotes);
  return [counts, ...tests2];
}
