import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  chiSquareTest,
  cronbachAlpha,
  descriptives,
  factorAnalysis,
  fisherExact2x2,
  independentTTest,
  itemAnalysis,
  kruskalWallis,
  linearRegression,
  logisticRegression,
  type StatInput as Maybe,
  mannWhitneyU,
  oneWayAnova,
  pairedTTest,
  pearson,
  proportionWilson,
  rake,
  type StatResult,
  spearman,
} from "@wjgj/core/stats/index";
import { GROUP_SHARE } from "@wjgj/core/stats/item-analysis";
import { seededRandom } from "@wjgj/core/survey/shared/random";
import { afterAll, describe, expect, it } from "vitest";
import { runR } from "./rscript.ts";

/**
 * The statistics of 统计分析 (core's stats) against R on data drawn at random, many datasets per method in one
 * Rscript run. The unit tests beside each method check it against R's and PSPP's printed figures for a few
 * textbook datasets; this one varies what textbooks keep tidy: group sizes from 3 to 60, Likert answers full of
 * ties, skewed values, missing answers, tables with empty-ish cells. Every figure a researcher copies from the
 * result (statistic, degrees of freedom, p, intervals, coefficients) must agree with R to 7 significant digits
 * (Tukey's p, which both sides integrate numerically, to 5). The first run found the χ² upper tail
 * losing digits below 1e-9 (stats/distributions.ts).
 */

/** Seeded (core's mulberry32): the same datasets every run, so a failure names one that can be re-run. */
const random = seededRandom;
type Draw = ReturnType<typeof random>;
const int = (draw: Draw, lo: number, hi: number) => lo + Math.floor(draw() * (hi - lo + 1));
/** A 1–5 answer leaning towards `lean` (ties everywhere, as in a survey). */
const likert = (draw: Draw, lean: number) => Math.min(5, Math.max(1, Math.round(lean + (draw() - 0.5) * 3)));
/** A positive, right-skewed value with three decimals (answer times, amounts). */
const skewed = (draw: Draw, scale: number) => Math.round(-Math.log(1 - draw()) * scale * 1000) / 1000;
/** Roughly normal (sum of uniforms), two decimals. */
const normalish = (draw: Draw, mean: number, sd: number) =>
  Math.round((mean + sd * (draw() + draw() + draw() + draw() - 2) * Math.sqrt(3)) * 100) / 100;
/** Leaves an answer out now and then (a skipped question). */
const sometimesMissing = (draw: Draw, value: number): Maybe => (draw() < 0.08 ? null : value);

const rVector = (values: readonly Maybe[]) =>
  `c(${values.map((v) => (v === null || v === undefined ? "NA" : String(v))).join(",")})`;

interface Case {
  name: string;
  ours: Record<string, number>;
  /** R code that emits the same keys with `put("key", value)`. */
  r: string;
  /**
   * Figures bounded by 1 whose exact value may be 0 (α, item statistics): both sides' rounding noise there
   * (0 against 1.7e-16) is no disagreement, so they agree within this much as well. p-values never get it: a
   * tail probability of 1e-17 read as 0 is what this test is for.
   */
  absolute?: number;
}

const cases: Case[] = [];

function ok<T>(result: StatResult<T>, name: string): T {
  if (!result.ok) throw new Error(`${name}: ${result.message}`);
  return result as T;
}

function addCase(name: string, ours: Record<string, number>, r: string, absolute?: number) {
  cases.push({ name, ours, r, ...(absolute === undefined ? {} : { absolute }) });
}

function group(draw: Draw, size: number, kind: number, shift: number): Maybe[] {
  return Array.from({ length: size }, () =>
    sometimesMissing(
      draw,
      kind === 0
        ? likert(draw, 3 + shift)
        : kind === 1
          ? skewed(draw, 2 + shift)
          : normalish(draw, 50 + shift * 5, 10),
    ),
  );
}

