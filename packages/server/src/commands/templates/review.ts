import type { QuestionnaireKind, TemplateProfession } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, toCount, transaction } from "../../db/index.ts";
import type { TemplateRow } from "../../db/tables/templates.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import { recordAudit } from "../admin/audit.ts";
import {
  assertCategoryOfKind,
  assertProfessionExists,
  auditableTemplate,
  readDefinitionText,
  readTags,
  searchTextOf,
} from "./store.ts";

async function changeTemplate(
  ctx: AppContext,
  adminId: number,
  id: number,
  action: "review" | "feature" | "update" | "takeDown" | "restore",
  change: (row: TemplateRow, trx: Trx) => Partial<TemplateRow> | Promise<Partial<TemplateRow>>,
): Promise<TemplateRow> {
  return transaction(ctx.db, async (trx) => {
    const row = await trx.selectFrom("templates").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError("templateNotFound");
    const now = iso(ctx.clock.now());
    const updated = await trx
      .updateTable("templates")
      .set({ ...(await change(row, trx)), updatedAt: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, {
      adminId,
      action,
      entity: "template",
      entityId: id,
      before: auditableTemplate(row),
      after: auditableTemplate(updated),
    });
    return updated;
  });
}

/** Approves a pending template into the public gallery, or rejects it with a reason its author sees. */
export function reviewTemplate(
  ctx: AppContext,
  adminId: number,
  input: { id: number; approve: boolean; reason?: string | undefined },
): Promise<TemplateRow> {
  return changeTemplate(ctx, adminId, input.id, "review", (row) => {
    if (row.reviewState !== "pending") throw new ConflictError("templateNotPending");
    return input.approve
      ? { reviewState: "approved", rejectReason: "" }
      : { reviewState: "rejected", rejectReason: input.reason ?? "" };
  });
}

/** 推荐到首页 (or not): featured templates lead the gallery and the website's home. */
export function featureTemplate(
  ctx: AppContext,
  adminId: number,
  input: { id: number; featured: boolean },
): Promise<TemplateRow> {
  return changeTemplate(ctx, adminId, input.id, "feature", () => ({ featured: input.featured ? 1 : 0 }));
}

export interface TemplateMetadata {
  title?: string | undefined;
  description?: string | undefined;
  cover?: string | undefined;
  kind?: QuestionnaireKind | undefined;
  categoryId?: string | undefined;
  professionId?: number | null | undefined;
  tags?: string[] | undefined;
}

/**
 * 编辑信息 in 模板管理: an admin corrects any template's title, description, cover, kind, scene,
 * profession or tags. The questions stay as reviewed, so the review state does not change.
 */
export function updateTemplateMetadata(
  ctx: AppContext,
  adminId: number,
  input: TemplateMetadata & { id: number },
): Promise<TemplateRow> {
  return changeTemplate(ctx, adminId, input.id, "update", async (row, trx) => {
    const kind = input.kind ?? row.kind;
    const categoryId = input.categoryId ?? (input.kind && input.kind !== row.kind ? "" : row.categoryId);
    assertCategoryOfKind(kind, categoryId);
    if (input.professionId !== undefined) await assertProfessionExists(trx, input.professionId);
    const title = input.title ?? row.title;
    const description = input.description ?? row.description;
    const tags = input.tags ?? readTags(row.tags);
    return {
      title,
      description,
      kind,
      categoryId,
      cover: input.cover ?? row.cover,
      tags: JSON.stringify(tags),
      searchText: searchTextOf(title, description, tags),
      // The snapshot carries the kind and title too: a quoted copy must match the card it came from.
      definition: readDefinitionText(row.definition, { kind: kind as QuestionnaireKind, title }),
      ...(input.professionId === undefined ? {} : { professionId: input.professionId }),
    };
  });
}

/**
 * 下架 / 重新上架: a template leaves the gallery (withdrawn, no longer featured) or, if it is public and was
 * taken down, returns to it. Deleting is the author's (or, for official ones, deleteTemplate's) business.
 */
export function takeDownTemplate(
  ctx: AppContext,
  adminId: number,
  input: { id: number; takenDown: boolean },
): Promise<TemplateRow> {
  return changeTemplate(ctx, adminId, input.id, input.takenDown ? "takeDown" : "restore", (row) => {
    if (input.takenDown) {
      if (!["approved", "pending"].includes(row.reviewState)) throw new ConflictError("templateNotListed");
      return { reviewState: "withdrawn", featured: 0 };
    }
    if (row.reviewState !== "withdrawn" || row.visibility !== "public")
      throw new ConflictError("templateNotTakenDown");
    return { reviewState: "approved", rejectReason: "" };
  });
}

/** 删除 in 模板管理: any template, official or a user's (e.g. one that breaks the rules), audited whole. */
export async function deleteTemplateByAdmin(ctx: AppContext, adminId: number, id: number): Promise<void> {
  await transaction(ctx.db, async (trx) => {
    const row = await trx.selectFrom("templates").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError("templateNotFound");
    await trx.deleteFrom("templates").where("id", "=", id).execute();
    await recordAudit(trx, iso(ctx.clock.now()), {
      adminId,
      action: "delete",
      entity: "template",
      entityId: id,
      before: auditableTemplate(row),
      after: null,
    });
  });
}

export async function listProfessions(db: Db): Promise<TemplateProfession[]> {
  return db
    .selectFrom("template_professions")
    .select(["id", "name", "sort"])
    .orderBy("sort", "asc")
    .orderBy("id", "asc")
    .execute();
}

/** Creates (no id) or renames/reorders a profession; names are unique. */
export async function saveProfession(
  ctx: AppContext,
  adminId: number,
  input: { id?: number | undefined; name: string; sort: number },
): Promise<TemplateProfession> {
  return transaction(ctx.db, async (trx) => {
    const clash = await trx
      .selectFrom("template_professions")
      .select("id")
      .where("name", "=", input.name)
      .executeTakeFirst();
    if (clash && clash.id !== input.id) throw new ConflictError("professionNameTaken");
    const now = iso(ctx.clock.now());
    const before = input.id
      ? await trx.selectFrom("template_professions").selectAll().where("id", "=", input.id).executeTakeFirst()
      : null;
    if (input.id && !before) throw new NotFoundError();
    const saved = before
      ? await trx
          .updateTable("template_professions")
          .set({ name: input.name, sort: input.sort })
          .where("id", "=", before.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto("template_professions")
          .values({ name: input.name, sort: input.sort, createdAt: now })
          .returningAll()
          .executeTakeFirstOrThrow();
    await recordAudit(trx, now, {
      adminId,
      action: before ? "update" : "create",
      entity: "profession",
      entityId: saved.id,
      before: before ?? null,
      after: saved,
    });
    return { id: saved.id, name: saved.name, sort: saved.sort };
  });
}

/** Only an unused profession may go: templates would otherwise lose their filter silently. */
export async function deleteProfession(ctx: AppContext, adminId: number, id: number): Promise<void> {
  await transaction(ctx.db, async (trx) => {
    const row = await trx
      .selectFrom("template_professions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    const used = await trx
      .selectFrom("templates")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("professionId", "=", id)
      .executeTakeFirst()
      .then(toCount);
    if (used > 0) throw new ConflictError("professionInUse");
    await trx.deleteFrom("template_professions").where("id", "=", id).execute();
    await recordAudit(trx, iso(ctx.clock.now()), {
      adminId,
      action: "delete",
      entity: "profession",
      entityId: id,
      before: row,
      after: null,
    });
  });
}
