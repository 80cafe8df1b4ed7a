import type {
  QuestionnaireKind,
  SurveyDefinition,
  TemplateReviewState,
  TemplateVisibility,
} from "@wjgj/core";
import type { Updateable } from "kysely";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import type { TemplateRow, TemplatesTable } from "../../db/tables/templates.ts";
import { ForbiddenError, InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { allowOnTemplate } from "../../policies/index.ts";
import { recordAudit } from "../admin/audit.ts";
import { parseClientDefinition } from "../questionnaires/drafts.ts";
import { assertPublishable } from "../questionnaires/lifecycle.ts";
import { countQuestions, loadQuestionnaire, readDefinition } from "../questionnaires/store.ts";
import {
  assertCategoryOfKind,
  assertProfessionExists,
  auditableTemplate,
  loadTemplate,
  readTags,
  searchTextOf,
} from "./store.ts";

export interface TemplateFields {
  title?: string | undefined;
  description?: string | undefined;
  kind?: QuestionnaireKind | undefined;
  categoryId?: string | undefined;
  professionId?: number | null | undefined;
  tags?: string[] | undefined;
  cover?: string | undefined;
  definition?: unknown;
  visibility?: TemplateVisibility | undefined;
}

export interface NewTemplate extends TemplateFields {
  /** 另存为模板: the questionnaire whose current draft becomes the template. */
  questionaryId?: number | undefined;
  /** An admin's official template: owned by the site, public and approved at once. */
  official?: boolean | undefined;
}

const publicTemplateKeys = { empty: "templateEmpty", errors: "templateHasErrors" } as const;

async function sourceOf(
  ctx: AppContext,
  viewer: Viewer,
  input: NewTemplate,
): Promise<{ definition: SurveyDefinition; title: string; kind: QuestionnaireKind; categoryId: string }> {
  if (input.questionaryId !== undefined) {
    const row = await loadQuestionnaire(ctx.db, viewer, input.questionaryId, "read");
    return {
      definition: readDefinition(row.draft),
      title: row.title,
      kind: row.kind as QuestionnaireKind,
      categoryId: row.categoryId,
    };
  }
  if (input.definition === undefined) throw InvalidInputError.field("questionaryId", "templateSourceMissing");
  const definition = parseClientDefinition(input.definition);
  return { definition, title: definition.title, kind: definition.kind, categoryId: "" };
}

/** The review state a visibility asks for: official ones need no review; public ones wait for an admin. */
function stateFor(
  visibility: TemplateVisibility,
  official: boolean,
  current?: TemplateRow,
): TemplateReviewState {
  if (visibility === "private") {
    return current && ["pending", "approved"].includes(current.reviewState) ? "withdrawn" : "draft";
  }
  return official ? "approved" : "pending";
}

/** Creates a template from one of the viewer's questionnaires or from a definition (also the seed's path). */
export async function createTemplate(
  ctx: AppContext,
  viewer: Viewer,
  input: NewTemplate,
): Promise<TemplateRow> {
  const official = input.official === true;
  if (official && viewer.user.role !== "admin") throw new ForbiddenError();
  const source = await sourceOf(ctx, viewer, input);
  const kind = input.kind ?? source.kind;
  const title = input.title ?? source.title.slice(0, 100);
  if (!title.trim()) throw InvalidInputError.field("title", "templateTitleInvalid");
  const categoryId = input.categoryId ?? source.categoryId;
  assertCategoryOfKind(kind, categoryId);
  const visibility = official ? "public" : (input.visibility ?? "private");
  if (visibility === "public" && !official && !(viewer.user.isTemplate === 1 || viewer.user.role === "admin"))
    throw new ForbiddenError("templateSubmitForbidden");
  const definition: SurveyDefinition = { ...source.definition, kind, title };
  if (visibility === "public") assertPublishable(definition, { keys: publicTemplateKeys });
  const tags = input.tags ?? [];
  const description = input.description ?? "";
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    await assertProfessionExists(trx, input.professionId ?? null);
    const row = await trx
      .insertInto("templates")
      .values({
        ownerId: official ? null : viewer.user.id,
        official: official ? 1 : 0,
        kind,
        categoryId,
        professionId: input.professionId ?? null,
        title,
        description,
        cover: input.cover ?? "",
        tags: JSON.stringify(tags),
        searchText: searchTextOf(title, description, tags),
        definition: JSON.stringify(definition),
        questionCount: countQuestions(definition),
        visibility,
        reviewState: stateFor(visibility, official),
        rejectReason: "",
        featured: 0,
        useCount: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (official) await auditOfficial(trx, viewer, now, "create", null, row);
    return row;
  });
}

async function auditOfficial(
  trx: Trx,
  viewer: Viewer,
  now: string,
  action: "create" | "update" | "delete",
  before: TemplateRow | null,
  after: TemplateRow | null,
): Promise<void> {
  await recordAudit(trx, now, {
    adminId: viewer.user.id,
    action,
    entity: "template",
    entityId: (after ?? before)?.id ?? 0,
    before: before && auditableTemplate(before),
    after: after && auditableTemplate(after),
  });
}

/**
 * Changes the fields sent. Asking for `public` submits it for review (isTemplate authors only); changing
 * the content of an approved public template sends it back to review, so nothing unreviewed is shown.
 */
export async function updateTemplate(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  input: TemplateFields,
): Promise<TemplateRow> {
  return transaction(ctx.db, async (trx) => {
    const row = await loadTemplate(trx, viewer, id, "edit");
    const official = row.official === 1;
    const kind = input.kind ?? (row.kind as QuestionnaireKind);
    const title = input.title ?? row.title;
    const categoryId = input.categoryId ?? (input.kind ? "" : row.categoryId);
    assertCategoryOfKind(kind, categoryId);
    if (input.professionId !== undefined) await assertProfessionExists(trx, input.professionId);
    const definition: SurveyDefinition = {
      ...(input.definition === undefined
        ? readDefinition(row.definition)
        : parseClientDefinition(input.definition)),
      kind,
      title,
    };
    const visibility = official ? "public" : (input.visibility ?? row.visibility);
    if (visibility === "public" && !official && !allowOnTemplate(viewer, "submit", row))
      throw new ForbiddenError("templateSubmitForbidden");
    if (visibility === "public") assertPublishable(definition, { keys: publicTemplateKeys });
    const contentChanged = Object.values(input).some((value) => value !== undefined);
    const reviewState =
      visibility !== row.visibility ||
      (visibility === "public" && contentChanged && row.reviewState !== "pending")
        ? stateFor(visibility, official, row)
        : row.reviewState;
    const tags = input.tags ?? readTags(row.tags);
    const description = input.description ?? row.description;
    const now = iso(ctx.clock.now());
    const changes: Updateable<TemplatesTable> = {
      kind,
      title,
      categoryId,
      description,
      tags: JSON.stringify(tags),
      searchText: searchTextOf(title, description, tags),
      cover: input.cover ?? row.cover,
      definition: JSON.stringify(definition),
      questionCount: countQuestions(definition),
      visibility,
      reviewState,
      rejectReason: reviewState === row.reviewState ? row.rejectReason : "",
      updatedAt: now,
    };
    if (input.professionId !== undefined) changes.professionId = input.professionId;
    const updated = await trx
      .updateTable("templates")
      .set(changes)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (official) await auditOfficial(trx, viewer, now, "update", row, updated);
    return updated;
  });
}

export async function deleteTemplate(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await transaction(ctx.db, async (trx) => {
    const row = await loadTemplate(trx, viewer, id, "delete");
    await trx.deleteFrom("templates").where("id", "=", id).execute();
    if (row.official === 1) await auditOfficial(trx, viewer, iso(ctx.clock.now()), "delete", row, null);
  });
}
