import type { AnalysisOutcome } from "../api/analysis.ts";
import {
  count,
  num,
  percent,
  pValue,
  type StatColumn,
  type StatRow,
  type StatTable,
  starred,
} from "./table-model.ts";

type Outcome<M extends AnalysisOutcome["method"]> = Extract<AnalysisOutcome, { method: M }>;

const figures = (...titles: string[]): StatColumn[] => titles.map((title) => ({ title, numeric: true }));

const errorTable = (key: string, title: string, lead: string, message: string): StatTable[] => [
  { key, title, columns: [{ title: "" }, { title: "" }], rows: [{ lead: [lead], message }], notes: [] },
];

export function correlationTables(outcome: Outcome<"correlation">): StatTable[] {
  const { variables, matrix } = outcome;
  const ns: number[] = [];
  const failed: string[] = [];
  const rows: StatRow[] = variables.map((variable, i) => ({
    cells: [
      variable.label,
      ...variables.map((other, j) => {
        if (j === i) return "1";
        if (j > i) return "";
        const cell = matrix[i]?.[j];
        if (!cell) return "—";
        if (!cell.ok) {
          // The pair's reason goes under the table: a matrix cell has no room for a sentence.
          failed.push(`「${variable.label}」与「${other.label}」：${cell.message}`);
          return "—";
        }
        ns.push(cell.n);
        return starred(cell.r, cell.p);
      }),
    ],
  }));
  const low = ns.length ? Math.min(...ns) : 0;
  const high = ns.length ? Math.max(...ns) : 0;
  const name = outcome.kind === "pearson" ? "Pearson" : "Spearman";
  return [
    {
      key: "correlation",
      title: `${name}相关分析`,
      columns: [{ title: "" }, ...figures(...variables.map((v) => v.label))],
      rows,
      notes: [
        `表中为${name}相关系数，成对删除缺失值${ns.length ? `，样本量${low === high ? low : `${low}~${high}`}` : ""}`,
        ...failed.map((text) => `无法计算（—）${text}`),
      ],
    },
  ];
}

export function regressionTables(outcome: Outcome<"regression">): StatTable[] {
  const r = outcome.result;
  const dependentNote = `因变量：${outcome.dependent.label}`;
  if (!r.ok) return errorTable("regression", "线性回归", "模型", r.message);
  return [
    {
      key: "regression-summary",
      title: "线性回归模型汇总",
      columns: [{ title: "" }, ...figures("样本量", "R²", "调整R²", "估计标准误", "F", "p")],
      rows: [
        {
          cells: [
            "模型",
            count(r.n),
            num(r.rSquared),
            num(r.adjustedRSquared),
            num(r.residualSe),
            starred(r.f, r.p),
            pValue(r.p),
          ],
        },
      ],
      notes: [dependentNote, `F检验自由度为（${r.dfRegression}，${r.dfResidual}）`],
    },
    {
      key: "regression-coefficients",
      title: "线性回归系数",
      columns: [{ title: "" }, ...figures("B", "标准误", "标准化系数Beta", "t", "p", "VIF")],
      rows: r.coefficients.map((c) => ({
        cells: [
          c.term === "intercept" ? "常数" : (outcome.independents[c.term]?.label ?? `自变量${c.term + 1}`),
          num(c.b),
          num(c.se),
          num(c.beta),
          starred(c.t, c.p),
          pValue(c.p),
          num(c.vif),
        ],
      })),
      notes: [dependentNote],
    },
  ];
}

export function logisticTables(outcome: Outcome<"logistic">): StatTable[] {
  const r = outcome.result;
  const [none, event] = outcome.categories;
  const coding = `因变量：${outcome.dependent.label}（${event.label} = 1，${none.label} = 0）`;
  if (!r.ok) return errorTable("logistic", "二元Logistic回归", "模型", r.message);
  const correct = (right: number, total: number) => (total > 0 ? percent(right / total) : "—");
  return [
    {
      key: "logistic-summary",
      title: "二元Logistic回归模型汇总",
      columns: [
        { title: "" },
        ...figures("样本量", "-2对数似然值", "χ²", "p", "Cox & Snell R²", "Nagelkerke R²"),
      ],
      rows: [
        {
          cells: [
            "模型",
            count(r.n),
            num(r.minus2LogLikelihood),
            starred(r.modelChiSquare, r.modelP),
            pValue(r.modelP),
            num(r.coxSnellR2),
            num(r.nagelkerkeR2),
          ],
        },
      ],
      notes: [coding, `χ²为模型整体检验（似然比，自由度${r.modelDf}）`],
    },
    {
      key: "logistic-coefficients",
      title: "二元Logistic回归系数",
      columns: [{ title: "" }, ...figures("B", "标准误", "Wald χ²", "p", "OR值（Exp(B)）", "OR 95% CI")],
      rows: r.coefficients.map((c) => ({
        cells: [
          c.term === "intercept" ? "常数" : (outcome.independents[c.term]?.label ?? `自变量${c.term + 1}`),
          num(c.b),
          num(c.se),
          starred(c.wald, c.p),
          pValue(c.p),
          num(c.expB),
          c.term === "intercept" ? "—" : `${num(c.expLower)}~${num(c.expUpper)}`,
        ],
      })),
      notes: [coding],
    },
    {
      key: "logistic-classification",
      title: "预测准确率（分界值0.5）",
      columns: [{ title: "实际" }, ...figures(`预测${none.label}`, `预测${event.label}`, "正确率")],
      rows: [
        {
          cells: [
            none.label,
            count(r.classification[0][0]),
            count(r.classification[0][1]),
            correct(r.classification[0][0], r.classification[0][0] + r.classification[0][1]),
          ],
        },
        {
          cells: [
            event.label,
            count(r.classification[1][0]),
            count(r.classification[1][1]),
            correct(r.classification[1][1], r.classification[1][0] + r.classification[1][1]),
          ],
        },
        { cells: ["总体", "", "", percent(r.percentCorrect / 100)] },
      ],
      notes: [],
    },
  ];
}

