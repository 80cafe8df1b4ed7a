import type { AuditAction, AuditEntity } from "@wjgj/core";
import type { Db, Trx } from "../../db/index.ts";
import { type Page, type PageInput, pageNewestFirst } from "../../db/paging.ts";
import { presentAuditLog } from "../../presenters/admin.ts";

// The entities and actions of the log, with the names the console shows: core/api/admin-audit.ts.
export { type AuditAction, type AuditEntity, auditEntities } from "@wjgj/core";

export interface AuditEntry {
  adminId: number;
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | string;
  /** The record as it was (null when it did not exist); never a secret. */
  before: unknown;
  after: unknown;
}

/** Written inside the change's own transaction, so a change and its audit row commit or fail together. */
export async function recordAudit(trx: Trx, now: string, entry: AuditEntry): Promise<void> {
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  await trx
    .insertInto("audit_logs")
    .values({
      adminId: entry.adminId,
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      before: json(entry.before),
      after: json(entry.after),
      createdAt: now,
    })
    .execute();
}

export interface AuditFilter extends PageInput {
  entity?: AuditEntity | undefined;
  entityId?: string | undefined;
  adminId?: number | undefined;
}

/** The audit log, newest first, with each admin's name as it is now. */
export async function listAuditLogs(
  db: Db,
  filter: AuditFilter,
): Promise<Page<ReturnType<typeof presentAuditLog>>> {
  let query = db.selectFrom("audit_logs");
  if (filter.entity) query = query.where("entity", "=", filter.entity);
  if (filter.entityId) query = query.where("entityId", "=", filter.entityId);
  if (filter.adminId) query = query.where("adminId", "=", filter.adminId);
  const page = await pageNewestFirst(query, filter, (row) => row);
  const adminIds = [...new Set(page.list.map((row) => row.adminId))];
  const admins = adminIds.length
    ? await db.selectFrom("users").select(["id", "nickName", "phone"]).where("id", "in", adminIds).execute()
    : [];
  const names = new Map(admins.map((a) => [a.id, a.nickName || a.phone || `#${a.id}`]));
  return { ...page, list: page.list.map((row) => presentAuditLog(row, names.get(row.adminId) ?? "")) };
}
