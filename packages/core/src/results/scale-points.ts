import type { Question } from "../survey/definition/question.ts";
import type { LikertConfig } from "../survey/types/rating/likert.ts";

/** A point of a scale and the caption its designer gave it. */
export type PointLabel = readonly [value: number, label: string];

function labelled(pairs: readonly (readonly [number, string | undefined])[]): PointLabel[] {
  return pairs.flatMap(([value, label]) => {
    const text = label?.trim() ?? "";
    return text === "" ? [] : [[value, text] as const];
  });
}

/**
 * The captions of a 量表 (or 矩阵量表's scale) as the answer page shows them: one per point when the question
 * has `labels` (they replace the end labels there), else the two ends'. A blank caption is none.
 */
export function likertPointLabels(scale: LikertConfig): PointLabel[] {
  const last = scale.start + scale.points - 1;
  if (scale.labels)
    return labelled(Array.from({ length: scale.points }, (_, i) => [scale.start + i, scale.labels?.[i]]));
  return labelled([
    [scale.start, scale.minLabel],
    [last, scale.maxLabel],
  ]);
}

/**
 * The labelled points of a scale question: 量表 and 矩阵量表 (ends or every point), NPS (0 and 10), 星级评分
 * (a caption per star when it has them). Empty for every other question, and for points left without one.
 */
export function scalePointLabels(question: Question): PointLabel[] {
  switch (question.type) {
    case "likert":
      return likertPointLabels(question.config);
    case "matrixScale":
      return likertPointLabels(question.config.scale);
    case "nps":
      return labelled([
        [0, question.config.minLabel],
        [10, question.config.maxLabel],
      ]);
    case "star":
      return labelled((question.config.labels ?? []).slice(0, question.config.max).map((l, i) => [i + 1, l]));
    default:
      return [];
  }
}

/**
 * 分题统计's caption of each point: the number, with the designer's caption in brackets where it has one —
 * "1（非常不满意）", "3", "5（非常满意）" — so the page and the report name the ends as the respondent saw
 * them, and the numbers the average is taken over stay in sight.
 */
export function pointCaption(labels: readonly PointLabel[]): (value: number) => string {
  const byValue = new Map(labels);
  return (value) => {
    const label = byValue.get(value);
    return label === undefined ? String(value) : `${value}（${label}）`;
  };
}

/** The questions whose answers are points of a scale. */
type ScaleQuestion = Extract<Question, { type: "star" | "nps" | "likert" | "matrixScale" }>;

/** A scale question's points and the caption of each (any other value: its number). */
export interface ScaleCategories {
  values: number[];
  label(value: number): string;
}

function span(from: number, to: number): number[] {
  return Array.from({ length: Math.max(to - from + 1, 0) }, (_, i) => from + i);
}

/**
 * Every point of a scale question with 分题统计's caption — 量表 and 矩阵量表 "1（非常不满意）" … "5（非常满意）",
 * NPS 0–10 (its ends captioned likewise), 星级 its star's caption or "n星" — so statistics, 交叉分析 and
 * 统计分析's categories name a point alike. Null for any other question.
 */
export function scaleCategories(question: ScaleQuestion): ScaleCategories;
export function scaleCategories(question: Question): ScaleCategories | null;
export function scaleCategories(question: Question): ScaleCategories | null {
  switch (question.type) {
    case "star": {
      const { max, labels } = question.config;
      return { values: span(1, max), label: (v) => labels?.[v - 1] || `${v}星` };
    }
    case "nps":
      return { values: span(0, 10), label: pointCaption(scalePointLabels(question)) };
    case "likert":
    case "matrixScale": {
      const scale = question.type === "likert" ? question.config : question.config.scale;
      return {
        values: span(scale.start, scale.start + scale.points - 1),
        label: pointCaption(likertPointLabels(scale)),
      };
    }
    default:
      return null;
  }
}
