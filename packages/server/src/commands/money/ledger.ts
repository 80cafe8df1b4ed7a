import { ResultCode } from "@wjgj/core";
import { sql } from "kysely";
import { type Db, isSqlite, type Trx } from "../../db/index.ts";
import type { LedgerTransferRow } from "../../db/tables/money.ts";
import { AppError } from "../../errors.ts";

/**
 * The append-only ledger (conventions: TigerBeetle accounts and transfers). Every movement of money is
 * one transfer row whose id the caller chooses: a retry finds the row and changes nothing. Account rows
 * keep `posted` and `pending` sums, changed in the same transaction; the database CHECK on user accounts
 * (`posted - pending >= 0`) is what refuses an overdraft, also under concurrency.
 * Red packets (#17) and answer-space points (#19, `pointsKey`) call these functions with their own kinds.
 */

export class InsufficientBalanceError extends AppError {
  constructor() {
    super(ResultCode.conflict, "balanceInsufficient");
  }
}

export class InsufficientHoldError extends AppError {
  constructor() {
    super(ResultCode.conflict, "holdInsufficient");
  }
}

export type SiteAccount = "payments" | "revenue" | "withdrawals" | "rewards" | "points" | "payouts";

export const walletKey = (userId: number) => `user:${userId}:wallet`;
/** Answer-space points (#19): the same ledger, another account per user; `site:points` issues them. */
export const pointsKey = (userId: number) => `user:${userId}:points`;
export const siteKey = (name: SiteAccount) => `site:${name}`;

export interface TransferInput {
  /** The idempotency key, e.g. `order:<no>:pay`. */
  id: string;
  debit: string;
  credit: string;
  amount: number;
  kind: string;
  reference?: string;
  memo?: string;
  now: string;
}

function isCheckViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // PostgreSQL check_violation; better-sqlite3's extended result code.
  return code === "23514" || code === "SQLITE_CONSTRAINT_CHECK";
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`ledger amount must be a positive integer`);
}

