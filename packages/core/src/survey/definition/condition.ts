import { z } from "zod";
import { conditionLimitProblem, measureCondition } from "./condition-limits.ts";
import { idSchema } from "./ids.ts";

/** Comparison operators shared by question and computed-value comparisons. */
export const compareOps = ["eq", "ne", "gt", "lt", "ge", "le", "contains"] as const;
export type CompareOp = (typeof compareOps)[number];

/**
 * A show/jump/quota condition. Groups nest freely; leaves name the question they read.
 * - `selected` + `match: "any"`: at least one of the options is chosen; `"all"`: every one is chosen.
 * - `notSelected` + `match: "any"`: at least one of them is not chosen; `"all"`: none of them is chosen.
 * - `compare` reads the answer's value (number, text, date string; `key` picks a row/blank/part) and compares
 *   numerically when `value` is a number, otherwise as text (ISO dates and times order correctly as text).
 *   An unanswered question makes every comparison false, `ne` included: use `notAnswered` for that case.
 */
export type Condition =
  | { kind: "all"; conditions: Condition[] }
  | { kind: "any"; conditions: Condition[] }
  | { kind: "not"; condition: Condition }
  | { kind: "selected"; questionId: string; optionIds: string[]; match: "any" | "all" }
  | { kind: "notSelected"; questionId: string; optionIds: string[]; match: "any" | "all" }
  | { kind: "compare"; questionId: string; key?: string | undefined; op: CompareOp; value: number | string }
  | { kind: "computed"; computedId: string; op: CompareOp; value: number | string }
  | { kind: "answered"; questionId: string }
  | { kind: "notAnswered"; questionId: string }
  | { kind: "expression"; expression: string };

export type ConditionKind = Condition["kind"];

const matchSchema = z.enum(["any", "all"]);
const opSchema = z.enum(compareOps);
const literalSchema = z.union([z.number(), z.string()]);

/** The shape of a condition tree; only reached through `conditionSchema`, which bounds its size first. */
const conditionTreeSchema: z.ZodType<Condition> = z.lazy(() =>
  z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("all"), conditions: z.array(conditionTreeSchema) }),
    z.object({ kind: z.literal("any"), conditions: z.array(conditionTreeSchema) }),
    z.object({ kind: z.literal("not"), condition: conditionTreeSchema }),
    z.object({
      kind: z.literal("selected"),
      questionId: idSchema,
      optionIds: z.array(idSchema).min(1),
      match: matchSchema,
    }),
    z.object({
      kind: z.literal("notSelected"),
      questionId: idSchema,
      optionIds: z.array(idSchema).min(1),
      match: matchSchema,
    }),
    z.object({
      kind: z.literal("compare"),
      questionId: idSchema,
      key: z.string().optional(),
      op: opSchema,
      value: literalSchema,
    }),
    z.object({ kind: z.literal("computed"), computedId: idSchema, op: opSchema, value: literalSchema }),
    z.object({ kind: z.literal("answered"), questionId: idSchema }),
    z.object({ kind: z.literal("notAnswered"), questionId: idSchema }),
    z.object({ kind: z.literal("expression"), expression: z.string().min(1).max(2000) }),
  ]),
);

/**
 * Every condition the product accepts (logic, option conditions, jumps, quotas, results filters). Its size
 * is measured without recursion before zod walks the tree, so over-deep input is refused with a message
 * naming the limit instead of overflowing the stack, and everything accepted stays within `conditionLimits`.
 */
export const conditionSchema: z.ZodType<Condition> = z
  .unknown()
  .superRefine((value, ctx) => {
    const problem = conditionLimitProblem(measureCondition(value));
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .pipe(conditionTreeSchema);
