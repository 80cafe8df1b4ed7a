import { z } from "zod";
import type { Issue } from "../shared/issue.ts";
import { surveyMessages as m } from "../shared/messages.ts";
import { conditionSchema } from "./condition.ts";
import { idSchema } from "./ids.ts";
import { questionnaireKinds } from "./kinds.ts";
import { questionSchema } from "./question.ts";
import { settingsSchema } from "./settings.ts";

/** The kinds as a schema; kinds.ts stays free of zod, so the catalogue of messages (its inKindWords) loads without it. */
export const questionnaireKindSchema = z.enum(questionnaireKinds);

/** Bumped on any breaking change of the stored format; readers migrate older versions forward. */
export const SURVEY_SCHEMA_VERSION = 1;

export const pageSchema = z.object({
  id: idSchema,
  title: z.string().max(200).optional(),
  description: z.string().max(5000).optional(),
  /**
   * Page-level 显示逻辑: when it does not hold, every item of the page is hidden (and answers to them are
   * rejected on submit). It may only read earlier pages, so it is settled before the page is reached.
   */
  showIf: conditionSchema.optional(),
  questions: z.array(questionSchema).max(2000),
});
export type Page = z.output<typeof pageSchema>;

/** A calculated value (计算值): a named expression over answers, usable in conditions and piped text. */
export const computedSchema = z.object({
  id: idSchema,
  name: z.string().max(100).default(""),
  expression: z.string().min(1).max(2000),
  /** Rounds numeric results for display and comparisons. */
  decimals: z.number().int().min(0).max(10).optional(),
});
export type ComputedValue = z.output<typeof computedSchema>;

/** A condition quota: responses matching `when` count towards it; the server closes it at `limit`. */
export const quotaSchema = z.object({
  id: idSchema,
  name: z.string().max(100).default(""),
  when: conditionSchema,
  limit: z.number().int().positive(),
});
export type Quota = z.output<typeof quotaSchema>;

export const definitionSchema = z.object({
  schemaVersion: z.literal(SURVEY_SCHEMA_VERSION),
  kind: questionnaireKindSchema,
  title: z.string().max(200),
  description: z.string().max(20000).optional(),
  pages: z.array(pageSchema).min(1).max(500),
  computed: z.array(computedSchema).max(200).default([]),
  quotas: z.array(quotaSchema).max(200).default([]),
  settings: settingsSchema.prefault({}),
});

export type SurveyDefinition = z.output<typeof definitionSchema>;
export type SurveyDefinitionInput = z.input<typeof definitionSchema>;

export type ParseDefinitionResult =
  | { ok: true; definition: SurveyDefinition }
  | { ok: false; issues: Issue[] };

/**
 * Structural validation (shape, types, configs). Cross-references and logic are checked separately by
 * `checkDefinition`, which needs a structurally valid definition to walk.
 */
export function parseDefinition(input: unknown): ParseDefinitionResult {
  const result = definitionSchema.safeParse(input);
  if (result.success) return { ok: true, definition: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      code: "invalidConfig",
      level: "error",
      message: m.invalidConfig(issue.message),
      path: issue.path.map((part) => (typeof part === "symbol" ? String(part) : part)),
    })),
  };
}

/** 答案解析 by question id, for the questions that have one (the exam result screen shows them). */
export function explanationsOf(definition: SurveyDefinition): Record<string, string> {
  return Object.fromEntries(
    definition.pages.flatMap((page) =>
      page.questions.flatMap((q) => (q.explanation?.trim() ? [[q.id, q.explanation] as const] : [])),
    ),
  );
}

/**
 * The definition without any 答案解析: an explanation gives the answer away, so respondents get it only
 * with their result, never with the questions. 注意力检测 answers are withheld the same way.
 */
export function withoutExplanations(definition: SurveyDefinition): SurveyDefinition {
  return {
    ...definition,
    pages: definition.pages.map((page) => ({
      ...page,
      questions: page.questions.map((question) => {
        if (question.explanation === undefined && question.attentionCheck === undefined) return question;
        const { explanation: _explanation, attentionCheck: _attentionCheck, ...rest } = question;
        return rest as typeof question;
      }),
    })),
  };
}
