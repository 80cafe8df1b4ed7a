import {
  checkDefinition,
  type Issue,
  parseDefinition,
  type QuestionnaireKind,
  questionarySettingsSchema,
  ResultCode,
  type SaveQuestionaryResult,
  SURVEY_SCHEMA_VERSION,
  type SurveyDefinition,
} from "@wjgj/core";
import { chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/index.ts";
import type { QuestionnaireRow } from "../../db/tables/questionnaires.ts";
import { AppError, InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { countQuestions, loadQuestionnaire, newPublicId, readDefinition } from "./store.ts";

/** A definition from a client, validated by core; a parse failure answers 400 with the paths. */
export function parseClientDefinition(input: unknown, field = "definition"): SurveyDefinition {
  const parsed = parseDefinition(input);
  if (parsed.ok) return parsed.definition;
  throw new InvalidInputError(
    parsed.issues.slice(0, 50).map((issue) => ({
      field: [field, ...issue.path].join("."),
      message: issue.message,
    })),
    "definitionInvalid",
  );
}

export function blankDefinition(kind: QuestionnaireKind, title: string): SurveyDefinition {
  return parseClientDefinition({
    schemaVersion: SURVEY_SCHEMA_VERSION,
    kind,
    title,
    pages: [{ id: "p1", questions: [] }],
  });
}

/** Conflicting saves answer 409 with the version now stored, so the designer can offer 刷新/覆盖. */
export class VersionConflictError extends AppError {
  constructor(currentVersion: number) {
    super(ResultCode.conflict, "questionaryConflict", { currentVersion });
  }
}

export async function createQuestionnaire(
  ctx: AppContext,
  viewer: Viewer,
  args: { kind: QuestionnaireKind; title: string; categoryId?: string | undefined; definition?: unknown },
): Promise<QuestionnaireRow> {
  const definition =
    args.definition === undefined
      ? blankDefinition(args.kind, args.title)
      : { ...parseClientDefinition(args.definition), kind: args.kind, title: args.title };
  const now = iso(ctx.clock.now());
  return ctx.db
    .insertInto("questionnaires")
    .values({
      publicId: newPublicId(),
      ownerId: viewer.user.id,
      kind: args.kind,
      title: args.title,
      status: "draft",
      categoryId: args.categoryId ?? "",
      draft: JSON.stringify(definition),
      version: 1,
      publishedVersion: null,
      settings: JSON.stringify(questionarySettingsSchema.parse({})),
      questionCount: countQuestions(definition),
      responseCount: 0,
      createdAt: now,
      updatedAt: now,
      publishedAt: null,
      deletedAt: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface DraftWrite {
  row: QuestionnaireRow;
  definition: SurveyDefinition;
  issues: Issue[];
}

/**
 * Replaces the draft with `next(current)` atomically. With `baseVersion`, a save made from an older
 * version is refused (409); the version check and the write are one conditional UPDATE, so two racing
 * saves cannot both win.
 */
export async function writeDraft(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  baseVersion: number | undefined,
  next: (current: SurveyDefinition, row: QuestionnaireRow) => SurveyDefinition,
  /** Only questionaryToCollect changes the kind; every other write keeps it. */
  kind?: QuestionnaireKind,
): Promise<DraftWrite> {
  return transaction(ctx.db, async (trx) => {
    const row = await loadQuestionnaire(trx, viewer, id, "edit");
    if (baseVersion !== undefined && baseVersion !== row.version) throw new VersionConflictError(row.version);
    // The questionnaire's kind is not the definition's to change.
    const definition = {
      ...next(readDefinition(row.draft), row),
      kind: kind ?? (row.kind as QuestionnaireKind),
    };
    const updated = await trx
      .updateTable("questionnaires")
      .set({
        draft: JSON.stringify(definition),
        kind: definition.kind,
        title: definition.title.trim() || row.title,
        version: row.version + 1,
        questionCount: countQuestions(definition),
        updatedAt: iso(ctx.clock.now()),
      })
      .where("id", "=", id)
      .where("version", "=", row.version)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new VersionConflictError(row.version + 1);
    return { row: updated, definition, issues: checkDefinition(definition) };
  });
}

export function hasUnpublishedChanges(row: QuestionnaireRow): boolean {
  return row.publishedVersion !== null && row.publishedVersion !== row.version;
}

export async function saveDraft(
  ctx: AppContext,
  viewer: Viewer,
  args: { id: number; definition: unknown; baseVersion: number },
): Promise<SaveQuestionaryResult> {
  const definition = parseClientDefinition(args.definition);
  const { row, issues } = await writeDraft(ctx, viewer, args.id, args.baseVersion, () => definition);
  return {
    version: row.version,
    updatedAt: chinaDateTime(row.updatedAt),
    hasUnpublishedChanges: hasUnpublishedChanges(row),
    issues,
  };
}
