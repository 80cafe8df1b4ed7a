import { z } from "zod";
import { idSchema } from "./ids.ts";

/**
 * Settings the engine itself needs. Presentation-only settings (themes, covers, …) live with the designer.
 * - `numbering`: "static" numbers answerable questions by position (in display order); "dynamic" numbers only
 *   the ones currently shown (continuous numbering under show logic); "none" shows no numbers.
 * - `randomizeQuestions` (题目随机): see `questionOrderSchema`. Like option shuffles it is seeded with
 *   `context.seed` (normally the respondent id); without a seed nothing is shuffled.
 */
/**
 * 随机组卷: one rule draws `count` questions from the owner's bank `bankId`, optionally only those carrying
 * `tag` and of `difficulty` (1 简单, 2 中等, 3 困难), each worth `points`. The server draws a paper per
 * candidate when they open the exam, keeps it, and grades their answers against it.
 */
export const paperRuleSchema = z.object({
  bankId: z.number().int().positive(),
  tag: z.string().trim().min(1).max(20).optional(),
  difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  count: z.number().int().min(1).max(200),
  points: z.number().int().min(1).max(100),
});
export type PaperRule = z.output<typeof paperRuleSchema>;

export const examSettingsSchema = z.object({
  passMark: z.number().finite().min(0).optional(),
  timeLimitMinutes: z.number().int().positive().optional(),
  showScoreAfterSubmit: z.boolean().default(true),
  showAnswersAfterSubmit: z.boolean().default(false),
  /** 显示每题分值: the paper shows each question's points after its title (「（5分）」) while answering. */
  showPointsOnPaper: z.boolean().optional(),
  /** 分数段: lower bounds in points (e.g. [0, 60, 75, 90]); without them the report uses 0/60/70/80/90 %. */
  scoreBands: z.array(z.number().finite().min(0)).max(20).optional(),
  /** 随机组卷 rules; absent or empty: every candidate answers the questions of the definition. */
  paperRules: z.array(paperRuleSchema).max(20).optional(),
  /** 随机组卷: drawn questions in rule order when false; shuffled together when absent or true. */
  paperShuffleQuestions: z.boolean().optional(),
  /** 随机组卷: each drawn choice question shows its options in a per-candidate order. */
  paperShuffleOptions: z.boolean().optional(),
});
export type ExamSettings = z.output<typeof examSettingsSchema>;

/**
 * 题目随机: items of the covered pages are shuffled per respondent. Fixed items keep their slot and cut the
 * page into runs; items move only within their run. Keeping runs apart is what keeps logic honest: the engine
 * evaluates in definition order, and with runs everything before (after) a fixed item is still shown before
 * (after) it, so a jump from a fixed item skips exactly the items the respondent sees below it.
 * 段落说明, 分割线, 题组 and 题组 members are always fixed: they structure the page.
 */
export const questionOrderSchema = z.object({
  /** Pages to shuffle; every page when absent. */
  pageIds: z.array(idSchema).max(500).optional(),
  /** Items that keep their position (e.g. a screening question first, an open question last). */
  fixedIds: z.array(idSchema).max(2000).default([]),
});
export type QuestionOrder = z.output<typeof questionOrderSchema>;

export const settingsSchema = z.object({
  numbering: z.enum(["static", "dynamic", "none"]).default("dynamic"),
  allowBack: z.boolean().default(true),
  randomizeQuestions: questionOrderSchema.optional(),
  exam: examSettingsSchema.optional(),
});
export type SurveySettings = z.output<typeof settingsSchema>;
