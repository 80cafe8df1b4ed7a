import type { RedPacketView } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedWithRevision } from "../../../test/rewards-fixtures.ts";
import { fundWallet } from "../../../test/wallet.ts";
import { addSeconds, iso } from "../../clock.ts";
import { transaction } from "../../db/index.ts";
import { pruneExpiredRecords } from "../maintenance.ts";
import { balanceOf, ledgerMismatches, postPending, walletKey } from "../money/ledger.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function addPacket(owner: BuiltUser, questionnaireId: number) {
  const added = await call<RedPacketView>(t.app, "POST", "redPacket/addRedPacket", {
    token: owner.token,
    json: { questionnaireId, packetType: "fixed", count: 10, amountFen: 100 },
  });
  expect(added.body.code).toBe(200);
  return t.db
    .selectFrom("red_packets")
    .selectAll()
    .where("id", "=", added.body.data.redPacketId)
    .executeTakeFirstOrThrow();
}

async function setEndTime(questionnaireId: number, endTime: string) {
  const row = await t.db
    .selectFrom("questionnaires")
    .select("settings")
    .where("id", "=", questionnaireId)
    .executeTakeFirstOrThrow();
  const settings = { ...(JSON.parse(row.settings) as object), endTime };
  await t.db
    .updateTable("questionnaires")
    .set({ settings: JSON.stringify(settings) })
    .where("id", "=", questionnaireId)
    .execute();
}

describe("red packets of a questionnaire whose end time passes", () => {
  it("give the unspent budget back to the creator exactly once, by the maintenance run", async () => {
    const owner = await buildUser(t);
    const winner = await buildUser(t);
    await fundWallet(t, owner, 5_000);
    const ending = await publishedWithRevision(t, owner);
    const open = await publishedWithRevision(t, owner);
    const packet = await addPacket(owner, ending.id);
    const lasting = await addPacket(owner, open.id);
    // One share was paid out before the end (what a claim posts).
    await transaction(t.db, (trx) =>
      postPending(trx, {
        id: `${packet.holdId}:test-claim`,
        pendingId: packet.holdId,
        amount: 100,
        credit: walletKey(winner.user.id),
        now: iso(t.clock.now()),
      }),
    );
    expect(await balanceOf(t.db, walletKey(owner.user.id))).toEqual({
      posted: 4_900,
      frozen: 1_900,
      available: 3_000,
    });

    await setEndTime(ending.id, iso(addSeconds(t.clock.now(), 3_600)));
    expect((await pruneExpiredRecords(t)).endedRedPackets).toBe(0);
    expect(await balanceOf(t.db, walletKey(owner.user.id))).toMatchObject({ frozen: 1_900 });

    t.clock.advance(3_600);
    // Two instances sweeping at once, then a repeated run: the budget comes back once.
    const runs = await Promise.all([pruneExpiredRecords(t), pruneExpiredRecords(t)]);
    const again = await pruneExpiredRecords(t);
    expect(runs.map((r) => r.endedRedPackets).reduce((a = 0, b = 0) => a + b, 0)).toBe(1);
    expect(again.endedRedPackets).toBe(0);

    expect(await balanceOf(t.db, walletKey(owner.user.id))).toEqual({
      posted: 4_900,
      frozen: 1_000,
      available: 3_900,
    });
    const voids = await t.db
      .selectFrom("ledger_transfers")
      .select(["amount"])
      .where("pendingId", "=", packet.holdId)
      .where("phase", "=", "void_pending")
      .execute();
    expect(voids.map((v) => Number(v.amount))).toEqual([900]);
    const after = await t.db
      .selectFrom("red_packets")
      .select(["id", "status"])
      .where("id", "in", [packet.id, lasting.id])
      .orderBy("id")
      .execute();
    expect(after).toEqual([
      { id: packet.id, status: "released" },
      { id: lasting.id, status: "active" },
    ]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
