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