/** The id of the account with `key`, created on first use (a wallet opens with its first movement). */
export async function accountId(trx: Trx, key: string, now: string): Promise<number> {
  const found = await trx
    .selectFrom("ledger_accounts")
    .select("id")
    .where("key", "=", key)
    .executeTakeFirst();
  if (found) return found.id;
  const user = /^user:(\d+):/.exec(key);
  await trx
    .insertInto("ledger_accounts")
    .values({
      key,
      userId: user ? Number(user[1]) : null,
      kind: user ? "user" : "site",
      posted: 0,
      pending: 0,
      createdAt: now,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await trx
    .selectFrom("ledger_accounts")
    .select("id")
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts the transfer row unless its id exists; false means "done before", nothing else may change. */
async function insertTransfer(trx: Trx, row: LedgerTransferRow): Promise<boolean> {
  const inserted = await trx
    .insertInto("ledger_transfers")
    .values(row)
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Applies deltas to account sums in id order (two opposite transfers cannot deadlock on PostgreSQL). */
async function applyDeltas(
  trx: Trx,
  deltas: Array<{ id: number; posted: number; pending: number }>,
  onViolation: () => Error,
): Promise<void> {
  const merged = new Map<number, { posted: number; pending: number }>();
  for (const d of deltas) {
    const current = merged.get(d.id) ?? { posted: 0, pending: 0 };
    merged.set(d.id, { posted: current.posted + d.posted, pending: current.pending + d.pending });
  }
  for (const id of [...merged.keys()].sort((a, b) => a - b)) {
    const d = merged.get(id) as { posted: number; pending: number };
    if (d.posted === 0 && d.pending === 0) continue;
    try {
      await trx
        .updateTable("ledger_accounts")
        .set({ posted: sql`posted + ${d.posted}`, pending: sql`pending + ${d.pending}` })
        .where("id", "=", id)
        .execute();
    } catch (error) {
      if (isCheckViolation(error)) throw onViolation();
      throw error;
    }
  }
}

/**
 * Records the transfer row of a `transfer` or `reserve` in the given phase, with the two accounts it moves
 * between. Null when a row with this id exists already (a retry: nothing more to do).
 */
async function recordTransfer(trx: Trx, input: TransferInput, phase: "posted" | "pending") {
  assertAmount(input.amount);
  const debitId = await accountId(trx, input.debit, input.now);
  const creditId = await accountId(trx, input.credit, input.now);
  const isNew = await insertTransfer(trx, {
    id: input.id,
    debitAccountId: debitId,
    creditAccountId: creditId,
    amount: input.amount,
    phase,
    pendingId: null,
    kind: input.kind,
    reference: input.reference ?? "",
    memo: input.memo ?? "",
    createdAt: input.now,
  });
  return isNew ? { debitId, creditId } : null;
}

/** A single-phase transfer: `amount` moves from `debit` to `credit` now. True when it was new. */
export async function transfer(trx: Trx, input: TransferInput): Promise<boolean> {
  const accounts = await recordTransfer(trx, input, "posted");
  if (!accounts) return false;
  await applyDeltas(
    trx,
    [
      { id: accounts.debitId, posted: -input.amount, pending: 0 },
      { id: accounts.creditId, posted: input.amount, pending: 0 },
    ],
    () => new InsufficientBalanceError(),
  );
  return true;
}

/** Freezes `amount` of `debit` for a later post (all or part) or void (the rest). */
export async function reserve(trx: Trx, input: TransferInput): Promise<boolean> {
  const accounts = await recordTransfer(trx, input, "pending");
  if (!accounts) return false;
  await trx.insertInto("ledger_holds").values({ transferId: input.id, remaining: input.amount }).execute();
  await applyDeltas(
    trx,
    [{ id: accounts.debitId, posted: 0, pending: input.amount }],
    () => new InsufficientBalanceError(),
  );
  return true;
}

async function pendingTransfer(trx: Trx, pendingId: string) {
  return trx
    .selectFrom("ledger_transfers")
    .selectAll()
    .where("id", "=", pendingId)
    .where("phase", "=", "pending")
    .executeTakeFirst();
}

/** Takes `amount` from what is left of a hold; the CHECK on `remaining` refuses more than is left. */
async function takeFromHold(trx: Trx, pendingId: string, amount: number): Promise<void> {
  try {
    const result = await trx
      .updateTable("ledger_holds")
      .set({ remaining: sql`remaining - ${amount}` })
      .where("transferId", "=", pendingId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new InsufficientHoldError();
  } catch (error) {
    if (isCheckViolation(error)) throw new InsufficientHoldError();
    throw error;
  }
}

/**
 * Posts `amount` of a pending transfer to `credit` (default: the pending transfer's credit account).
 * Several posts may share one hold (a red packet's claims) as long as the hold lasts.
 */
export async function postPending(
  trx: Trx,
  input: {
    id: string;
    pendingId: string;
    amount: number;
    credit?: string;
    kind?: string;
    memo?: string;
    now: string;
  },
): Promise<boolean> {
  assertAmount(input.amount);
  const pending = await pendingTransfer(trx, input.pendingId);
  if (!pending) throw new InsufficientHoldError();
  const creditId = input.credit ? await accountId(trx, input.credit, input.now) : pending.creditAccountId;
  const isNew = await insertTransfer(trx, {
    id: input.id,
    debitAccountId: pending.debitAccountId,
    creditAccountId: creditId,
    amount: input.amount,
    phase: "post_pending",
    pendingId: pending.id,
    kind: input.kind ?? pending.kind,
    reference: pending.reference,
    memo: input.memo ?? "",
    createdAt: input.now,
  });
  if (!isNew) return false;
  await takeFromHold(trx, pending.id, input.amount);
  await applyDeltas(
    trx,
    [
      { id: pending.debitAccountId, posted: -input.amount, pending: -input.amount },
      { id: creditId, posted: input.amount, pending: 0 },
    ],
    () => new InsufficientHoldError(),
  );
  return true;
}

/** Releases whatever is left of a hold back to its account; returns the amount released (0 when none). */
export async function voidPending(
  trx: Trx,
  input: { id: string; pendingId: string; now: string },
): Promise<number> {
  const pending = await pendingTransfer(trx, input.pendingId);
  if (!pending) throw new InsufficientHoldError();
  let holdQuery = trx.selectFrom("ledger_holds").select("remaining").where("transferId", "=", pending.id);
  if (!isSqlite(trx)) holdQuery = holdQuery.forUpdate();
  const hold = await holdQuery.executeTakeFirstOrThrow();
  const remaining = Number(hold.remaining);
  if (remaining === 0) return 0;
  const isNew = await insertTransfer(trx, {
    id: input.id,
    debitAccountId: pending.debitAccountId,
    creditAccountId: pending.creditAccountId,
    amount: remaining,
    phase: "void_pending",
    pendingId: pending.id,
    kind: pending.kind,
    reference: pending.reference,
    memo: "",
    createdAt: input.now,
  });
  if (!isNew) return 0;
  await takeFromHold(trx, pending.id, remaining);
  await applyDeltas(
    trx,
    [{ id: pending.debitAccountId, posted: 0, pending: -remaining }],
    () => new InsufficientHoldError(),
  );
  return remaining;
}

export interface Balance {
  /** Everything posted to the account. */
  posted: number;
  /** Frozen by holds. */
  frozen: number;
  /** What may be spent: posted minus frozen. */
  available: number;
}

export async function balanceOf(db: Db | Trx, key: string): Promise<Balance> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select(["posted", "pending"])
    .where("key", "=", key)
    .executeTakeFirst();
  const posted = Number(row?.posted ?? 0);
  const frozen = Number(row?.pending ?? 0);
  return { posted, frozen, available: posted - frozen };
}

/**
 * Every account's sums recomputed from its transfers; the accounts whose stored sums differ (empty when
 * the ledger is consistent). For tests and an operator's check.
 */
export async function ledgerMismatches(
  db: Db,
): Promise<Array<{ key: string; stored: Balance; derived: Balance }>> {
  const accounts = await db.selectFrom("ledger_accounts").selectAll().execute();
  const transfers = await db.selectFrom("ledger_transfers").selectAll().execute();
  const sums = new Map<number, { posted: number; pending: number }>();
  const at = (id: number) => {
    let s = sums.get(id);
    if (!s) {
      s = { posted: 0, pending: 0 };
      sums.set(id, s);
    }
    return s;
  };
  for (const t of transfers) {
    const amount = Number(t.amount);
    if (t.phase === "posted" || t.phase === "post_pending") {
      at(t.debitAccountId).posted -= amount;
      at(t.creditAccountId).posted += amount;
    }
    if (t.phase === "pending") at(t.debitAccountId).pending += amount;
    if (t.phase === "post_pending" || t.phase === "void_pending") at(t.debitAccountId).pending -= amount;
  }
  const out: Array<{ key: string; stored: Balance; derived: Balance }> = [];
  for (const a of accounts) {
    const d = sums.get(a.id) ?? { posted: 0, pending: 0 };
    const stored = {
      posted: Number(a.posted),
      frozen: Number(a.pending),
      available: Number(a.posted) - Number(a.pending),
    };
    if (stored.posted !== d.posted || stored.frozen !== d.pending) {
      out.push({
        key: a.key,
        stored,
        derived: { posted: d.posted, frozen: d.pending, available: d.posted - d.pending },
      });
    }
  }
  return out;
}
