import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import { lockKey } from "../../db/locks.ts";
import {
  deleteRow,
  findRow,
  insertRow,
  type NewRow,
  type Row,
  type TableWithId,
  updateRow,
} from "../../db/rows.ts";
import { NotFoundError } from "../../errors.ts";
import { type AuditEntity, recordAudit } from "./audit.ts";

export interface SaveContext<T extends TableWithId> {
  now: string;
  adminId: number;
  /** The stored record when updating, undefined when creating. */
  before: Row<T> | undefined;
}

/**
 * One kind of record the admin console lists, saves and deletes the same way (news, labels, banners…).
 * Only what differs per kind lives here; saving, deleting and auditing are shared below.
 */
export interface RecordKind<T extends TableWithId, V, P> {
  entity: AuditEntity;
  table: T;
  /** The columns of the record after the save; checks references and uniqueness (typed errors). */
  toRow(trx: Trx, input: V, context: SaveContext<T>): Promise<NewRow<T>>;
  present(row: Row<T>): P;
  /** Refuses a delete that would take other records with it. */
  beforeDelete?(trx: Trx, row: Row<T>): Promise<void>;
}

/** Creates the record when `id` is absent, otherwise replaces the stored one; audited either way. */
export async function saveRecord<T extends TableWithId, V extends { id?: number | undefined }, P>(
  ctx: AppContext,
  adminId: number,
  kind: RecordKind<T, V, P>,
  input: V,
): Promise<P> {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    // Uniqueness checks in toRow (VIP level, label name) read then write: one save per kind at a time.
    await lockKey(trx, ctx.dialect, `admin-record:${kind.table}`);
    const before = input.id === undefined ? undefined : await findRow(trx, kind.table, input.id);
    if (input.id !== undefined && !before) throw new NotFoundError();
    const values = await kind.toRow(trx, input, { now, adminId, before });
    const after = before
      ? await updateRow(trx, kind.table, before.id, values)
      : await insertRow(trx, kind.table, values);
    await recordAudit(trx, now, {
      adminId,
      action: before ? "update" : "create",
      entity: kind.entity,
      entityId: after.id,
      before: before ?? null,
      after,
    });
    return kind.present(after);
  });
}

export async function deleteRecord<T extends TableWithId, V, P>(
  ctx: AppContext,
  adminId: number,
  kind: RecordKind<T, V, P>,
  id: number,
): Promise<null> {
  const now = iso(ctx.clock.now());
  await transaction(ctx.db, async (trx) => {
    await lockKey(trx, ctx.dialect, `admin-record:${kind.table}`);
    const before = await findRow(trx, kind.table, id);
    if (!before) throw new NotFoundError();
    await kind.beforeDelete?.(trx, before);
    await deleteRow(trx, kind.table, id);
    await recordAudit(trx, now, {
      adminId,
      action: "delete",
      entity: kind.entity,
      entityId: id,
      before,
      after: null,
    });
  });
  return null;
}
