import type { ScoringRule } from "../definition/scoring-rule.ts";
import type { ScoreResult } from "../types/module.ts";

interface MatchOptions {
  match: "exact" | "contains";
  ignoreCase: boolean;
  ignoreSpaces: boolean;
}

function fold(text: string, options: MatchOptions): string {
  // NFKC folds full-width letters and digits (Ａ１ → A1), common in Chinese input methods.
  let folded = text.normalize("NFKC");
  folded = options.ignoreSpaces ? folded.replace(/\s+/g, "") : folded.trim();
  return options.ignoreCase ? folded.toLowerCase() : folded;
}

export function textMatches(answer: string, accepted: readonly string[], options: MatchOptions): boolean {
  const given = fold(answer, options);
  if (given === "") return false;
  return accepted.some((candidate) => {
    const expected = fold(candidate, options);
    return options.match === "exact" ? given === expected : expected !== "" && given.includes(expected);
  });
}

/** Scores a text answer (`text`, `manual`) or blanks keyed by blank id (`blanks`). */
export function scoreText(
  answer: string | Readonly<Record<string, string>> | undefined,
  rule: ScoringRule,
): ScoreResult {
  switch (rule.mode) {
    case "text": {
      const ok = typeof answer === "string" && textMatches(answer, rule.accepted, rule);
      return { score: ok ? rule.points : 0, max: rule.points, manual: false };
    }
    case "blanks": {
      const entries = Object.entries(rule.accepted);
      const max = entries.length * rule.pointsPerBlank;
      if (answer === undefined || typeof answer === "string") return { score: 0, max, manual: false };
      const right = entries.filter(([blankId, accepted]) =>
        textMatches(answer[blankId] ?? "", accepted, rule),
      );
      return { score: right.length * rule.pointsPerBlank, max, manual: false };
    }
    case "manual":
      return { score: 0, max: rule.points, manual: true };
    case "single":
    case "allOrNothing":
    case "partialNoWrong":
    case "partial":
    case "perOption":
      return { score: 0, max: 0, manual: false };
  }
}
