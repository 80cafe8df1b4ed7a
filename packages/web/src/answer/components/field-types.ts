import type { Question, QuestionOfType } from "@wjgj/core/survey/index";

export interface ViewOption {
  id: string;
  label: string;
}

/** What fields that talk to the server need besides their question. */
export interface FieldContext {
  publicId: string;
  /** The answering-session token from the server: uploads are filed under it until a response claims them. */
  answerToken: string;
  preview: boolean;
}

export interface FieldProps<T extends Question["type"]> {
  question: QuestionOfType<T>;
  /** The raw answer as the input holds it. */
  value: unknown;
  /** Options as the engine offers them right now (after logic and shuffles), matrices: rows. */
  options: readonly ViewOption[];
  onChange(value: unknown): void;
  context: FieldContext;
}

/** Any type's input component: what the lazily loaded groups (fields/) hold by type. */
// biome-ignore lint/suspicious/noExplicitAny: one map holds every type's field component
export type FieldComponent = import("react").ComponentType<FieldProps<any>>;
