import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Red packets paid out to WeChat 零钱 (issue #17): the claimant's openid, when the claim came with one,
 * and one payout row per claim sent through 商家转账到零钱. WeChat's out_batch_no and out_detail_no are
 * derived from the payout's id, so a retried or replayed send is the same transfer at WeChat. No foreign
 * keys: a payout is money in flight and outlives a deleted questionnaire (the ledger keeps its history).
 */
export function redPacketPayoutsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("red_packet_claims")
        .addColumn("openid", "varchar(64)", (c) => c.notNull().defaultTo(""))
        .execute();
      await withId(db.schema.createTable("red_packet_payouts"), dialect)
        .addColumn("claim_id", "integer", (c) => c.notNull().unique())
        .addColumn("red_packet_id", "integer", (c) => c.notNull())
        // The creator whose budget paid it: a failed transfer goes back to this wallet.
        .addColumn("payer_id", "integer", (c) => c.notNull())
        .addColumn("openid", "varchar(64)", (c) => c.notNull())
        .addColumn("amount_fen", "bigint", (c) => c.notNull().check(sql`amount_fen > 0`))
        // sending | paid | failed
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("fail_reason", "varchar(200)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
  };
}
