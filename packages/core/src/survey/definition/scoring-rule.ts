import { z } from "zod";
import { idSchema } from "./ids.ts";

const points = z.number().finite().min(0);
const textMatch = {
  match: z.enum(["exact", "contains"]).default("exact"),
  ignoreCase: z.boolean().default(true),
  ignoreSpaces: z.boolean().default(true),
};

/**
 * How a question earns points in an exam (also usable for psychometric tests in any kind).
 * - `single` 唯一正确答案: full points when the chosen option is a correct one.
 * - `allOrNothing` 全部答对才得分: full points only when exactly the correct set is chosen.
 * - `partialNoWrong` 答对几项得几分、答错不得分: `perOption` per correct choice, zero if any wrong one is chosen.
 * - `partial` 答对几项得几分: `perOption` per correct choice, wrong choices are ignored.
 * - `perOption` 每个选项单独计分: the sum of the chosen options' `score` (psychometric tests).
 * - `text`: an accepted answer matched exactly or as a substring, optionally folding case and spaces.
 * - `blanks`: per blank of 多项填空/横向填空, each with its own accepted answers.
 * - `manual`: essays, graded by a person later; counts towards the maximum but scores 0 until graded.
 * Every mode clamps the result into [0, max].
 */
export const scoringRuleSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("single"), points }),
  z.object({ mode: z.literal("allOrNothing"), points }),
  z.object({ mode: z.literal("partialNoWrong"), points, perOption: points }),
  z.object({ mode: z.literal("partial"), points, perOption: points }),
  z.object({ mode: z.literal("perOption") }),
  // Accepted answers may be empty while the author drafts; checkDefinition refuses to publish it so.
  z.object({ mode: z.literal("text"), points, accepted: z.array(z.string()), ...textMatch }),
  z.object({
    mode: z.literal("blanks"),
    pointsPerBlank: points,
    accepted: z.record(idSchema, z.array(z.string())),
    ...textMatch,
  }),
  z.object({ mode: z.literal("manual"), points }),
]);
export type ScoringRule = z.output<typeof scoringRuleSchema>;
export type ScoringMode = ScoringRule["mode"];

export const scoringModeNames: Record<ScoringMode, string> = {
  single: "唯一正确答案",
  allOrNothing: "全部答对才得分",
  partialNoWrong: "答对几项得几分，答错不得分",
  partial: "答对几项得几分",
  perOption: "每个选项单独计分",
  text: "填空匹配",
  blanks: "多空匹配",
  manual: "人工评分",
};
