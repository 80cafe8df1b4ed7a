import fs from "node:fs";
import path from "node:path";
import type { AnalysisOutcome, AnalysisResult } from "@wjgj/core/api/analysis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisAnswers, analysisDefinition } from "../../../test/analysis-fixtures.ts";
import { download, runExport } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { type PsppItem, runPsppSyntax } from "../../../test/pspp.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";

/**
 * Acceptance for 统计分析 (issue #34): every figure statistics/getAnalysis answers is compared with what PSPP
 * prints for the same procedure on the product's own .sav of the same responses (exported through the real
 * export job), so codes, missing values and each method's conventions are checked end to end by a reader and
 * a calculator nobody here wrote.
 *
 * Precision: PSPP is told to print 12 decimals (SET FORMAT=F40.12 for most cells, OUTPUT MODIFY for p-values,
 * correlations and percents), and a figure passes when it is within half a unit of the last printed decimal
 * plus 1e-9 of its size — doubles summed in another order differ around 1e-13 relatively; a p-value from
 * another implementation of a distribution (PSPP uses GSL, core @stdlib) differs around 1e-10.
 * Counts, df and N are compared exactly.
 */
let t: TestContext;
let owner: BuiltUser;
let questionnaireId: number;
let sections: Map<string, PsppItem[]>;
const RESPONSES = 100;

const SYNTAX = `GET FILE='analysis.sav'.
SET FORMAT=F40.12.
OUTPUT MODIFY /SELECT TABLES /TABLECELLS SELECT=[SIGNIFICANCE CORRELATIONS RESIDUAL PERCENT] FORMAT=F40.12.
ECHO '== descriptives'.
* The scale's captioned ends are value labels: numbers, not 非常不满意, for its minimum and maximum.
SET TNUMBERS=VALUES.
DESCRIPTIVES /VARIABLES=Q5 Q4_1 /STATISTICS=ALL.
EXAMINE /VARIABLES=Q5 /STATISTICS=DESCRIPTIVES /PERCENTILES(25 50 75)=HAVERAGE.
EXAMINE /VARIABLES=Q4_1 /STATISTICS=DESCRIPTIVES /PERCENTILES(25 50 75)=HAVERAGE.
SET TNUMBERS=LABELS.
FREQUENCIES /VARIABLES=Q1 Q2 Q3_A Q3_B Q3_C.
ECHO '== crosstab'.
CROSSTABS /TABLES=Q1 BY Q2 /STATISTICS=CHISQ PHI.
ECHO '== crosstab2x2'.
CROSSTABS /TABLES=Q1 BY Q3_A /STATISTICS=CHISQ PHI.
ECHO '== crosstabSet'.
CROSSTABS /TABLES=Q3_A Q3_B Q3_C BY Q1.
ECHO '== ttest'.
T-TEST GROUPS=Q1(1 2) /VARIABLES=Q5 Q4_3.
ECHO '== anova'.
ONEWAY /VARIABLES=Q5 Q4_1 BY Q2 /STATISTICS=DESCRIPTIVES HOMOGENEITY /POSTHOC=TUKEY BONFERRONI.
ECHO '== nonparametric'.
NPAR TESTS /M-W=Q4_3 Q5 BY Q1(1 2) /K-W=Q5 Q4_1 BY Q2(1 4).
ECHO '== paired'.
T-TEST PAIRS=Q4_1 Q4_3 WITH Q4_2 Q4_4 (PAIRED).
ECHO '== correlation'.
CORRELATIONS /VARIABLES=Q4_1 Q4_2 Q4_3 Q5.
ECHO '== regression'.
REGRESSION /VARIABLES=Q5 Q4_1 Q4_3 Q3_A /DEPENDENT=Q5 /METHOD=ENTER /STATISTICS=COEFF R ANOVA.
ECHO '== logistic'.
LOGISTIC REGRESSION Q1 WITH Q5 Q4_1 /CRITERIA=BCON(0.000000000001) ITERATE(100) /PRINT=CI(95).
ECHO '== reliability'.
RELIABILITY /VARIABLES=Q4_1 Q4_2 Q4_3 Q4_4 Q4_5 /MODEL=ALPHA /SUMMARY=TOTAL.
ECHO '== reliabilityReversed'.
RECODE Q4_2 (1=5)(2=4)(3=3)(4=2)(5=1) INTO Q4_2R.
RELIABILITY /VARIABLES=Q4_1 Q4_2R Q4_3 Q4_4 Q4_5 /MODEL=ALPHA.
ECHO '== factor'.
FACTOR /VARIABLES=Q4_1 Q4_2 Q4_3 Q4_4 Q4_5 /CRITERIA=MINEIGEN(1) /EXTRACTION=PC /ROTATION=VARIMAX
  /PRINT=INITIAL EXTRACTION ROTATION KMO.
ECHO '== factor2'.
FACTOR /VARIABLES=Q4_1 Q4_2 Q4_3 Q4_4 Q4_5 /CRITERIA=FACTORS(2) /EXTRACTION=PC /ROTATION=VARIMAX
  /PRINT=INITIAL EXTRACTION ROTATION KMO.
ECHO '== spearman'.
* PSPP 1.6 has no NONPAR CORR: Spearman is Pearson on average ranks of the pairs present in both (last, as
  SELECT IF drops the other cases for good).
SELECT IF NOT MISSING(Q4_1) AND NOT MISSING(Q5).
RANK VARIABLES=Q4_1 Q5 /RANK INTO R41 R5 /TIES=MEAN.
CORRELATIONS /VARIABLES=R41 R5.
`;

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  const q = await publishedQuestionnaire(t, owner, analysisDefinition());
  questionnaireId = q.id;
  for (const answers of analysisAnswers(RESPONSES)) await submitAnswers(t, q, answers);
  const job = await runExport(t, owner, q.id, "sav");
  expect(job.status).toBe("done");
  const file = await download(t, owner.token, q.id, job.id);
  const dir = fs.mkdtempSync(path.join(t.config.dataDir, "pspp-"));
  fs.writeFileSync(path.join(dir, "analysis.sav"), file.rawPayload);
  sections = new Map();
  let current: PsppItem[] = [];
  for (const item of runPsppSyntax(dir, SYNTAX)) {
    if (item.kind === "text" && item.text.startsWith("== ")) {
      current = [];
      sections.set(item.text.slice(3), current);
    } else current.push(item);
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------------------------------------------------
// Reading PSPP's tables

type Table = string[][];

/** The `nth` table of a section whose title starts with `title`. */
function table(section: string, title: string, nth = 0): Table {
  const tables = (sections.get(section) ?? []).filter(
    (item): item is Extract<PsppItem, { kind: "table" }> =>
      item.kind === "table" && item.title.startsWith(title),
  );
  const found = tables[nth];
  if (!found) throw new Error(`PSPP printed no table「${title}」#${nth} in ${section}`);
  return found.rows;
}

/**
 * The cells after the row's labels: the first row (from `from`) whose label cells include every label given,
 * in order. A table's label columns are those before its first number in every row; labels PSPP leaves blank
 * when they repeat are carried down, as a reader sees them. Rows without any number (headings) are skipped.
 */
function rowOf(rows: Table, labels: string[], from = 0): string[] {
  const numbered = rows.filter((row) => row.some(isNumber));
  const width = Math.min(...numbered.map((row) => row.findIndex(isNumber)));
  const carried: (string | undefined)[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as string[];
    if (!row.some(isNumber)) continue;
    for (let c = 0; c < width; c++) {
      if (row[c] === "") continue;
      carried.length = c;
      carried[c] = row[c];
    }
    if (r < from) continue;
    let k = 0;
    for (const cell of carried) if (cell === labels[k]) k++;
    if (k === labels.length) return row.slice(width);
  }
  throw new Error(`no row ${labels.join(" / ")} in ${JSON.stringify(rows.slice(0, 3))}`);
}

function isNumber(text: string): boolean {
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text.trim());
}

