import type { QuestionaryStatus } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, toCount, transaction } from "../../db/index.ts";
import type { Page, PageInput } from "../../db/paging.ts";
import { contains } from "../../db/search.ts";
import { type QuestionnaireRow, responseCountColumn } from "../../db/tables/questionnaires.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import {
  type AdminQuestionnaire,
  presentAdminQuestionnaire,
  type QuestionnaireOwner,
} from "../../presenters/admin-questionnaire.ts";
import { recordAudit } from "./audit.ts";

export interface AdminQuestionnaireFilter extends PageInput {
  /** Part of the title. */
  keyword?: string | undefined;
  /** Part of the owner's phone number. */
  ownerPhone?: string | undefined;
  status?: QuestionaryStatus | undefined;
  takenDown?: boolean | undefined;
}

async function ownersOf(db: Db | Trx, rows: QuestionnaireRow[]): Promise<Map<number, QuestionnaireOwner>> {
  const ids = [...new Set(rows.map((row) => row.ownerId))];
  if (ids.length === 0) return new Map();
  const owners = await db
    .selectFrom("users")
    .select(["id", "phone", "nickName"])
    .where("id", "in", ids)
    .execute();
  return new Map(owners.map((owner) => [owner.id, owner]));
}

/** `admin/questionnaire/list`: every user's questionnaires (the recycle bin's too), newest first. */
export async function listAllQuestionnaires(
  db: Db,
  filter: AdminQuestionnaireFilter,
): Promise<Page<AdminQuestionnaire>> {
  let query = db.selectFrom("questionnaires");
  if (filter.keyword) query = query.where(contains("title", filter.keyword));
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.takenDown !== undefined) {
    query = query.where("takenDownAt", filter.takenDown ? "is not" : "is", null);
  }
  if (filter.ownerPhone) {
    const phone = `%${filter.ownerPhone}%`;
    query = query.where("ownerId", "in", (eb) =>
      eb.selectFrom("users").select("users.id").where("users.phone", "like", phone),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .select(responseCountColumn)
      .orderBy("id", "desc")
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute(),
    query
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  const owners = await ownersOf(db, rows);
  return {
    list: rows.map((row) => presentAdminQuestionnaire(row, owners.get(row.ownerId))),
    total,
    pageNum: filter.pageNum,
    pageSize: filter.pageSize,
  };
}

async function findForUpdate(trx: Trx, ctx: AppContext, id: number): Promise<QuestionnaireRow> {
  let query = trx.selectFrom("questionnaires").selectAll().select(responseCountColumn).where("id", "=", id);
  // Submits hold this row while they check the state; taking it down waits for them and vice versa.
  if (ctx.dialect === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFoundError("questionaryNotFound");
  return row;
}

/** What the audit log keeps of a take-down or restore: the state around it, never the definition. */
function auditView(row: QuestionnaireRow) {
  return {
    title: row.title,
    status: row.status,
    takenDownAt: row.takenDownAt,
    takenDownReason: row.takenDownReason,
  };
}

async function changeTakeDown(
  ctx: AppContext,
  adminId: number,
  id: number,
  takeDown: { reason: string } | null,
): Promise<AdminQuestionnaire> {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const before = await findForUpdate(trx, ctx, id);
    if (takeDown && before.takenDownAt) throw new ConflictError("questionaryAlreadyTakenDown");
    if (!takeDown && !before.takenDownAt) throw new ConflictError("questionaryNotTakenDown");
    const after = await trx
      .updateTable("questionnaires")
      .set(
        takeDown
          ? { takenDownAt: now, takenDownBy: adminId, takenDownReason: takeDown.reason }
          : { takenDownAt: null, takenDownBy: null, takenDownReason: null },
      )
      .where("id", "=", id)
      .returningAll()
      .returning(responseCountColumn)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, {
      adminId,
      action: takeDown ? "takeDown" : "restore",
      entity: "questionnaire",
      entityId: id,
      before: auditView(before),
      after: auditView(after),
    });
    const owners = await ownersOf(trx, [after]);
    return presentAdminQuestionnaire(after, owners.get(after.ownerId));
  });
}

/**
 * `admin/questionnaire/takeDown`: respondents get the taken-down notice instead of the questionnaire,
 * submits are refused and the owner cannot publish it again; the owner's own status is left as it was.
 */
export function takeDownQuestionnaire(
  ctx: AppContext,
  adminId: number,
  input: { id: number; reason: string },
): Promise<AdminQuestionnaire> {
  return changeTakeDown(ctx, adminId, input.id, { reason: input.reason });
}

/** `admin/questionnaire/restore`: lifts the take-down; it answers again as its owner had left it. */
export function restoreQuestionnaire(
  ctx: AppContext,
  adminId: number,
  id: number,
): Promise<AdminQuestionnaire> {
  return changeTakeDown(ctx, adminId, id, null);
}
