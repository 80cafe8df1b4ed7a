import type { z } from "zod";
import type { Option } from "../definition/option.ts";
import type { ScoringMode, ScoringRule } from "../definition/scoring-rule.ts";
import type { ExprValue, ValueType } from "../expression/value.ts";
import type { Issue } from "../shared/issue.ts";
import type { PaletteGroup } from "./palette.ts";

/** What a validator may know besides the config and the answer. */
export interface AnswerEnv {
  /** ISO date of the respondent's today, from the evaluation context. */
  readonly today: string;
  /** The options currently offered (after show logic, select-connect and select-join). */
  readonly options: readonly Option[];
}

export interface ScoreResult {
  score: number;
  max: number;
  /** True when a person must grade it (essays); `score` is 0 until then. */
  manual: boolean;
}

/**
 * A mergeable statistics reducer: `add` folds one response in, `merge` combines partial results (per shard,
 * per day) so counters can be updated per response. States are plain JSON so the server can persist them.
 * `merge` is associative and commutative with `empty` as identity.
 */
export interface StatsReducer<C, A, S> {
  empty(config: C): S;
  add(config: C, state: S, answer: A): S;
  merge(a: S, b: S): S;
}

/**
 * One question type. Methods (not function-typed properties) on purpose: method parameters are bivariant,
 * which lets every typed module be stored in the registry under the erased `AnyQuestionModule`.
 */
export interface QuestionModule<
  T extends string = string,
  C = unknown,
  A = unknown,
  S = unknown,
  CI = unknown,
> {
  readonly type: T;
  /** Chinese name shown in the palette. */
  readonly name: string;
  readonly group: PaletteGroup;
  /**
   * Kept only so questionnaires that have it still open, answer and count: not offered in the designer's
   * palette (预约时段 since 预约 replaced it).
   */
  readonly retired?: boolean;
  /** `CI` is the config's input type (before defaults), kept so designers get typed input. */
  readonly configSchema: z.ZodType<C, CI>;
  /** Shape of an answer; config-dependent rules live in `validate`. */
  readonly answerSchema: z.ZodType<A>;
  /**
   * True only for a value `answerSchema` accepts and returns unchanged: the engine then takes it as it is
   * instead of parsing it (helpers/as-is.ts). For the common shapes of answers; optional.
   */
  readonly answerAsIs?: (raw: unknown) => boolean;
  /** Layout items (段落说明, 分割线, …) take no answer. */
  readonly answerable: boolean;
  /** Static type of `$id` in expressions. */
  readonly valueType: ValueType;
  /**
   * Static type of `$id` / `$id.key` for this config when it is finer than `valueType` (a 单行文本 in number
   * format yields numbers); undefined means the key does not exist. Without it, the type has no keys.
   */
  valueTypeOf?(config: NoInfer<C>, key: string | undefined): ValueType | undefined;
  /**
   * The normalised value a 不允许重复 question must not share with other responses, or null when the config
   * does not ask for uniqueness. The server checks it; the engine cannot see other responses.
   */
  uniqueValue?(config: NoInfer<C>, answer: NoInfer<A>): string | null;
  readonly scoringModes: readonly ScoringMode[];
  defaults(): NoInfer<C>;
  /** The type's own options, for choice-like types. */
  options?(config: NoInfer<C>): readonly Option[];
  /** Option ids an answer chooses, for choice-like types. */
  selected?(answer: NoInfer<A>): readonly string[];
  /** Drop choices of options no longer offered; undefined when nothing is left. */
  restrict?(answer: NoInfer<A>, offered: ReadonlySet<string>): NoInfer<A> | undefined;
  isEmpty(answer: NoInfer<A>): boolean;
  validate(config: NoInfer<C>, answer: NoInfer<A>, env: AnswerEnv): Issue[];
  score?(
    config: NoInfer<C>,
    answer: NoInfer<A> | undefined,
    rule: ScoringRule,
    options: readonly Option[],
  ): ScoreResult;
  toText(config: NoInfer<C>, answer: NoInfer<A>, options: readonly Option[]): string;
  toValue(config: NoInfer<C>, answer: NoInfer<A>, options: readonly Option[], key?: string): ExprValue;
  readonly stats: StatsReducer<NoInfer<C>, NoInfer<A>, S>;
}

export type AnyQuestionModule = QuestionModule<string, unknown, unknown, unknown>;

export function defineQuestionType<T extends string, C, A, S, CI>(
  module: QuestionModule<T, C, A, S, CI>,
): QuestionModule<T, C, A, S, CI> {
  return module;
}
