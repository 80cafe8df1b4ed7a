// 统计分析 (issue #34): the plain-Chinese reading of an analysis outcome, one sentence per result item, in the
// way SPSSAU's "分析建议" words them: the test, its statistic and p, and what differs. Significance is at 0.05.
// Types only from stats (erased at build), so this file keeps the distributions out of the bundles it is in.
import type { FactorAnalysis, OneWayAnova, StatError, StatResult } from "../stats/index.ts";
import type { AnalysisGroupRef, AnalysisOutcome, AnalysisVariableRef } from "./analysis.ts";

const ALPHA = 0.05;
/** "Cronbach's α if item deleted" this much above α counts as a noticeable rise (SPSSAU's "明显提升"). */
const ALPHA_GAIN = 0.01;

/** p as SPSSAU prints it: "< 0.001", else three decimals. */
export function formatP(p: number): string {
  if (!Number.isFinite(p)) return "—";
  if (p < 0.001) return "< 0.001";
  return p.toFixed(3);
}

/** A statistic with `digits` decimals; "—" for a value that is not a number, never "-0.00". */
export function formatStat(x: number, digits = 2): string {
  if (!Number.isFinite(x)) return "—";
  const s = x.toFixed(digits);
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
}

function percent(x: number): string {
  return `${formatStat(x, 1)}%`;
}

/** "p = 0.023 < 0.05", "p < 0.001", "p = 0.412 ≥ 0.05" (and "p < 0.05" where three decimals would read 0.050). */
function pClause(p: number): string {
  if (p < 0.001) return "p < 0.001";
  const printed = formatP(p);
  if (p < ALPHA) return printed === "0.050" ? "p < 0.05" : `p = ${printed} < 0.05`;
  return `p = ${printed} ≥ 0.05`;
}

function name(v: AnalysisVariableRef): string {
  return `「${v.label || v.name}」`;
}

function errorReading(subject: string, error: StatError): string {
  return `${subject}：${error.message}`;
}

function isError<T>(r: StatResult<T>): r is StatError {
  return !r.ok;
}

function comparison(
  first: { label: string; value: number },
  second: { label: string; value: number },
  what: string,
): string {
  const [hi, lo] = first.value >= second.value ? [first, second] : [second, first];
  return `${hi.label}（${what} ${formatStat(hi.value)}）高于${lo.label}（${what} ${formatStat(lo.value)}）`;
}

function groupDifference(
  group: AnalysisVariableRef,
  variable: AnalysisVariableRef,
  significant: boolean,
): string {
  return `不同${name(group)}在${name(variable)}上差异${significant ? "显著" : "不显著"}`;
}

function postHocClause(
  result: OneWayAnova,
  groups: readonly AnalysisGroupRef[],
  method: "tukey" | "bonferroni",
): string {
  const methodName = method === "tukey" ? "Tukey HSD" : "Bonferroni";
  if (groups.length !== result.groupMeans.length) return "";
  const pairs = result[method]
    .filter((row) => row.p < ALPHA)
    .map((row) => {
      const a = { label: groups[row.i]?.label ?? "", value: result.groupMeans[row.i] ?? 0 };
      const b = { label: groups[row.j]?.label ?? "", value: result.groupMeans[row.j] ?? 0 };
      const [hi, lo] = a.value >= b.value ? [a, b] : [b, a];
      return `${hi.label}（均值 ${formatStat(hi.value)}）显著高于${lo.label}（均值 ${formatStat(lo.value)}，${row.p < 0.001 ? "p < 0.001" : `p = ${formatP(row.p)}`}）`;
    });
  if (pairs.length === 0) return `；但 ${methodName} 事后检验未发现两组之间的显著差异`;
  return `；${methodName} 事后检验显示：${pairs.join("，")}`;
}

function strength(r: number): string {
  const a = Math.abs(r);
  if (a < 0.3) return "弱";
  if (a < 0.5) return "中等";
  return "强";
}

function alphaBand(alpha: number): string {
  if (alpha >= 0.9) return "信度很好";
  if (alpha >= 0.8) return "信度良好";
  if (alpha >= 0.7) return "信度可接受";
  if (alpha >= 0.6) return "信度勉强可接受";
  return "信度不佳";
}

function kmoBand(kmo: number): string {
  if (kmo >= 0.8) return "很适合进行因子分析";
  if (kmo >= 0.7) return "适合进行因子分析";
  if (kmo >= 0.6) return "勉强适合进行因子分析";
  return "不适合进行因子分析";
}