for (let i = 0; i < 12; i++) {
  const draw = random(1000 + i);
  const kind = i % 3;
  const x = group(draw, int(draw, 4, 60), kind, 0);
  const y = group(draw, int(draw, 4, 60), kind, draw() - 0.5);
  const t = ok(independentTTest(x, y), "t");
  addCase(
    `independent t #${i}`,
    {
      welchT: t.welch.t,
      welchDf: t.welch.df,
      welchP: t.welch.p,
      welchLower: t.welch.ciLower,
      welchUpper: t.welch.ciUpper,
      studentT: t.student.t,
      studentP: t.student.p,
      studentLower: t.student.ciLower,
      studentUpper: t.student.ciUpper,
      leveneF: t.levene?.f ?? Number.NaN,
      leveneP: t.levene?.p ?? Number.NaN,
    },
    `x <- ${rVector(x)}; y <- ${rVector(y)}
w <- t.test(x, y); s <- t.test(x, y, var.equal = TRUE)
put("welchT", w$statistic); put("welchDf", w$parameter); put("welchP", w$p.value)
put("welchLower", w$conf.int[1]); put("welchUpper", w$conf.int[2])
put("studentT", s$statistic); put("studentP", s$p.value)
put("studentLower", s$conf.int[1]); put("studentUpper", s$conf.int[2])
x <- x[!is.na(x)]; y <- y[!is.na(y)]; v <- c(x, y); g <- factor(rep(1:2, c(length(x), length(y))))
l <- anova(lm(abs(v - ave(v, g)) ~ g)); put("leveneF", l[1, "F value"]); put("leveneP", l[1, "Pr(>F)"])`,
  );

  const n = int(draw, 5, 50);
  const before = group(draw, n, kind, 0);
  const after = before.map((v) =>
    v === null || v === undefined
      ? v
      : sometimesMissing(draw, kind === 0 ? likert(draw, v) : v + normalish(draw, 0.5, 2)),
  );
  const paired = ok(pairedTTest(before, after), "paired");
  addCase(
    `paired t #${i}`,
    { t: paired.t, df: paired.df, p: paired.p, lower: paired.ciLower, upper: paired.ciUpper },
    `a <- ${rVector(before)}; b <- ${rVector(after)}; keep <- !is.na(a) & !is.na(b)
r <- t.test(a[keep], b[keep], paired = TRUE)
put("t", r$statistic); put("df", r$parameter); put("p", r$p.value); put("lower", r$conf.int[1]); put("upper", r$conf.int[2])`,
  );

  const pr = ok(pearson(before, after), "pearson");
  const sp = ok(spearman(before, after), "spearman");
  addCase(
    `correlation #${i}`,
    { pearsonR: pr.r, pearsonP: pr.p, spearmanRho: sp.r, spearmanP: sp.p },
    `a <- ${rVector(before)}; b <- ${rVector(after)}
p <- cor.test(a, b); s <- suppressWarnings(cor.test(a, b, method = "spearman", exact = FALSE))
put("pearsonR", p$estimate); put("pearsonP", p$p.value); put("spearmanRho", s$estimate); put("spearmanP", s$p.value)`,
  );

  const mw = ok(mannWhitneyU(x, y), "mann-whitney");
  const mwc = ok(mannWhitneyU(x, y, { continuityCorrection: true }), "mann-whitney corrected");
  addCase(
    `Mann-Whitney #${i}`,
    { u1: mw.u1, p: mw.p, pCorrected: mwc.p },
    `x <- ${rVector(x)}; y <- ${rVector(y)}
r <- wilcox.test(x, y, exact = FALSE, correct = FALSE); rc <- wilcox.test(x, y, exact = FALSE, correct = TRUE)
put("u1", r$statistic); put("p", r$p.value); put("pCorrected", rc$p.value)`,
  );
}

