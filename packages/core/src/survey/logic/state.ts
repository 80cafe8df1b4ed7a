import type { Option } from "../definition/option.ts";
import type { ExprValue } from "../expression/value.ts";
import type { Issue } from "../shared/issue.ts";
import type { ResolvedTarget } from "./plan.ts";

/** The caller's facts the engine needs; it never reads clocks or randomness itself. */
export interface EvaluationContext {
  /** The respondent's today, ISO YYYY-MM-DD (relative date rules and TODAY()). */
  today: string;
  /** Seed for per-respondent option shuffles (e.g. the respondent or response id). No seed: no shuffle. */
  seed?: string | undefined;
}

/** Why a raw answer was dropped during normalisation; validateSubmission turns these into rejections. */
export type Discarded = "hiddenQuestion" | "hiddenOption" | "invalid" | null;

export interface QuestionState {
  kind: "question";
  reachable: boolean;
  visible: boolean;
  /** Options offered right now, in display order, with piped/joined labels; null for types without options. */
  options: readonly Option[] | null;
  /** The normalised answer, or undefined when unanswered, hidden or invalid. */
  answer: unknown;
  discarded: Discarded;
  issues: readonly Issue[];
  /** The jump this question fires (visible questions only). */
  jump: ResolvedTarget | null;
  /** Title and description after piping; only set when the question uses `{{…}}`. */
  title: string | undefined;
  description: string | undefined;
}

export interface ComputedState {
  kind: "computed";
  value: ExprValue;
}

export type NodeState = QuestionState | ComputedState;

/** A raw answer source: a record for whole evaluation, the session's map for incremental. */
export type AnswerSource = (questionId: string) => unknown;