function factorReading(r: FactorAnalysis): string {
  const parts: string[] = [];
  if (r.kmo === null || r.bartlett === null) {
    parts.push("相关矩阵为奇异矩阵（变量之间存在完全共线性），无法计算 KMO 和 Bartlett 球形检验");
  } else {
    parts.push(`KMO = ${formatStat(r.kmo, 3)}，${kmoBand(r.kmo)}`);
    const b = r.bartlett;
    parts.push(
      b.p < ALPHA
        ? `Bartlett 球形检验显著（χ² = ${formatStat(b.chiSquare)}，df = ${b.df}，${pClause(b.p)}）`
        : `Bartlett 球形检验不显著（${pClause(b.p)}），变量之间相关性较弱，不宜做因子分析`,
    );
  }
  const cumulative = r.cumulative[r.factors - 1] ?? 0;
  parts.push(`共提取 ${r.factors} 个因子，累计解释 ${percent(cumulative)} 的方差`);
  return `${parts.join("；")}。`;
}

function countText(count: number): string {
  return Number.isInteger(count) ? String(count) : formatStat(count, 1);
}

/**
 * A model's predictors in words: a clause for each significant one (`significant` words it), then those that
 * are not, together. The constant is left out.
 */
function predictorClauses<C extends { term: "intercept" | number; p: number }>(
  coefficients: readonly C[],
  independents: readonly AnalysisVariableRef[],
  significant: (variable: string, coefficient: C) => string,
): string[] {
  const clauses: string[] = [];
  const insignificant: string[] = [];
  for (const c of coefficients) {
    if (c.term === "intercept") continue;
    const x = independents[c.term];
    if (x === undefined) continue;
    if (c.p < ALPHA) clauses.push(significant(name(x), c));
    else insignificant.push(name(x));
  }
  if (insignificant.length > 0) clauses.push(`${insignificant.join("、")}的影响不显著`);
  return clauses;
}