for (let i = 0; i < 10; i++) {
  const draw = random(2000 + i);
  const kind = i % 3;
  const groups = Array.from({ length: int(draw, 2, 6) }, () =>
    group(draw, int(draw, 3, 40), kind, draw() - 0.5),
  );
  const anova = ok(oneWayAnova(groups), "anova");
  const kw = ok(kruskalWallis(groups), "kruskal-wallis");
  const ours: Record<string, number> = {
    f: anova.f,
    p: anova.p,
    dfWithin: anova.dfWithin,
    leveneF: anova.levene?.f ?? Number.NaN,
    leveneP: anova.levene?.p ?? Number.NaN,
    h: kw.h,
    hP: kw.p,
  };
  for (const row of anova.tukey) {
    ours[`tukey${row.i}-${row.j}`] = row.meanDifference;
    ours[`tukeyP${row.i}-${row.j}`] = row.p;
    ours[`tukeyLower${row.i}-${row.j}`] = row.ciLower;
    ours[`tukeyUpper${row.i}-${row.j}`] = row.ciUpper;
  }
  addCase(
    `one-way ANOVA and Kruskal-Wallis #${i}`,
    ours,
    `gs <- list(${groups.map((g) => rVector(g)).join(", ")}); gs <- lapply(gs, function(g) g[!is.na(g)])
v <- unlist(gs); g <- factor(rep(seq_along(gs), lengths(gs)))
a <- oneway.test(v ~ g, var.equal = TRUE)
put("f", a$statistic); put("p", a$p.value); put("dfWithin", a$parameter[2])
l <- anova(lm(abs(v - ave(v, g)) ~ g)); put("leveneF", l[1, "F value"]); put("leveneP", l[1, "Pr(>F)"])
k <- kruskal.test(gs); put("h", k$statistic); put("hP", k$p.value)
tk <- TukeyHSD(aov(v ~ g))$g
for (row in rownames(tk)) {
  ij <- as.integer(strsplit(row, "-")[[1]]) - 1
  key <- paste0(ij[1], "-", ij[2])
  put(paste0("tukey", key), tk[row, "diff"]); put(paste0("tukeyP", key), tk[row, "p adj"])
  put(paste0("tukeyLower", key), tk[row, "lwr"]); put(paste0("tukeyUpper", key), tk[row, "upr"])
}`,
  );
}

for (let i = 0; i < 10; i++) {
  const draw = random(3000 + i);
  const rows = int(draw, 2, 5);
  const cols = int(draw, 2, 5);
  const table = Array.from({ length: rows }, () => Array.from({ length: cols }, () => int(draw, 1, 40)));
  const chi = ok(chiSquareTest(table), "chi-square");
  addCase(
    `chi-square #${i}`,
    {
      chi: chi.chiSquare,
      df: chi.df,
      p: chi.p,
      lr: chi.likelihoodRatio,
      lrP: chi.likelihoodRatioP,
      v: chi.cramersV,
    },
    `o <- matrix(${rVector(table.flat())}, nrow = ${rows}, byrow = TRUE)
r <- suppressWarnings(chisq.test(o, correct = FALSE))
put("chi", r$statistic); put("df", r$parameter); put("p", r$p.value)
lr <- 2 * sum(o * log(o / r$expected)); put("lr", lr); put("lrP", pchisq(lr, r$parameter, lower.tail = FALSE))
put("v", sqrt(r$statistic / (sum(o) * (min(dim(o)) - 1))))`,
  );
  const two = [
    [int(draw, 0, 12), int(draw, 1, 12)],
    [int(draw, 1, 12), int(draw, 0, 12)],
  ];
  const fisher = ok(fisherExact2x2(two), "fisher");
  addCase(
    `Fisher 2×2 #${i}`,
    { p: fisher.p },
    `put("p", fisher.test(matrix(${rVector(two.flat())}, nrow = 2, byrow = TRUE))$p.value)`,
  );
}

