import type { AnalysisGroupRef, AnalysisOutcome } from "../api/analysis.ts";
import {
  count,
  meanSd,
  num,
  pValue,
  type StatColumn,
  type StatRow,
  type StatTable,
  starred,
} from "./table-model.ts";

type Outcome<M extends AnalysisOutcome["method"]> = Extract<AnalysisOutcome, { method: M }>;

const figures = (...titles: string[]): StatColumn[] => titles.map((title) => ({ title, numeric: true }));

const groupName = (groups: AnalysisGroupRef[], index: number) => groups[index]?.label ?? `第${index + 1}组`;

const welchNote = "† 方差不齐（Levene检验p<0.05），采用Welch校正的t检验结果";

export function independentTTables(outcome: Outcome<"independentT">): StatTable[] {
  const [g1, g2] = outcome.groups;
  let welchUsed = false;
  const main: StatRow[] = outcome.items.map((item) => {
    const r = item.result;
    if (!r.ok) return { lead: [item.variable.label], message: r.message };
    const welch = r.levene !== null && r.levene.p < 0.05;
    welchUsed ||= welch;
    const t = welch ? r.welch : r.student;
    return {
      cells: [
        item.variable.label,
        meanSd(r.mean1, r.sd1),
        meanSd(r.mean2, r.sd2),
        starred(t.t, t.p),
        welch ? `${num(t.df, 2)}†` : num(t.df, 0),
        pValue(t.p),
      ],
    };
  });
  const detail: StatRow[] = outcome.items.flatMap((item): StatRow[] => {
    const r = item.result;
    if (!r.ok) return [{ lead: [item.variable.label], message: r.message }];
    const levene = r.levene;
    return (
      [
        ["假设方差齐", r.student],
        ["不假设方差齐", r.welch],
      ] as const
    ).map(([assumption, t], index) => ({
      cells: [
        index === 0 ? item.variable.label : "",
        index === 0 ? `${r.n1} / ${r.n2}` : "",
        index === 0 && levene ? num(levene.f) : "",
        index === 0 && levene ? pValue(levene.p) : "",
        assumption,
        starred(t.t, t.p),
        num(t.df, index === 0 ? 0 : 2),
        pValue(t.p),
        num(t.meanDifference),
        `${num(t.ciLower)} ~ ${num(t.ciUpper)}`,
      ],
    }));
  });
  return [
    {
      key: "t-test",
      title: "独立样本t检验",
      columns: [
        { title: "变量" },
        ...figures(`${g1.label}（平均值±标准差）`, `${g2.label}（平均值±标准差）`, "t", "自由度", "p"),
      ],
      rows: main,
      notes: welchUsed ? [welchNote] : [],
    },
    {
      key: "t-test-detail",
      title: "方差齐性检验与t检验详细结果",
      columns: [
        { title: "变量" },
        ...figures("样本量", "Levene F", "Levene p"),
        { title: "方差" },
        ...figures("t", "自由度", "p", "平均值差值", "差值95%置信区间"),
      ],
      rows: detail,
      notes: [],
    },
  ];
}

export function mannWhitneyTables(outcome: Outcome<"mannWhitney">): StatTable[] {
  const [g1, g2] = outcome.groups;
  return [
    {
      key: "mann-whitney",
      title: "Mann-Whitney U检验",
      columns: [
        { title: "变量" },
        ...figures(`${g1.label}平均秩`, `${g2.label}平均秩`, "样本量", "U", "Z", "p"),
      ],
      rows: outcome.items.map((item): StatRow => {
        const r = item.result;
        if (!r.ok) return { lead: [item.variable.label], message: r.message };
        return {
          cells: [
            item.variable.label,
            num(r.meanRank1, 2),
            num(r.meanRank2, 2),
            `${r.n1} / ${r.n2}`,
            num(r.u, 1),
            starred(r.z, r.p),
            pValue(r.p),
          ],
        };
      }),
      notes: ["Z为考虑结值校正的正态近似，p为双侧渐近显著性"],
    },
  ];
}

