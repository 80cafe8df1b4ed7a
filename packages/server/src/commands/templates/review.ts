import type { TemplateProfession } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, toCount, transaction } from "../../db/index.ts";
import type { TemplateRow } from "../../db/tables/templates.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import { recordAudit } from "../audit.ts";
import { auditableTemplate } from "./store.ts";

async function changeTemplate(
  ctx: AppContext,
  adminId: number,
  id: number,
  action: "review" | "feature",
  change: (row: TemplateRow) => Partial<TemplateRow>,
): Promise<TemplateRow> {
  return transaction(ctx.db, async (trx) => {
    const row = await trx.selectFrom("templates").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError("templateNotFound");
    const now = iso(ctx.clock.now());
    const updated = await trx
      .updateTable("templates")
      .set({ ...change(row), updatedAt: now })
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