for (let i = 0; i < 8; i++) {
  const draw = random(4000 + i);
  const n = int(draw, 15, 120);
  const k = int(draw, 1, 4);
  const xs = Array.from({ length: k }, (_, j) =>
    Array.from({ length: n }, () =>
      sometimesMissing(draw, j % 2 === 0 ? likert(draw, 3) : normalish(draw, 10, 3)),
    ),
  );
  const y = Array.from({ length: n }, (_, row) =>
    sometimesMissing(
      draw,
      Math.round(
        (xs.reduce<number>((sum, x, j) => sum + (j + 1) * 0.4 * Number(x[row] ?? 0), 0) +
          normalish(draw, 0, 2)) *
          100,
      ) / 100,
    ),
  );
  const lm = ok(linearRegression(y, xs), "regression");
  const ours: Record<string, number> = {
    r2: lm.rSquared,
    adjR2: lm.adjustedRSquared,
    f: lm.f,
    p: lm.p,
    sigma: lm.residualSe,
  };
  lm.coefficients.forEach((c, j) => {
    ours[`b${j}`] = c.b;
    ours[`se${j}`] = c.se;
    ours[`t${j}`] = c.t;
    ours[`p${j}`] = c.p;
    if (c.beta !== null) ours[`beta${j}`] = c.beta;
    if (c.vif !== null) ours[`vif${j}`] = c.vif;
  });
  const data = `y <- ${rVector(y)}; ${xs.map((x, j) => `x${j} <- ${rVector(x)}`).join("; ")}`;
  addCase(
    `linear regression #${i}`,
    ours,
    `${data}
m <- lm(y ~ ${xs.map((_, j) => `x${j}`).join(" + ")}); s <- summary(m); co <- coef(s)
put("r2", s$r.squared); put("adjR2", s$adj.r.squared); put("f", s$fstatistic[1])
put("p", pf(s$fstatistic[1], s$fstatistic[2], s$fstatistic[3], lower.tail = FALSE)); put("sigma", s$sigma)
for (j in seq_len(nrow(co))) {
  put(paste0("b", j - 1), co[j, 1]); put(paste0("se", j - 1), co[j, 2]); put(paste0("t", j - 1), co[j, 3]); put(paste0("p", j - 1), co[j, 4])
}
d <- model.frame(m); xs <- d[, -1, drop = FALSE]
for (j in seq_len(ncol(xs))) {
  put(paste0("beta", j), coef(m)[j + 1] * sd(xs[, j]) / sd(d[, 1]))
  others <- xs[, -j, drop = FALSE]
  put(paste0("vif", j), if (ncol(others) == 0) 1 else 1 / (1 - summary(lm(xs[, j] ~ ., data = others))$r.squared))
}`,
  );

  const outcome = y.map((v, row) =>
    v === null || v === undefined
      ? v
      : draw() < 1 / (1 + Math.exp(-(Number(xs[0]?.[row] ?? 0) - 3 + draw() * 2 - 1)))
        ? 1
        : 0,
  );
  const logit = logisticRegression(outcome, xs);
  if (logit.ok) {
    const oursLogit: Record<string, number> = {
      chi: logit.modelChiSquare,
      chiP: logit.modelP,
      minus2LL: logit.minus2LogLikelihood,
      coxSnell: logit.coxSnellR2,
      nagelkerke: logit.nagelkerkeR2,
      correct: logit.percentCorrect,
    };
    logit.coefficients.forEach((c, j) => {
      oursLogit[`b${j}`] = c.b;
      oursLogit[`se${j}`] = c.se;
      oursLogit[`p${j}`] = c.p;
    });
    addCase(
      `logistic regression #${i}`,
      oursLogit,
      `y <- ${rVector(outcome)}; ${xs.map((x, j) => `x${j} <- ${rVector(x)}`).join("; ")}
m <- glm(y ~ ${xs.map((_, j) => `x${j}`).join(" + ")}, family = binomial, control = glm.control(epsilon = 1e-14, maxit = 100))
co <- coef(summary(m)); chi <- m$null.deviance - m$deviance
put("chi", chi); put("chiP", pchisq(chi, m$df.null - m$df.residual, lower.tail = FALSE)); put("minus2LL", m$deviance)
n <- nobs(m); cs <- 1 - exp(-chi / n); put("coxSnell", cs); put("nagelkerke", cs / (1 - exp(-m$null.deviance / n)))
put("correct", 100 * mean((fitted(m) >= 0.5) == (m$y == 1)))
for (j in seq_len(nrow(co))) { put(paste0("b", j - 1), co[j, 1]); put(paste0("se", j - 1), co[j, 2]); put(paste0("p", j - 1), co[j, 4]) }`,
    );
  }
}

