import { type QuestionnaireKind, questionaryKindInfos } from "@wjgj/core";
import type { Db, Trx } from "../../db/index.ts";
import type { TemplateRow } from "../../db/tables/templates.ts";
import { ForbiddenError, InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { allowOnTemplate, type TemplateAction } from "../../policies/index.ts";
import { readDefinition } from "../questionnaires/store.ts";

/**
 * The template `id` if the viewer may do `action` on it. A template the viewer may not even read answers
 * 404 like a missing one, so private templates cannot be probed by id; one it may read but not change, 403.
 */
export async function loadTemplate(
  db: Db | Trx,
  viewer: Viewer | null,
  id: number,
  action: TemplateAction,
): Promise<TemplateRow> {
  const row = await db.selectFrom("templates").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || !allowOnTemplate(viewer, "read", row)) throw new NotFoundError("templateNotFound");
  if (!allowOnTemplate(viewer, action, row)) throw new ForbiddenError();
  return row;
}

export function readTags(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** What the gallery's search matches: title, description and tags, lower-cased once on write. */
export function searchTextOf(title: string, description: string, tags: readonly string[]): string {
  return [title, description, ...tags].join(" ").toLowerCase().slice(0, 900);
}

/** Scene categories are the kind's categories (questionaryType/list); "" means none. */
export function assertCategoryOfKind(kind: string, categoryId: string): void {
  if (categoryId === "") return;
  const info = questionaryKindInfos.find((k) => k.kind === kind);
  if (!info?.categories.some((c) => c.id === categoryId))
    throw InvalidInputError.field("categoryId", "templateCategoryInvalid");
}

export async function assertProfessionExists(db: Db | Trx, professionId: number | null): Promise<void> {
  if (professionId === null) return;
  const row = await db
    .selectFrom("template_professions")
    .select("id")
    .where("id", "=", professionId)
    .executeTakeFirst();
  if (!row) throw InvalidInputError.field("professionId", "templateProfessionInvalid");
}

export function categoryNameOf(kind: string, categoryId: string): string {
  const info = questionaryKindInfos.find((k) => k.kind === kind);
  return info?.categories.find((c) => c.id === categoryId)?.name ?? "";
}

/** A template as the audit log keeps it: without the (large) definition and the derived search text. */
export function auditableTemplate(row: TemplateRow) {
  const { definition: _definition, searchText: _searchText, ...rest } = row;
  return rest;
}

/** The stored snapshot with its kind and title replaced (they are kept in both the row and the definition). */
export function readDefinitionText(json: string, patch: { kind: QuestionnaireKind; title: string }): string {
  return JSON.stringify({ ...readDefinition(json), ...patch });
}