/** One sentence per result item of `outcome`; an item that could not be computed reads as its message. */
export function analysisReading(outcome: AnalysisOutcome): string[] {
  switch (outcome.method) {
    case "descriptives":
      return outcome.items.map((item) => {
        const subject = name(item.variable);
        const d = item.descriptives;
        if (d !== null) {
          if (isError(d)) return errorReading(subject, d);
          return `${subject}：${formatStat(d.mean)} ± ${formatStat(d.sd)}（均值 ± 标准差，n = ${d.n}）。`;
        }
        if (item.proportions.length === 0) return `${subject}：没有有效数据。`;
        const shares = item.proportions.map((p) => {
          const share = p.proportion.ok ? `（${percent(p.proportion.proportion * 100)}）` : "";
          return `${p.label} ${countText(p.count)}${share}`;
        });
        return `${subject}：${shares.join("，")}。`;
      });

    case "crosstab": {
      const pair = `${name(outcome.row)}与${name(outcome.column)}`;
      if (outcome.multipleResponse) {
        return [
          `${pair}中含多选题，一份答卷可以计入多个类别，类别之间互相重叠，不适用卡方检验；请参考各列比例的两两比较。`,
        ];
      }
      const chi = outcome.chiSquare;
      if (chi === null) {
        const fisher = outcome.fisher;
        if (fisher === null || !fisher.ok) return [];
        return [
          fisher.p < ALPHA
            ? `${pair}之间存在显著关联（Fisher 精确检验 ${pClause(fisher.p)}）。`
            : `${pair}之间不存在显著关联（Fisher 精确检验 ${pClause(fisher.p)}）。`,
        ];
      }
      if (isError(chi)) return [errorReading(pair, chi)];
      let sentence =
        chi.p < ALPHA
          ? `${pair}之间存在显著关联（χ² = ${formatStat(chi.chiSquare)}，df = ${chi.df}，${pClause(chi.p)}，Cramér's V = ${formatStat(chi.cramersV)}）。`
          : `${pair}之间不存在显著关联（${pClause(chi.p)}）。`;
      if (chi.percentExpectedBelow5 > 20) {
        const fisher = outcome.fisher;
        const advice = fisher?.ok
          ? `建议参考 Fisher 精确检验（${pClause(fisher.p)}）`
          : "卡方检验的结果仅供参考";
        sentence += `有 ${chi.cellsExpectedBelow5} 个单元格（${percent(chi.percentExpectedBelow5)}）的期望频数小于 5，${advice}。`;
      }
      return [sentence];
    }

    case "independentT": {
      const [g1, g2] = outcome.groups;
      return outcome.items.map(({ variable, result: r }) => {
        if (isError(r)) return errorReading(name(variable), r);
        const welch = r.levene !== null && r.levene.p < ALPHA;
        const row = welch ? r.welch : r.student;
        const significant = row.p < ALPHA;
        const head = groupDifference(outcome.group, variable, significant);
        const test = welch ? "方差不齐，采用 Welch 校正 t 检验：" : "";
        if (!significant) return `${head}（${test}${pClause(row.p)}）。`;
        return `${head}（${test}t = ${formatStat(row.t)}，${pClause(row.p)}）：${comparison(
          { label: g1.label, value: r.mean1 },
          { label: g2.label, value: r.mean2 },
          "均值",
        )}。`;
      });
    }

    case "mannWhitney": {
      const [g1, g2] = outcome.groups;
      return outcome.items.map(({ variable, result: r }) => {
        if (isError(r)) return errorReading(name(variable), r);
        const significant = r.p < ALPHA;
        const head = groupDifference(outcome.group, variable, significant);
        if (!significant) return `${head}（${pClause(r.p)}）。`;
        return `${head}（Mann-Whitney U = ${formatStat(r.u)}，z = ${formatStat(r.z)}，${pClause(r.p)}）：${comparison(
          { label: g1.label, value: r.meanRank1 },
          { label: g2.label, value: r.meanRank2 },
          "平均秩",
        )}。`;
      });
    }

    case "pairedT":
      return outcome.items.map(({ first, second, result: r }) => {
        const pair = `${name(first)}与${name(second)}`;
        if (isError(r)) return errorReading(pair, r);
        if (!(r.p < ALPHA)) return `${pair}之间差异不显著（${pClause(r.p)}）。`;
        const [hi, lo] = r.meanDifference >= 0 ? [first, second] : [second, first];
        return `${pair}之间差异显著（t = ${formatStat(r.t)}，${pClause(r.p)}）：${name(hi)}的均值比${name(lo)}高 ${formatStat(Math.abs(r.meanDifference))}。`;
      });

    case "anova":
      return outcome.items.map(({ variable, result: r }) => {
        if (isError(r)) return errorReading(name(variable), r);
        const significant = r.p < ALPHA;
        const head = groupDifference(outcome.group, variable, significant);
        if (!significant) return `${head}（${pClause(r.p)}）。`;
        return `${head}（F = ${formatStat(r.f)}，${pClause(r.p)}）${postHocClause(r, outcome.groups, outcome.postHoc)}。`;
      });

    case "kruskalWallis":
      return outcome.items.map(({ variable, result: r }) => {
        if (isError(r)) return errorReading(name(variable), r);
        const significant = r.p < ALPHA;
        const head = groupDifference(outcome.group, variable, significant);
        if (!significant) return `${head}（${pClause(r.p)}）。`;
        let ranks = "";
        if (outcome.groups.length === r.meanRanks.length) {
          let hi = 0;
          let lo = 0;
          r.meanRanks.forEach((m, i) => {
            if (m > (r.meanRanks[hi] ?? m)) hi = i;
            if (m < (r.meanRanks[lo] ?? m)) lo = i;
          });
          ranks = `：平均秩最高的是${outcome.groups[hi]?.label ?? ""}（${formatStat(r.meanRanks[hi] ?? 0)}），最低的是${outcome.groups[lo]?.label ?? ""}（${formatStat(r.meanRanks[lo] ?? 0)}）`;
        }
        return `${head}（Kruskal-Wallis H = ${formatStat(r.h)}，df = ${r.df}，${pClause(r.p)}）${ranks}。`;
      });

    case "correlation": {
      const symbol = outcome.kind === "pearson" ? "r" : "ρ";
      const vars = outcome.variables;
      const significant: string[] = [];
      const insignificant: { pair: string; p: number }[] = [];
      const errors: string[] = [];
      for (let i = 0; i < vars.length; i++) {
        for (let j = i + 1; j < vars.length; j++) {
          const cell = outcome.matrix[i]?.[j];
          if (cell === undefined) continue;
          const pair = `${name(vars[i] as AnalysisVariableRef)}与${name(vars[j] as AnalysisVariableRef)}`;
          if (isError(cell)) {
            errors.push(errorReading(pair, cell));
          } else if (cell.p < ALPHA) {
            const direction = cell.r > 0 ? "正" : "负";
            significant.push(
              `${pair}之间存在显著的${strength(cell.r)}${direction}相关（${symbol} = ${formatStat(cell.r)}，${pClause(cell.p)}）。`,
            );
          } else {
            insignificant.push({ pair, p: cell.p });
          }
        }
      }
      const rest: string[] = [];
      const only = insignificant[0];
      if (insignificant.length === 1 && only !== undefined) {
        rest.push(`${only.pair}之间不存在显著相关（${pClause(only.p)}）。`);
      } else if (insignificant.length > 1 && significant.length === 0 && errors.length === 0) {
        rest.push(`${vars.map(name).join("、")}两两之间均不存在显著相关（p 均 ≥ 0.05）。`);
      } else if (insignificant.length > 1) {
        rest.push(`其余 ${insignificant.length} 对变量之间不存在显著相关（p 均 ≥ 0.05）。`);
      }
      return [...significant, ...rest, ...errors];
    }

    case "regression": {
      const r = outcome.result;
      const y = name(outcome.dependent);
      if (isError(r)) return [errorReading(y, r)];
      const model = `以${y}为因变量的线性回归模型`;
      const r2 = `R² = ${formatStat(r.rSquared, 3)}`;
      if (!(r.p < ALPHA)) {
        return [
          `${model}不显著（F = ${formatStat(r.f)}，${pClause(r.p)}），${r2}，自变量不能显著解释${y}的变化。`,
        ];
      }
      const clauses = predictorClauses(r.coefficients, outcome.independents, (x, c) => {
        const direction = (c.beta ?? c.b) >= 0 ? "正向" : "负向";
        const beta = c.beta === null ? `b = ${formatStat(c.b)}` : `β = ${formatStat(c.beta)}`;
        return `${x}对${y}有显著的${direction}影响（${beta}，${pClause(c.p)}）`;
      });
      return [
        `${model}显著（F = ${formatStat(r.f)}，${pClause(r.p)}），${r2}，自变量可解释${y}变化的 ${percent(r.rSquared * 100)}；${clauses.join("；")}。`,
      ];
    }

    case "logistic": {
      const r = outcome.result;
      const y = name(outcome.dependent);
      if (isError(r)) return [errorReading(y, r)];
      const event = `「${outcome.categories[1].label}」`;
      const model = `以${y}（${event}=1，「${outcome.categories[0].label}」=0）为因变量的二元Logistic回归模型`;
      const fit = `Nagelkerke R² = ${formatStat(r.nagelkerkeR2, 3)}，预测准确率 ${percent(r.percentCorrect)}`;
      const test = `χ² = ${formatStat(r.modelChiSquare)}，${pClause(r.modelP)}`;
      if (!(r.modelP < ALPHA)) return [`${model}不显著（${test}），${fit}，自变量不能显著预测${event}。`];
      const clauses = predictorClauses(r.coefficients, outcome.independents, (x, c) => {
        const odds = formatStat(c.expB, 3);
        return `${x}对${event}有显著的${c.b >= 0 ? "正向" : "负向"}影响（OR = ${odds}，${pClause(c.p)}），每增加1个单位，发生比变为原来的 ${odds} 倍`;
      });
      return [`${model}显著（${test}），${fit}；${clauses.join("；")}。`];
    }

    case "reliability": {
      const r = outcome.result;
      const subject = `${outcome.variables.length}个题目`;
      if (isError(r)) return [errorReading(subject, r)];
      const reversed = outcome.reversed
        .map((n) => outcome.variables.find((v) => v.name === n))
        .filter((v): v is AnalysisVariableRef => v !== undefined);
      const notes = [`n = ${r.n}`];
      if (reversed.length > 0) notes.push(`已对${reversed.map(name).join("、")}反向计分`);
      let sentence = `${subject}的 Cronbach's α 系数为 ${formatStat(r.alpha, 3)}，${alphaBand(r.alpha)}（${notes.join("，")}）。`;
      const rises = r.itemStatistics
        .map((s, j) => ({ variable: outcome.variables[j], alpha: s.alphaIfDeleted }))
        .filter(
          (x): x is { variable: AnalysisVariableRef; alpha: number } =>
            x.variable !== undefined && x.alpha !== null && x.alpha - r.alpha > ALPHA_GAIN,
        );
      if (rises.length > 0) {
        const list = rises.map((x) => `${name(x.variable)}（α 升至 ${formatStat(x.alpha, 3)}）`).join("、");
        sentence += `删除${list}后信度明显提高，可考虑修改或删除${rises.length > 1 ? "这些题目" : "该题"}。`;
      }
      return [sentence];
    }

    case "factor": {
      const r = outcome.result;
      if (isError(r)) return [errorReading(`${outcome.variables.length}个变量`, r)];
      return [factorReading(r)];
    }
  }
}