for (let i = 0; i < 8; i++) {
  const draw = random(5000 + i);
  const n = int(draw, 6, 80);
  const items = int(draw, 2, 8);
  const trait = Array.from({ length: n }, () => 1 + draw() * 4);
  const columns = Array.from({ length: items }, () =>
    trait.map((level) => sometimesMissing(draw, likert(draw, level))),
  );
  const alpha = ok(cronbachAlpha(columns), "cronbach");
  addCase(
    `Cronbach's alpha #${i}`,
    { alpha: alpha.alpha, standardized: alpha.standardizedAlpha ?? Number.NaN, n: alpha.n },
    `m <- cbind(${columns.map((c) => rVector(c)).join(", ")}); m <- m[complete.cases(m), , drop = FALSE]; k <- ncol(m)
put("alpha", k / (k - 1) * (1 - sum(apply(m, 2, var)) / var(rowSums(m))))
r <- cor(m); rbar <- mean(r[upper.tri(r)]); put("standardized", k * rbar / (1 + (k - 1) * rbar)); put("n", nrow(m))`,
  );
}

for (let i = 0; i < 8; i++) {
  const draw = random(6000 + i);
  const values = group(draw, int(draw, 3, 90), i % 3, 0);
  const d = ok(descriptives(values), "descriptives");
  addCase(
    `descriptives #${i}`,
    { mean: d.mean, sd: d.sd, lower: d.ciLower, upper: d.ciUpper, median: d.median, q1: d.q1, q3: d.q3 },
    `x <- ${rVector(values)}; x <- x[!is.na(x)]; ci <- t.test(x)$conf.int
put("mean", mean(x)); put("sd", sd(x)); put("lower", ci[1]); put("upper", ci[2]); put("median", median(x))
q <- quantile(x, c(0.25, 0.75), type = 6); put("q1", max(min(x), q[1])); put("q3", min(max(x), q[2]))`,
  );
  const n = int(draw, 1, 400);
  const count = int(draw, 0, n);
  const share = ok(proportionWilson(count, n), "wilson");
  addCase(
    `Wilson interval #${i}`,
    { lower: share.ciLower, upper: share.ciUpper },
    `ci <- prop.test(${count}, ${n}, correct = FALSE)$conf.int; put("lower", ci[1]); put("upper", ci[2])`,
  );

  const variables = int(draw, 3, 7);
  const respondents = int(draw, variables + 5, 150);
  const traits = Array.from({ length: respondents }, () => [1 + draw() * 4, 1 + draw() * 4]);
  const columns = Array.from({ length: variables }, (_, j) =>
    traits.map((t) => sometimesMissing(draw, likert(draw, Number(t[j % 2])))),
  );
  const fa = ok(factorAnalysis(columns), "factor");
  const oursFactor: Record<string, number> = {
    kmo: fa.kmo ?? Number.NaN,
    bartlett: fa.bartlett?.chiSquare ?? Number.NaN,
    bartlettP: fa.bartlett?.p ?? Number.NaN,
  };
  fa.eigenvalues.forEach((value, j) => {
    oursFactor[`eigen${j}`] = value;
  });
  fa.communalities.forEach((value, j) => {
    oursFactor[`communality${j}`] = value;
  });
  addCase(
    `factor analysis #${i}`,
    oursFactor,
    `m <- cbind(${columns.map((c) => rVector(c)).join(", ")}); m <- m[complete.cases(m), , drop = FALSE]
r <- cor(m); p <- ncol(m); n <- nrow(m); e <- eigen(r, symmetric = TRUE)
for (j in seq_len(p)) put(paste0("eigen", j - 1), e$values[j])
f <- ${fa.factors}; l <- e$vectors[, 1:f, drop = FALSE] %*% diag(sqrt(e$values[1:f]), f)
for (j in seq_len(p)) put(paste0("communality", j - 1), sum(l[j, ]^2))
chi <- -((n - 1) - (2 * p + 5) / 6) * log(det(r)); put("bartlett", chi)
put("bartlettP", pchisq(chi, p * (p - 1) / 2, lower.tail = FALSE))
inv <- solve(r); q <- -inv / sqrt(outer(diag(inv), diag(inv))); off <- row(r) != col(r)
put("kmo", sum(r[off]^2) / (sum(r[off]^2) + sum(q[off]^2)))`,
  );
}

