import type { Option } from "../definition/option.ts";
import type { ScoringRule } from "../definition/scoring-rule.ts";
import type { ScoreResult } from "../types/module.ts";

function clamp(score: number, max: number): number {
  return Math.min(Math.max(score, 0), Math.max(max, 0));
}

/** The best total `perOption` can reach: one option for single-select, the positive ones up to `maxPicks`. */
function perOptionMax(options: readonly Option[], maxPicks: number): number {
  const positive = options
    .map((option) => option.score ?? 0)
    .filter((score) => score > 0)
    .sort((a, b) => b - a);
  return positive.slice(0, maxPicks).reduce((sum, score) => sum + score, 0);
}

/**
 * Scores chosen option ids against a rule. `maxPicks` is 1 for single-select types and the selection limit
 * (or the option count) for multi-select ones; it only matters for the psychometric maximum.
 */
export function scoreChoice(
  chosen: readonly string[],
  options: readonly Option[],
  rule: ScoringRule,
  maxPicks: number,
): ScoreResult {
  const byId = new Map(options.map((option) => [option.id, option]));
  const correctIds = options.filter((option) => option.correct).map((option) => option.id);
  const rightPicks = chosen.filter((id) => byId.get(id)?.correct === true).length;
  const wrongPicks = chosen.length - rightPicks;
  switch (rule.mode) {
    case "single": {
      const score = chosen.length === 1 && rightPicks === 1 ? rule.points : 0;
      return { score, max: rule.points, manual: false };
    }
    case "allOrNothing": {
      const exact = correctIds.length > 0 && wrongPicks === 0 && rightPicks === correctIds.length;
      return { score: exact ? rule.points : 0, max: rule.points, manual: false };
    }
    case "partialNoWrong": {
      const score = wrongPicks > 0 ? 0 : rightPicks * rule.perOption;
      return { score: clamp(score, rule.points), max: rule.points, manual: false };
    }
    case "partial":
      return { score: clamp(rightPicks * rule.perOption, rule.points), max: rule.points, manual: false };
    case "perOption": {
      const max = perOptionMax(options, maxPicks);
      const raw = chosen.reduce((sum, id) => sum + (byId.get(id)?.score ?? 0), 0);
      return { score: clamp(raw, max), max, manual: false };
    }
    case "manual":
      return { score: 0, max: rule.points, manual: true };
    case "text":
    case "blanks":
      // Not a choice rule; the definition check reports it, scoring stays neutral.
      return { score: 0, max: 0, manual: false };
  }
}