export function pairedTTables(outcome: Outcome<"pairedT">): StatTable[] {
  return [
    {
      key: "paired-t",
      title: "配对t检验",
      columns: [
        { title: "配对" },
        ...figures("样本量", "差值平均值", "差值标准差", "t", "自由度", "p", "差值95%置信区间", "相关系数"),
      ],
      rows: outcome.items.map((item): StatRow => {
        const label = `${item.first.label} − ${item.second.label}`;
        const r = item.result;
        if (!r.ok) return { lead: [label], message: r.message };
        return {
          cells: [
            label,
            count(r.n),
            num(r.meanDifference),
            num(r.sdDifference),
            starred(r.t, r.p),
            num(r.df, 0),
            pValue(r.p),
            `${num(r.ciLower)} ~ ${num(r.ciUpper)}`,
            num(r.correlation),
          ],
        };
      }),
      notes: [],
    },
  ];
}

export function anovaTables(outcome: Outcome<"anova">): StatTable[] {
  const { groups } = outcome;
  const unequal: string[] = [];
  const main: StatRow[] = outcome.items.map((item) => {
    const r = item.result;
    if (!r.ok) return { lead: [item.variable.label], message: r.message };
    if (r.levene && r.levene.p < 0.05) unequal.push(item.variable.label);
    return {
      cells: [
        item.variable.label,
        ...groups.map((_, k) => num(r.groupMeans[k], 2)),
        starred(r.f, r.p),
        pValue(r.p),
        num(r.etaSquared),
      ],
    };
  });
  const sources: StatRow[] = outcome.items.flatMap((item): StatRow[] => {
    const r = item.result;
    if (!r.ok) return [{ lead: [item.variable.label], message: r.message }];
    return [
      {
        cells: [
          item.variable.label,
          "组间",
          num(r.ssBetween),
          String(r.dfBetween),
          num(r.msBetween),
          starred(r.f, r.p),
          pValue(r.p),
        ],
      },
      { cells: ["", "组内", num(r.ssWithin), String(r.dfWithin), num(r.msWithin), "", ""] },
      { cells: ["", "总计", num(r.ssTotal), String(r.dfBetween + r.dfWithin), "", "", ""] },
    ];
  });
  const postHocName = outcome.postHoc === "tukey" ? "Tukey法" : "Bonferroni法";
  const postHoc: StatRow[] = outcome.items.flatMap((item): StatRow[] => {
    const r = item.result;
    if (!r.ok) return [];
    const rows = outcome.postHoc === "tukey" ? r.tukey : r.bonferroni;
    return rows.map((row, index) => ({
      cells: [
        index === 0 ? item.variable.label : "",
        groupName(groups, row.i),
        groupName(groups, row.j),
        starred(row.meanDifference, row.p),
        num(row.se),
        pValue(row.p),
        `${num(row.ciLower)} ~ ${num(row.ciUpper)}`,
      ],
    }));
  });
  const tables: StatTable[] = [
    {
      key: "anova",
      title: "单因素方差分析",
      columns: [{ title: "变量" }, ...figures(...groups.map((g) => g.label), "F", "p", "η²")],
      rows: main,
      notes: [
        "各组单元格为平均值",
        ...(unequal.length
          ? [`${unequal.join("、")}的方差不齐（Levene检验p<0.05），结果仅供参考，可改用Kruskal-Wallis检验`]
          : []),
      ],
    },
    {
      key: "anova-sources",
      title: "方差分析表",
      columns: [{ title: "变量" }, { title: "来源" }, ...figures("平方和", "自由度", "均方", "F", "p")],
      rows: sources,
      notes: [],
    },
  ];
  if (postHoc.length)
    tables.push({
      key: "post-hoc",
      title: `事后多重比较（${postHocName}）`,
      columns: [
        { title: "变量" },
        { title: "（I）组" },
        { title: "（J）组" },
        ...figures("平均值差值（I−J）", "标准误", "p", "95%置信区间"),
      ],
      rows: postHoc,
      notes: [],
    });
  return tables;
}

export function kruskalWallisTables(outcome: Outcome<"kruskalWallis">): StatTable[] {
  const { groups } = outcome;
  return [
    {
      key: "kruskal-wallis",
      title: "Kruskal-Wallis检验",
      columns: [{ title: "变量" }, ...figures(...groups.map((g) => `${g.label}平均秩`), "H", "自由度", "p")],
      rows: outcome.items.map((item): StatRow => {
        const r = item.result;
        if (!r.ok) return { lead: [item.variable.label], message: r.message };
        return {
          cells: [
            item.variable.label,
            ...groups.map((_, k) => num(r.meanRanks[k], 2)),
            starred(r.h, r.p),
            String(r.df),
            pValue(r.p),
          ],
        };
      }),
      notes: ["H为结值校正后的统计量，p为χ²分布的渐近显著性"],
    },
  ];
}