for (let i = 0; i < 6; i++) {
  const draw = random(7000 + i);
  const n = int(draw, 30, 200);
  const sizes = Array.from({ length: int(draw, 1, 3) }, () => int(draw, 2, 5));
  // Every category answered at least once (the first respondents go round them), then at random with a lean.
  const categories = Array.from({ length: n }, (_, row) =>
    sizes.map((size) => (row < size ? row : Math.min(size - 1, Math.floor(draw() ** 1.5 * size)))),
  );
  const targets = sizes.map((size) => {
    const raw = Array.from({ length: size }, () => 0.2 + draw());
    const sum = raw.reduce((a, b) => a + b, 0);
    return raw.map((v) => v / sum);
  });
  const raked = ok(rake(categories, targets, { tolerance: 1e-12, maxIterations: 1000 }), "rake");
  const oursRake: Record<string, number> = { efficiency: raked.efficiency };
  for (const row of [0, 1, n - 2, n - 1, int(draw, 0, n - 1)])
    oursRake[`w${row}`] = raked.weights[row] as number;
  addCase(
    `raking #${i}`,
    oursRake,
    `codes <- matrix(${rVector(categories.flat())}, ncol = ${sizes.length}, byrow = TRUE) + 1
targets <- list(${targets.map((t) => rVector(t)).join(", ")})
w <- rep(1, nrow(codes))
for (pass in 1:5000) {
  for (m in seq_along(targets)) {
    share <- tapply(w, factor(codes[, m], levels = seq_along(targets[[m]])), sum) / sum(w)
    w <- w * (targets[[m]] / share)[codes[, m]]
  }
  gap <- max(sapply(seq_along(targets), function(m)
    max(abs(tapply(w, factor(codes[, m], levels = seq_along(targets[[m]])), sum) / sum(w) - targets[[m]]))))
  if (gap < 1e-14) break
}
w <- w / mean(w)
for (row in c(${Object.keys(oursRake)
      .filter((k) => k.startsWith("w"))
      .map((k) => k.slice(1))
      .join(", ")})) put(paste0("w", row), w[row + 1])
put("efficiency", sum(w)^2 / (length(w) * sum(w^2)))`,
  );

  const values = Array.from({ length: n }, () => sometimesMissing(draw, likert(draw, 3)));
  const weighted = ok(descriptives(values, raked.weights), "weighted descriptives");
  addCase(
    `weighted descriptives #${i}`,
    { n: weighted.n, mean: weighted.mean, sd: weighted.sd, se: weighted.se },
    `x <- ${rVector(values)}; w <- c(${raked.weights.map((v) => v.toPrecision(17)).join(",")})
keep <- !is.na(x) & w > 0; x <- x[keep]; w <- w[keep]; W <- sum(w); m <- sum(w * x) / W
put("n", W); put("mean", m); s <- sqrt(sum(w * (x - m)^2) / (W - 1)); put("sd", s); put("se", s / sqrt(W))`,
  );
}