/** Ours within PSPP's printed precision (see the file comment), plus `slack` where a comment says why. */
function near(ours: number | null | undefined, printed: string | undefined, what: string, slack = 0): void {
  const text = (printed ?? "").trim();
  if (!isNumber(text)) throw new Error(`${what}: PSPP printed「${text}」`);
  const value = Number(text);
  const decimals = text.includes(".") ? text.length - text.indexOf(".") - 1 : 0;
  const tolerance = 0.5 * 10 ** -decimals + 1e-9 * Math.abs(value) + slack;
  expect(typeof ours, what).toBe("number");
  expect(Math.abs((ours as number) - value), `${what}: ours ${ours}, PSPP ${text}`).toBeLessThanOrEqual(
    tolerance,
  );
}

function exactly(ours: number | undefined, printed: string | undefined, what: string): void {
  expect(ours, what).toBe(Number((printed ?? "").trim()));
}

// ---------------------------------------------------------------------------------------------------------
// Asking the endpoint

type Outcome<M extends AnalysisOutcome["method"]> = Extract<AnalysisOutcome, { method: M }>;

async function analyse<M extends AnalysisOutcome["method"]>(
  request: { method: M } & Record<string, unknown>,
): Promise<Outcome<M>> {
  const res = await call<AnalysisResult>(t.app, "POST", "statistics/getAnalysis", {
    token: owner.token,
    json: { id: questionnaireId, request },
  });
  expect(res.body.msg, JSON.stringify(res.body.data)).toBe("操作成功");
  expect(res.body.data.responses).toBe(RESPONSES);
  return res.body.data.outcome as Outcome<M>;
}

