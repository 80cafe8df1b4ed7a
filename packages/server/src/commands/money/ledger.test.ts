import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { transaction } from "../../db/index.ts";
import {
  balanceOf,
  InsufficientBalanceError,
  ledgerMismatches,
  postPending,
  reserve,
  siteKey,
  transfer,
  voidPending,
  walletKey,
} from "./ledger.ts";
import { approveWithdrawal, cancelWithdrawal, rejectWithdrawal, requestWithdrawal } from "./withdrawals.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const now = "2026-06-01T02:00:00.000Z";
let seq = 0;
const nextId = () => `test:${++seq}`;

/** Runs one ledger step in its own transaction; a refused step (余额不足, hold used up) changes nothing. */
async function attempt(fn: Parameters<typeof transaction>[1]): Promise<boolean> {
  try {
    await transaction(t.db, fn);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 409) return false;
    throw error;
  }
}

describe("the ledger", () => {
  it("a retried transfer (same id) moves the money once", async () => {
    const { user } = await buildUser(t);
    const id = nextId();
    const step = {
      id,
      debit: siteKey("payments"),
      credit: walletKey(user.id),
      amount: 500,
      kind: "recharge",
      now,
    };
    expect(await transaction(t.db, (trx) => transfer(trx, step))).toBe(true);
    expect(await transaction(t.db, (trx) => transfer(trx, step))).toBe(false);
    expect(await balanceOf(t.db, walletKey(user.id))).toEqual({ posted: 500, frozen: 0, available: 500 });
  });

  it("refuses an overdraft with 余额不足 and leaves no row behind", async () => {
    const { user } = await buildUser(t);
    const id = nextId();
    await expect(
      transaction(t.db, (trx) =>
        transfer(trx, {
          id,
          debit: walletKey(user.id),
          credit: siteKey("revenue"),
          amount: 1,
          kind: "vip",
          now,
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await t.db.selectFrom("ledger_transfers").select("id").where("id", "=", id).execute()).toEqual([]);
  });

  it("random recharges, spends, freezes, partial posts, releases, refunds and withdrawals keep every balance equal to its transfers and never negative", async () => {
    const { user: a } = await buildUser(t);
    const { user: b } = await buildUser(t);
    const admin = await buildAdmin(t);
    const users = [a, b];
    const wallets = [walletKey(a.id), walletKey(b.id)];
    const holds: string[] = [];
    // Withdrawal requests go through the commands the routes call (their own transactions).
    const requests: number[] = [];
    const step = fc.oneof(
      fc.record({ op: fc.constant("recharge"), who: fc.nat(1), amount: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ op: fc.constant("spend"), who: fc.nat(1), amount: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ op: fc.constant("refund"), who: fc.nat(1), amount: fc.integer({ min: 1, max: 2000 }) }),
      fc.record({ op: fc.constant("pay"), who: fc.nat(1), amount: fc.integer({ min: 1, max: 3000 }) }),
      fc.record({ op: fc.constant("freeze"), who: fc.nat(1), amount: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ op: fc.constant("post"), who: fc.nat(1), amount: fc.integer({ min: 1, max: 3000 }) }),
      fc.record({ op: fc.constant("release"), who: fc.nat(1), amount: fc.constant(0) }),
      fc.record({ op: fc.constant("withdraw"), who: fc.nat(1), amount: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ op: fc.constant("approve"), who: fc.nat(1), amount: fc.nat(10) }),
      fc.record({ op: fc.constant("reject"), who: fc.nat(1), amount: fc.nat(10) }),
      fc.record({ op: fc.constant("cancel"), who: fc.nat(1), amount: fc.nat(10) }),
    );
    /** A refused withdrawal step (over the balance, decided before, not the caller's) changes nothing. */
    const decision = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (error) {
        if (![404, 409].includes((error as { code?: number }).code ?? 0)) throw error;
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        for (const s of steps) {
          const wallet = wallets[s.who] as string;
          const other = wallets[1 - s.who] as string;
          const base = { amount: s.amount, now };
          const user = users[s.who] as (typeof users)[number];
          const picked = requests[s.amount % Math.max(requests.length, 1)];
          if (s.op === "withdraw") {
            await decision(async () => {
              const view = await requestWithdrawal(t.ctx, user, {
                amountFen: s.amount,
                channel: "alipay",
                accountName: "测试",
                accountNo: "test@example.com",
                bankName: "",
              });
              requests.push(view.id);
            });
          } else if (picked !== undefined && s.op === "approve") {
            await decision(() => approveWithdrawal(t.ctx, admin, { id: picked, note: "" }));
          } else if (picked !== undefined && s.op === "reject") {
            await decision(() => rejectWithdrawal(t.ctx, admin, { id: picked, reason: "驳回" }));
          } else if (picked !== undefined && s.op === "cancel") {
            await decision(() => cancelWithdrawal(t.ctx, user, picked));
          }
          await attempt(async (trx) => {
            switch (s.op) {
              case "recharge":
                await transfer(trx, {
                  ...base,
                  id: nextId(),
                  debit: siteKey("payments"),
                  credit: wallet,
                  kind: "recharge",
                });
                break;
              case "spend":
                await transfer(trx, {
                  ...base,
                  id: nextId(),
                  debit: wallet,
                  credit: siteKey("revenue"),
                  kind: "vip",
                });
                break;
              case "refund":
                await transfer(trx, {
                  ...base,
                  id: nextId(),
                  debit: siteKey("revenue"),
                  credit: wallet,
                  kind: "refund",
                });
                break;
              case "pay":
                await transfer(trx, { ...base, id: nextId(), debit: wallet, credit: other, kind: "reward" });
                break;
              case "freeze": {
                const id = nextId();
                await reserve(trx, {
                  ...base,
                  id,
                  debit: wallet,
                  credit: siteKey("rewards"),
                  kind: "freeze",
                });
                holds.push(id);
                break;
              }
              case "post": {
                const pendingId = holds[s.amount % Math.max(holds.length, 1)];
                if (pendingId)
                  await postPending(trx, { id: nextId(), pendingId, amount: s.amount, credit: other, now });
                break;
              }
              case "release": {
                const pendingId = holds.shift();
                if (pendingId) {
                  await voidPending(trx, { id: nextId(), pendingId, now });
                  // Voiding twice releases nothing more.
                  expect(await voidPending(trx, { id: nextId(), pendingId, now })).toBe(0);
                }
                break;
              }
            }
          });
          for (const key of wallets) {
            const balance = await balanceOf(t.db, key);
            expect(balance.available).toBeGreaterThanOrEqual(0);
            expect(balance.frozen).toBeGreaterThanOrEqual(0);
          }
        }
        expect(await ledgerMismatches(t.db)).toEqual([]);
        // Each request's hold matches its state: whole while pending, spent exactly once when decided.
        const rows = await t.db
          .selectFrom("withdrawals")
          .innerJoin("ledger_holds", "ledger_holds.transferId", "withdrawals.holdId")
          .select([
            "withdrawals.status",
            "withdrawals.amountFen",
            "withdrawals.holdId",
            "ledger_holds.remaining",
          ])
          .execute();
        for (const row of rows) {
          expect(Number(row.remaining)).toBe(row.status === "pending" ? Number(row.amountFen) : 0);
          const moves = await t.db
            .selectFrom("ledger_transfers")
            .select(["phase", "amount"])
            .where("pendingId", "=", row.holdId)
            .execute();
          const expected = {
            pending: [],
            paid: ["post_pending"],
            rejected: ["void_pending"],
            cancelled: ["void_pending"],
          };
          expect(moves.map((m) => m.phase)).toEqual(expected[row.status]);
        }
      }),
      { numRuns: 15 },
    );
  });

  it("200 concurrent spends against a balance that covers 50 succeed exactly 50 times", async () => {
    const { user } = await buildUser(t);
    const wallet = walletKey(user.id);
    await transaction(t.db, (trx) =>
      transfer(trx, {
        id: nextId(),
        debit: siteKey("payments"),
        credit: wallet,
        amount: 50 * 300,
        kind: "recharge",
        now,
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        attempt((trx) =>
          transfer(trx, {
            id: nextId(),
            debit: wallet,
            credit: siteKey("revenue"),
            amount: 300,
            kind: "vip",
            now,
          }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(50);
    expect(await balanceOf(t.db, wallet)).toEqual({ posted: 0, frozen: 0, available: 0 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("concurrent posts against one hold never take more than it holds", async () => {
    const { user } = await buildUser(t);
    const { user: claimer } = await buildUser(t);
    const wallet = walletKey(user.id);
    await transaction(t.db, (trx) =>
      transfer(trx, {
        id: nextId(),
        debit: siteKey("payments"),
        credit: wallet,
        amount: 1000,
        kind: "recharge",
        now,
      }),
    );
    const holdId = nextId();
    await transaction(t.db, (trx) =>
      reserve(trx, {
        id: holdId,
        debit: wallet,
        credit: siteKey("rewards"),
        amount: 1000,
        kind: "freeze",
        now,
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        attempt((trx) =>
          postPending(trx, {
            id: nextId(),
            pendingId: holdId,
            amount: 100,
            credit: walletKey(claimer.id),
            now,
          }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await balanceOf(t.db, walletKey(claimer.id))).toMatchObject({ available: 1000 });
    expect(await balanceOf(t.db, wallet)).toEqual({ posted: 0, frozen: 0, available: 0 });
  });
});