for (let i = 0; i < 8; i++) {
  const draw = random(8000 + i);
  const n = int(draw, 10, 200);
  const marks = Array.from({ length: int(draw, 3, 12) }, () => (draw() < 0.6 ? 1 : int(draw, 2, 10)));
  const ability = Array.from({ length: n }, () => draw());
  // Right or wrong, or partial marks, more often right for the abler; now and then not on the paper.
  const items = marks.map((full) => {
    const hardness = draw();
    return ability.map((level) =>
      draw() < 0.06
        ? null
        : full === 1
          ? Number(draw() < 0.25 + 0.7 * level - 0.3 * hardness + 0.1)
          : Math.min(full, Math.max(0, Math.round(full * (level + (draw() - 0.5) * 0.8)))),
    );
  });
  const analysis = itemAnalysis(items, marks);
  const oursItems: Record<string, number> = {
    respondents: analysis.respondents,
    groupSize: analysis.groupSize,
    alpha: analysis.alpha ?? Number.NaN,
  };
  analysis.items.forEach((item, j) => {
    oursItems[`p${j}`] = item.difficulty ?? Number.NaN;
    oursItems[`d${j}`] = item.discrimination ?? Number.NaN;
    oursItems[`r${j}`] = item.itemTotal ?? Number.NaN;
  });
  addCase(
    `item analysis #${i}`,
    oursItems,
    `m <- cbind(${items.map((c) => rVector(c)).join(", ")}); full <- ${rVector(marks)}
m <- m[rowSums(!is.na(m)) > 0, , drop = FALSE]; total <- rowSums(m, na.rm = TRUE); n <- nrow(m)
g <- floor(n * ${GROUP_SHARE} + 0.5); ranked <- order(-total, seq_len(n))
up <- ranked[seq_len(g)]; low <- ranked[(n - g + 1):n]
put("respondents", n); put("groupSize", g)
for (j in seq_len(ncol(m))) {
  x <- m[, j]; put(paste0("p", j - 1), mean(x, na.rm = TRUE) / full[j])
  put(paste0("d", j - 1), (mean(x[up], na.rm = TRUE) - mean(x[low], na.rm = TRUE)) / full[j])
  put(paste0("r", j - 1), cor(x, total - x, use = "complete.obs"))
}
cc <- m[complete.cases(m), , drop = FALSE]; k <- ncol(cc)
put("alpha", k / (k - 1) * (1 - sum(apply(cc, 2, var)) / var(rowSums(cc))))`,
    1e-12,
  );
}

/** Agreement to `digits` significant digits, or both below 1e-300 (a p R prints as < 2.2e-16 is still compared). */
function agrees(ours: number, reference: number, digits: number): boolean {
  if (Number.isNaN(ours) || Number.isNaN(reference)) return Number.isNaN(ours) && Number.isNaN(reference);
  if (ours === reference) return true;
  const scale = Math.max(Math.abs(reference), Math.abs(ours));
  if (scale < 1e-300) return true;
  return Math.abs(ours - reference) / scale < 0.5 * 10 ** (1 - digits);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-stats-r-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("统计分析 against R on random data", () => {
  it(`agrees with R on ${cases.length} datasets`, { timeout: 120_000 }, () => {
    const script = cases
      .map(
        (c, index) => `local({
  put <- function(key, value) emit(${index}, key, sprintf("%.17g", as.numeric(value)))
  ${c.r}
})`,
      )
      .join("\n");
    const reference = new Map<string, number>();
    for (const [index, key, value] of runR(dir, script)) reference.set(`${index}\u0000${key}`, Number(value));
    const disagreements: string[] = [];
    cases.forEach((c, index) => {
      for (const [key, ours] of Object.entries(c.ours)) {
        const theirs = reference.get(`${index}\u0000${key}`);
        const digits = key.startsWith("tukeyP") ? 5 : 7;
        if (theirs === undefined) disagreements.push(`${c.name} ${key}: R gave nothing (ours ${ours})`);
        else if (!agrees(ours, theirs, digits) && !(Math.abs(ours - theirs) < (c.absolute ?? 0)))
          disagreements.push(`${c.name} ${key}: ours ${ours}, R ${theirs}`);
      }
    });
    expect(disagreements).toEqual([]);
    // Every method above ran on every dataset drawn for it (none refused as degenerate); a logistic fit only
    // where the draw did not separate the outcomes.
    const logistic = cases.filter((c) => c.name.startsWith("logistic")).length;
    expect(logistic).toBeGreaterThanOrEqual(6);
    expect(cases.length - logistic).toBe(12 * 4 + 10 + 20 + 8 + 8 + 8 * 3 + 6 * 2 + 8);
  });
});