export function reliabilityTables(outcome: Outcome<"reliability">): StatTable[] {
  const r = outcome.result;
  if (!r.ok) return errorTable("reliability", "Cronbach信度分析", "量表", r.message);
  const reversed = new Set(outcome.reversed);
  return [
    {
      key: "reliability",
      title: "Cronbach信度分析",
      columns: [{ title: "" }, ...figures("题项数", "样本量", "Cronbach α系数", "标准化α系数")],
      rows: [{ cells: ["量表", String(r.items), count(r.n), num(r.alpha), num(r.standardizedAlpha)] }],
      notes: outcome.reversed.length ? [`反向计分题：${outcome.reversed.length}个，已反向后计算`] : [],
    },
    {
      key: "reliability-items",
      title: "项已删除的统计",
      columns: [
        { title: "题项" },
        ...figures(
          "删除项后的量表平均值",
          "删除项后的量表方差",
          "校正的项总计相关性（CITC）",
          "项已删除的α系数",
        ),
      ],
      rows: outcome.variables.map((variable, i): StatRow => {
        const item = r.itemStatistics[i];
        const label = reversed.has(variable.name) ? `${variable.label}（反向）` : variable.label;
        if (!item) return { lead: [label], message: "无法计算" };
        return {
          cells: [
            label,
            num(item.scaleMeanIfDeleted),
            num(item.scaleVarianceIfDeleted),
            num(item.correctedItemTotal),
            num(item.alphaIfDeleted),
          ],
        };
      }),
      notes: [],
    },
  ];
}

export function factorTables(outcome: Outcome<"factor">): StatTable[] {
  const r = outcome.result;
  if (!r.ok) return errorTable("factor", "效度分析", "因子分析", r.message);
  const k = r.factors;
  const loadings = r.rotated ?? r.loadings;
  const factorTitles = Array.from({ length: k }, (_, j) => `因子${j + 1}`);
  return [
    {
      key: "kmo",
      title: "KMO和Bartlett检验",
      columns: [{ title: "" }, { title: "" }, { title: "值", numeric: true }],
      rows: [
        { cells: ["KMO值", "", num(r.kmo)] },
        ...(r.bartlett
          ? [
              { cells: ["Bartlett球形度检验", "近似卡方", starred(r.bartlett.chiSquare, r.bartlett.p)] },
              { cells: ["", "自由度", String(r.bartlett.df)] },
              { cells: ["", "p", pValue(r.bartlett.p)] },
            ]
          : [{ lead: ["Bartlett球形度检验"], message: "相关矩阵奇异，无法计算" }]),
      ],
      notes: [`样本量${r.n}`],
    },
    {
      key: "variance",
      title: "方差解释率",
      columns: [
        { title: "成分" },
        ...figures(
          "特征根",
          "方差解释率",
          "累积方差解释率",
          ...(r.rotatedVariance ? ["旋转后方差解释率"] : []),
        ),
      ],
      rows: r.eigenvalues.map((value, j) => ({
        cells: [
          String(j + 1),
          num(value),
          `${num(r.varianceExplained[j], 2)}%`,
          `${num(r.cumulative[j], 2)}%`,
          ...(r.rotatedVariance ? [j < k ? `${num(r.rotatedVariance[j], 2)}%` : ""] : []),
        ],
      })),
      notes: [`按${k}个因子提取`],
    },
    {
      key: "loadings",
      title: r.rotated ? "旋转后因子载荷系数" : "因子载荷系数",
      columns: [{ title: "题项" }, ...figures(...factorTitles, "共同度")],
      rows: outcome.variables.map((variable, i) => ({
        cells: [
          variable.label,
          ...factorTitles.map((_, j) => num(loadings[i]?.[j])),
          num(r.communalities[i]),
        ],
      })),
      notes: [
        r.rotated
          ? "提取方法：主成分分析；旋转方法：最大方差法（Kaiser标准化）"
          : "提取方法：主成分分析（只有1个因子，不旋转）",
      ],
    },
  ];
}