function ok<T extends { ok: boolean }>(result: T | null | undefined, what: string): Extract<T, { ok: true }> {
  if (!result?.ok) throw new Error(`${what}: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

const LABELS = {
  Q1: "您的性别",
  Q2: "您的年龄段",
  Q3_A: "您在哪里购买: 网店",
  Q4_1: "满意度: 质量",
  Q4_2: "满意度: 价格",
  Q4_3: "满意度: 服务",
  Q4_4: "满意度: 物流",
  Q5: "月消费金额",
} as const;
const AGES = ["18-25岁", "26-35岁", "36-45岁", "46岁及以上"];

describe("统计分析 against PSPP on the product's .sav", () => {
  it("descriptives: DESCRIPTIVES, EXAMINE (HAVERAGE quartiles) and FREQUENCIES", async () => {
    const out = await analyse({ method: "descriptives", variables: ["Q5", "Q4_1", "Q1", "Q2", "channels"] });
    const all = table("descriptives", "Descriptive Statistics");
    const header = all[0] as string[];
    const examines = [0, 1].map((nth) => table("descriptives", "Descriptives", nth));
    const percentiles = [0, 1].map((nth) => table("descriptives", "Percentiles", nth));
    for (const [k, name] of (["Q5", "Q4_1"] as const).entries()) {
      const d = ok(out.items[k]?.descriptives, name);
      const row = rowOf(all, [LABELS[name]]);
      const cell = (column: string) => row[header.indexOf(column) - 1];
      exactly(d.n, cell("N"), `${name} N`);
      near(d.mean, cell("Mean"), `${name} mean`);
      near(d.se, cell("S.E. Mean"), `${name} se`);
      near(d.sd, cell("Std Dev"), `${name} sd`);
      near(d.variance, cell("Variance"), `${name} variance`);
      near(d.kurtosis, cell("Kurtosis"), `${name} kurtosis`);
      near(d.kurtosisSe, cell("S.E. Kurt"), `${name} kurtosis se`);
      near(d.skewness, cell("Skewness"), `${name} skewness`);
      near(d.skewnessSe, cell("S.E. Skew"), `${name} skewness se`);
      near(d.min, cell("Minimum"), `${name} min`);
      near(d.max, cell("Maximum"), `${name} max`);
      const examine = examines[k] as Table;
      near(d.ciLower, rowOf(examine, ["Lower Bound"])[0], `${name} CI lower`);
      near(d.ciUpper, rowOf(examine, ["Upper Bound"])[0], `${name} CI upper`);
      near(d.median, rowOf(examine, ["Median"])[0], `${name} median`);
      const [q1, , q3] = rowOf(percentiles[k] as Table, ["Weighted Average"]);
      near(d.q1, q1, `${name} Q1`);
      near(d.q3, q3, `${name} Q3`);
    }
    // Shares of coded answers: FREQUENCIES' Frequency and Valid Percent (PSPP has no Wilson interval: core's
    // tests check it against R's prop.test).
    for (const [k, name, categories] of [
      [2, "Q1", ["男", "女"]],
      [3, "Q2", AGES],
    ] as const) {
      const frequencies = table("descriptives", LABELS[name]);
      const item = out.items[k];
      expect(item?.variable.name).toBe(name);
      categories.forEach((label, c) => {
        const [frequency, , validPercent] = rowOf(frequencies, [label]);
        const share = item?.proportions[c];
        exactly(share?.count, frequency, `${name} ${label} count`);
        near((ok(share?.proportion, label).proportion ?? 0) * 100, validPercent, `${name} ${label} %`);
      });
    }
    // The multi-select's option shares among those who answered it: each option's FREQUENCIES of 选中.
    const channels = out.items[4];
    ["网店", "门店", "朋友推荐"].forEach((option, c) => {
      const frequencies = table("descriptives", `您在哪里购买: ${option}`);
      const [frequency, , validPercent] = rowOf(frequencies, ["选中"]);
      exactly(channels?.proportions[c]?.count, frequency, `${option} count`);
      near(ok(channels?.proportions[c]?.proportion, option).proportion * 100, validPercent, `${option} %`);
    });
  });

  it("crosstab: CROSSTABS counts, χ², likelihood ratio, phi and Cramér's V; Fisher's exact test for 2×2", async () => {
    const out = await analyse({ method: "crosstab", row: "Q1", column: "Q2" });
    const counts = table("crosstab", `${LABELS.Q1} × ${LABELS.Q2}`);
    ["男", "女"].forEach((label, r) => {
      const row = rowOf(counts, [label, "Count"]);
      out.table.counts[r]?.forEach((count, c) => {
        exactly(count, row[c], `count ${label} ${AGES[c]}`);
      });
      exactly(out.table.rowTotals[r], row[4], `row total ${label}`);
    });
    const totals = rowOf(counts, ["Total", "Count"]);
    out.table.columnTotals.forEach((total, c) => {
      exactly(total, totals[c], `column total ${c}`);
    });
    exactly(out.table.total, totals[4], "total");
    const chi = ok(out.chiSquare, "χ²");
    const tests = table("crosstab", "Chi-Square Tests");
    const [pearson, df, p] = rowOf(tests, ["Pearson Chi-Square"]);
    near(chi.chiSquare, pearson, "χ²");
    exactly(chi.df, df, "df");
    near(chi.p, p, "χ² p");
    const [lr, , lrP] = rowOf(tests, ["Likelihood Ratio"]);
    near(chi.likelihoodRatio, lr, "likelihood ratio");
    near(chi.likelihoodRatioP, lrP, "likelihood ratio p");
    exactly(chi.n, rowOf(tests, ["N of Valid Cases"])[0], "N");
    const measures = table("crosstab", "Symmetric Measures");
    near(chi.phi, rowOf(measures, ["Phi"])[0], "phi");
    near(chi.cramersV, rowOf(measures, ["Cramer's V"])[0], "Cramér's V");
    expect(out.fisher).toBeNull();
    // Column proportion letters (SPSS Custom Tables) have no PSPP 1.6 procedure: core's tests check them.
    expect(out.columnTests.ok).toBe(true);

    const small = await analyse({ method: "crosstab", row: "Q1", column: "Q3_A" });
    const smallTests = table("crosstab2x2", "Chi-Square Tests");
    near(ok(small.chiSquare, "2×2 χ²").chiSquare, rowOf(smallTests, ["Pearson Chi-Square"])[0], "2×2 χ²");
    // Core signs phi of a 2×2 table, (ad − bc)/√(row and column totals), as SPSS prints it; PSPP 1.6 prints
    // its size only.
    near(
      Math.abs(ok(small.chiSquare, "phi").phi),
      rowOf(table("crosstab2x2", "Symmetric Measures"), ["Phi"])[0],
      "2×2 |phi|",
    );
    const fisher = ok(small.fisher, "Fisher");
    const [, , , exact2, exact1] = rowOf(smallTests, ["Fisher's Exact Test"]);
    // PSPP sums the hypergeometric probabilities without capping, printing 1.00000002 where the sum is 1;
    // core caps p at 1. Its sums carry about 1e-8 of rounding, hence the slack.
    const capped = (text = "") => (Number(text) > 1 ? "1.000000000000" : text);
    near(fisher.p, capped(exact2), "Fisher two-sided", 1e-7);
    near(fisher.pOneSided, capped(exact1), "Fisher one-sided", 1e-7);

    // A multi-select set by 性别: each option's row is its 0/1 variable's 选中 row; columns count respondents.
    const set = await analyse({ method: "crosstab", row: "channels", column: "Q1" });
    expect(set.multipleResponse).toBe(true);
    ["网店", "门店", "朋友推荐"].forEach((option, r) => {
      const rows = table("crosstabSet", `您在哪里购买: ${option} × ${LABELS.Q1}`);
      const chosen = rowOf(rows, ["选中", "Count"]);
      set.table.counts[r]?.forEach((count, c) => {
        exactly(count, chosen[c], `${option} × ${c}`);
      });
      const totals = rowOf(rows, ["Total", "Count"]);
      set.table.columnTotals.forEach((total, c) => {
        exactly(total, totals[c], `set column ${c}`);
      });
      exactly(set.table.total, totals[2], "set total");
    });
  });

  it("independent-samples t: T-TEST GROUPS= with Levene, Student and Welch rows", async () => {
    const out = await analyse({ method: "independentT", test: ["Q5", "Q4_3"], group: "Q1" });
    expect(out.groups.map((g) => g.label)).toEqual(["男", "女"]);
    const stats = table("ttest", "Group Statistics");
    const tests = table("ttest", "Independent Samples Test");
    for (const [k, name] of (["Q5", "Q4_3"] as const).entries()) {
      const r = ok(out.items[k]?.result, name);
      const [n1, mean1, sd1] = rowOf(stats, [LABELS[name], "男"]);
      const [n2, mean2, sd2] = rowOf(stats, [LABELS[name], "女"]);
      exactly(r.n1, n1, `${name} n1`);
      exactly(r.n2, n2, `${name} n2`);
      near(r.mean1, mean1, `${name} mean1`);
      near(r.mean2, mean2, `${name} mean2`);
      near(r.sd1, sd1, `${name} sd1`);
      near(r.sd2, sd2, `${name} sd2`);
      const [f, fp, ...student] = rowOf(tests, [LABELS[name], "Equal variances assumed"]);
      near(r.levene?.f, f, `${name} Levene F`);
      near(r.levene?.p, fp, `${name} Levene p`);
      const welch = rowOf(tests, [LABELS[name], "Equal variances not assumed"]).slice(2);
      for (const [row, printed, label] of [
        [r.student, student, "Student"],
        [r.welch, welch, "Welch"],
      ] as const) {
        const [tValue, df, p, diff, se, lower, upper] = printed;
        near(row.t, tValue, `${name} ${label} t`);
        near(row.df, df, `${name} ${label} df`);
        near(row.p, p, `${name} ${label} p`);
        near(row.meanDifference, diff, `${name} ${label} difference`);
        near(row.seDifference, se, `${name} ${label} se`);
        near(row.ciLower, lower, `${name} ${label} CI lower`);
        near(row.ciUpper, upper, `${name} ${label} CI upper`);
      }
    }
  });

  it("one-way ANOVA: ONEWAY's table, Levene, Tukey HSD and Bonferroni", async () => {
    const out = await analyse({ method: "anova", test: ["Q5", "Q4_1"], group: "Q2", postHoc: "tukey" });
    expect(out.groups.map((g) => g.label)).toEqual(AGES);
    const descriptives = table("anova", "Descriptives");
    const anova = table("anova", "ANOVA");
    const levene = table("anova", "Test of Homogeneity of Variances");
    for (const [k, name] of (["Q5", "Q4_1"] as const).entries()) {
      const r = ok(out.items[k]?.result, name);
      AGES.forEach((age, g) => {
        const [n, mean] = rowOf(descriptives, [LABELS[name], age]);
        exactly(r.groupN[g], n, `${name} ${age} n`);
        near(r.groupMeans[g], mean, `${name} ${age} mean`);
      });
      const [ssb, dfb, msb, f, p] = rowOf(anova, [LABELS[name], "Between Groups"]);
      const [ssw, dfw, msw] = rowOf(anova, [LABELS[name], "Within Groups"]);
      const [sst] = rowOf(anova, [LABELS[name], "Total"]);
      near(r.ssBetween, ssb, `${name} SS between`);
      near(r.ssWithin, ssw, `${name} SS within`);
      near(r.ssTotal, sst, `${name} SS total`);
      exactly(r.dfBetween, dfb, `${name} df between`);
      exactly(r.dfWithin, dfw, `${name} df within`);
      near(r.msBetween, msb, `${name} MS between`);
      near(r.msWithin, msw, `${name} MS within`);
      near(r.f, f, `${name} F`);
      near(r.p, p, `${name} p`);
      // PSPP's ONEWAY prints no η²; it is SS between / SS total of the printed sums.
      near(r.etaSquared * Number(sst), ssb, `${name} η² × SS total`);
      const [lf, ldf1, ldf2, lp] = rowOf(levene, [LABELS[name]]);
      near(r.levene?.f, lf, `${name} Levene F`);
      exactly(r.levene?.df1, ldf1, `${name} Levene df1`);
      exactly(r.levene?.df2, ldf2, `${name} Levene df2`);
      near(r.levene?.p, lp, `${name} Levene p`);
      const comparisons = table("anova", `Multiple Comparisons (${LABELS[name]})`);
      const bonferroniStart = comparisons.findIndex((row) => row[0] === "Bonferroni");
      for (const [method, rows, from] of [
        ["Tukey HSD", r.tukey, 0],
        ["Bonferroni", r.bonferroni, bonferroniStart],
      ] as const) {
        expect(rows).toHaveLength(6);
        for (const row of rows) {
          // Core lists (i, j) with i > j and difference mean i − mean j: PSPP's row (I = i, J = j).
          const [diff, se, p, lower, upper] = rowOf(
            comparisons,
            [AGES[row.i] as string, AGES[row.j] as string],
            from,
          );
          const what = `${name} ${method} ${AGES[row.i]} − ${AGES[row.j]}`;
          near(row.meanDifference, diff, `${what} difference`);
          near(row.se, se, `${what} se`);
          // Tukey's p and interval come from integrals of the studentized range: PSPP runs R's ptukey and
          // qtukey algorithms, core @stdlib's. Checked against R, p agrees to about 1e-10 and the critical q to
          // about 1e-9, which the interval multiplies by the standard error: that much slack for Tukey.
          const tukey = method === "Tukey HSD";
          near(row.p, p, `${what} p`, tukey ? 1e-9 : 0);
          near(row.ciLower, lower, `${what} CI lower`, tukey ? 2e-9 * row.se : 0);
          near(row.ciUpper, upper, `${what} CI upper`, tukey ? 2e-9 * row.se : 0);
        }
      }
    }
  });

  it("Mann-Whitney U and Kruskal-Wallis H: NPAR TESTS /M-W= and /K-W=", async () => {
    const mw = await analyse({ method: "mannWhitney", test: ["Q4_3", "Q5"], group: "Q1" });
    const ranks = table("nonparametric", "Ranks", 0);
    const stats = table("nonparametric", "Test Statistics", 0);
    for (const [k, name] of (["Q4_3", "Q5"] as const).entries()) {
      const r = ok(mw.items[k]?.result, name);
      const [n1, rank1, sum1] = rowOf(ranks, [LABELS[name], "男"]);
      const [n2, rank2, sum2] = rowOf(ranks, [LABELS[name], "女"]);
      exactly(r.n1, n1, `${name} n1`);
      exactly(r.n2, n2, `${name} n2`);
      near(r.meanRank1, rank1, `${name} mean rank 1`);
      near(r.meanRank2, rank2, `${name} mean rank 2`);
      near(r.rankSum1, sum1, `${name} rank sum 1`);
      near(r.rankSum2, sum2, `${name} rank sum 2`);
      const [u, w, z, p] = rowOf(stats, [LABELS[name]]);
      near(r.u, u, `${name} U`);
      near(r.w, w, `${name} W`);
      near(r.z, z, `${name} Z`);
      near(r.p, p, `${name} p`);
    }
    const kw = await analyse({ method: "kruskalWallis", test: ["Q5", "Q4_1"], group: "Q2" });
    const kwRanks = table("nonparametric", "Ranks", 1);
    const kwStats = table("nonparametric", "Test Statistics", 1);
    const columns = kwStats[0] as string[];
    for (const [k, name] of (["Q5", "Q4_1"] as const).entries()) {
      const r = ok(kw.items[k]?.result, name);
      AGES.forEach((age, g) => {
        const [n, meanRank] = rowOf(kwRanks, [LABELS[name], age]);
        exactly(r.groupN[g], n, `${name} ${age} n`);
        near(r.meanRanks[g], meanRank, `${name} ${age} mean rank`);
      });
      const column = columns.indexOf(LABELS[name]) - 1;
      near(r.h, rowOf(kwStats, ["Chi-Square"])[column], `${name} H`);
      exactly(r.df, rowOf(kwStats, ["df"])[column], `${name} df`);
      near(r.p, rowOf(kwStats, ["Asymp. Sig."])[column], `${name} p`);
    }
  });

  it("paired t: T-TEST PAIRS= (PAIRED)", async () => {
    const out = await analyse({
      method: "pairedT",
      pairs: [
        ["Q4_1", "Q4_2"],
        ["Q4_3", "Q4_4"],
      ],
    });
    const correlations = table("paired", "Paired Samples Correlations");
    const tests = table("paired", "Paired Samples Test");
    for (const [k, [a, b]] of (
      [
        ["Q4_1", "Q4_2"],
        ["Q4_3", "Q4_4"],
      ] as const
    ).entries()) {
      const r = ok(out.items[k]?.result, `pair ${k}`);
      const pair = `Pair ${k + 1}`;
      const [n, correlation] = rowOf(correlations, [pair]);
      exactly(r.n, n, `${pair} n`);
      near(r.correlation, correlation, `${pair} correlation`);
      const [mean, sd, se, lower, upper, tValue, df, p] = rowOf(tests, [pair, `${LABELS[a]} - ${LABELS[b]}`]);
      near(r.meanDifference, mean, `${pair} mean difference`);
      near(r.sdDifference, sd, `${pair} sd of differences`);
      near(r.seDifference, se, `${pair} se`);
      near(r.ciLower, lower, `${pair} CI lower`);
      near(r.ciUpper, upper, `${pair} CI upper`);
      near(r.t, tValue, `${pair} t`);
      near(r.df, df, `${pair} df`);
      near(r.p, p, `${pair} p`);
    }
  });

  it("correlation: CORRELATIONS (pairwise) for Pearson, Pearson on RANK's ranks for Spearman", async () => {
    const names = ["Q4_1", "Q4_2", "Q4_3", "Q5"] as const;
    const out = await analyse({ method: "correlation", variables: [...names], kind: "pearson" });
    const matrix = table("correlation", "Correlations");
    const header = matrix[0] as string[];
    names.forEach((a, i) => {
      names.forEach((b, j) => {
        const cell = ok(out.matrix[i]?.[j], `${a} × ${b}`);
        const column = header.indexOf(LABELS[b]) - 2;
        exactly(cell.n, rowOf(matrix, [LABELS[a], "N"])[column], `${a} × ${b} n`);
        near(cell.r, rowOf(matrix, [LABELS[a], "Pearson Correlation"])[column], `${a} × ${b} r`);
        // The diagonal has no p in PSPP (blank); core answers 0 there.
        if (i !== j) near(cell.p, rowOf(matrix, [LABELS[a], "Sig. (2-tailed)"])[column], `${a} × ${b} p`);
      });
    });
    const rho = await analyse({ method: "correlation", variables: ["Q4_1", "Q5"], kind: "spearman" });
    const ranks = table("spearman", "Correlations");
    const cell = ok(rho.matrix[0]?.[1], "ρ");
    const [, r] = rowOf(ranks, ["RANK of Q4_1", "Pearson Correlation"]);
    const [, p] = rowOf(ranks, ["RANK of Q4_1", "Sig. (2-tailed)"]);
    const [, n] = rowOf(ranks, ["RANK of Q4_1", "N"]);
    near(cell.r, r, "Spearman ρ");
    near(cell.p, p, "Spearman p");
    exactly(cell.n, n, "Spearman n");
  });

  it("regression: REGRESSION /METHOD=ENTER's model summary, ANOVA and coefficients", async () => {
    const out = await analyse({
      method: "regression",
      dependent: "Q5",
      independents: ["Q4_1", "Q4_3", "Q3_A"],
    });
    const r = ok(out.result, "regression");
    const [multipleR, r2, adjusted, se] = table("regression", "Model Summary")[1] as string[];
    near(Math.sqrt(r.rSquared), multipleR, "R");
    near(r.rSquared, r2, "R²");
    near(r.adjustedRSquared, adjusted, "adjusted R²");
    near(r.residualSe, se, "SE of the estimate");
    const anova = table("regression", "ANOVA");
    const [, dfRegression, , f, p] = rowOf(anova, ["Regression"]);
    const [, dfResidual] = rowOf(anova, ["Residual"]);
    const [, dfTotal] = rowOf(anova, ["Total"]);
    exactly(r.dfRegression, dfRegression, "df regression");
    exactly(r.dfResidual, dfResidual, "df residual");
    exactly(r.n - 1, dfTotal, "n − 1");
    near(r.f, f, "F");
    near(r.p, p, "F p");
    const coefficients = table("regression", "Coefficients");
    for (const coefficient of r.coefficients) {
      const label =
        coefficient.term === "intercept"
          ? "(Constant)"
          : LABELS[(["Q4_1", "Q4_3", "Q3_A"] as const)[coefficient.term] ?? "Q5"];
      const [b, bse, beta, tValue, tp] = rowOf(coefficients, [label]);
      near(coefficient.b, b, `${label} B`);
      near(coefficient.se, bse, `${label} SE`);
      // PSPP prints Beta 0 for the constant, where core has none; VIF is not printed by PSPP 1.6.
      if (coefficient.beta !== null) near(coefficient.beta, beta, `${label} Beta`);
      near(coefficient.t, tValue, `${label} t`);
      // PSPP 1.6.2 tests the constant with n − k df instead of n − k − 1 (its slopes use n − k − 1, as do R's
      // summary.lm and core: on this data R gives 2·pt(−2.6006, 54) = 0.011979, PSPP 0.011928 = the same with 55).
      if (coefficient.term !== "intercept") near(coefficient.p, tp, `${label} p`);
    }
  });

  it("logistic: LOGISTIC REGRESSION's model summary, classification and variables in the equation", async () => {
    const out = await analyse({ method: "logistic", dependent: "Q1", independents: ["Q5", "Q4_1"] });
    // 男 (1) is coded 0 and 女 (2) 1, as PSPP's Dependent Variable Encoding does.
    expect(out.categories.map((c) => c.label)).toEqual(["男", "女"]);
    const r = ok(out.result, "logistic");
    const [, minus2ll, coxSnell, nagelkerke] = table("logistic", "Model Summary")[1] as string[];
    near(r.minus2LogLikelihood, minus2ll, "−2LL");
    near(r.coxSnellR2, coxSnell, "Cox & Snell R²");
    near(r.nagelkerkeR2, nagelkerke, "Nagelkerke R²");
    const classification = table("logistic", "Classification Table");
    const [zeroZero, zeroOne] = rowOf(classification, ["男"]);
    const [oneZero, oneOne] = rowOf(classification, ["女"]);
    expect(r.classification.flat()).toEqual([zeroZero, zeroOne, oneZero, oneOne].map(Number));
    const equation = table("logistic", "Variables in the Equation");
    for (const coefficient of r.coefficients) {
      const label =
        coefficient.term === "intercept"
          ? "Constant"
          : LABELS[(["Q5", "Q4_1"] as const)[coefficient.term] ?? "Q5"];
      const [b, se, wald, df, p, expB, lower, upper] = rowOf(equation, [label]);
      near(coefficient.b, b, `${label} B`);
      near(coefficient.se, se, `${label} SE`);
      near(coefficient.wald, wald, `${label} Wald`);
      exactly(1, df, `${label} df`);
      near(coefficient.p, p, `${label} p`);
      near(coefficient.expB, expB, `${label} Exp(B)`);
      if (coefficient.term !== "intercept") {
        near(coefficient.expLower, lower, `${label} lower`);
        near(coefficient.expUpper, upper, `${label} upper`);
      }
    }
  });

  it("reliability: RELIABILITY /SUMMARY=TOTAL, and α with a reverse-scored item", async () => {
    const items = ["Q4_1", "Q4_2", "Q4_3", "Q4_4", "Q4_5"];
    const out = await analyse({ method: "reliability", variables: items, reverse: [] });
    const r = ok(out.result, "α");
    const [alpha, count] = table("reliability", "Reliability Statistics")[1] as string[];
    near(r.alpha, alpha, "α");
    exactly(r.items, count, "items");
    exactly(r.n, rowOf(table("reliability", "Case Processing Summary"), ["Valid"])[0], "n");
    const total = table("reliability", "Item-Total Statistics");
    r.itemStatistics.forEach((item, k) => {
      const label = `满意度: ${["质量", "价格", "服务", "物流", "包装"][k]}`;
      const [mean, variance, corrected, alphaIfDeleted] = rowOf(total, [label]);
      near(item.scaleMeanIfDeleted, mean, `${label} mean if deleted`);
      near(item.scaleVarianceIfDeleted, variance, `${label} variance if deleted`);
      near(item.correctedItemTotal, corrected, `${label} corrected item-total r`);
      near(item.alphaIfDeleted, alphaIfDeleted, `${label} α if deleted`);
    });
    // PSPP 1.6 prints no α based on standardized items: core's tests check it against R's psych::alpha.
    const reversed = await analyse({ method: "reliability", variables: items, reverse: ["Q4_2"] });
    expect(reversed.reversed).toEqual(["Q4_2"]);
    near(
      ok(reversed.result, "reversed α").alpha,
      table("reliabilityReversed", "Reliability Statistics")[1]?.[0],
      "α with 价格 reversed",
    );
  });

  it("factor analysis: FACTOR /EXTRACTION=PC /ROTATION=VARIMAX with KMO and Bartlett", async () => {
    const items = ["Q4_1", "Q4_2", "Q4_3", "Q4_4", "Q4_5"];
    const labels = ["质量", "价格", "服务", "物流", "包装"].map((row) => `满意度: ${row}`);
    // The default (eigenvalue > 1) is given to PSPP explicitly: PSPP 1.6.2 without /CRITERIA kept four
    // components of eigenvalue below 1 on this data.
    for (const [section, factors] of [
      ["factor", undefined],
      ["factor2", 2],
    ] as const) {
      const out = await analyse({ method: "factor", variables: items, ...(factors ? { factors } : {}) });
      const r = ok(out.result, section);
      const kmo = table(section, "KMO and Bartlett's Test");
      near(r.kmo, rowOf(kmo, ["Kaiser-Meyer-Olkin Measure of Sampling Adequacy"])[0], `${section} KMO`);
      near(r.bartlett?.chiSquare, rowOf(kmo, ["Approx. Chi-Square"])[0], `${section} Bartlett χ²`);
      exactly(r.bartlett?.df, rowOf(kmo, ["df"])[0], `${section} Bartlett df`);
      near(r.bartlett?.p, rowOf(kmo, ["Sig."])[0], `${section} Bartlett p`);
      const variance = table(section, "Total Variance Explained");
      r.eigenvalues.forEach((eigenvalue, c) => {
        const [total, percent, cumulative, , , , rotatedTotal, rotatedPercent] =
          variance.find((row) => row[0] === String(c + 1))?.slice(1) ?? [];
        near(eigenvalue, total, `${section} eigenvalue ${c + 1}`);
        near(r.varianceExplained[c], percent, `${section} % of variance ${c + 1}`);
        near(r.cumulative[c], cumulative, `${section} cumulative % ${c + 1}`);
        if (r.rotatedVariance && c < r.factors) {
          near(r.rotatedVariance[c], rotatedPercent, `${section} rotated % ${c + 1}`);
          near(
            ((r.rotatedVariance[c] ?? 0) * items.length) / 100,
            rotatedTotal,
            `${section} rotated SS ${c + 1}`,
          );
        }
      });
      expect(r.factors).toBe(factors ?? 1);
      const communalities = table(section, "Communalities");
      for (const [v, label] of labels.entries())
        near(r.communalities[v], rowOf(communalities, [label])[1], `${section} h² ${label}`);
      // Loadings agree up to each column's sign (an eigenvector's sign is arbitrary): core makes each column's
      // largest entry positive; PSPP keeps the sign its eigen-solver gives.
      for (const [title, loadings] of [
        ["Component Matrix", r.loadings],
        ["Rotated Component Matrix", r.rotated],
      ] as const) {
        if (loadings === null) {
          // One component: nothing to rotate (PSPP repeats the unrotated matrix).
          expect(r.factors).toBe(1);
          continue;
        }
        const printed = labels.map((label) => rowOf(table(section, title), [label]).map(Number));
        for (let c = 0; c < r.factors; c++) {
          const column = printed.map((row) => row[c] ?? 0);
          const largest = column.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
          const sign = Math.sign(largest);
          labels.forEach((label, v) => {
            const cell = rowOf(table(section, title), [label])[c];
            near((loadings[v]?.[c] ?? Number.NaN) * sign, cell, `${section} ${title} ${label} ${c + 1}`);
          });
        }
      }
    }
  });
});
