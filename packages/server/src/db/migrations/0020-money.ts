import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Money (issue #16): an append-only ledger of accounts and transfers, holds for frozen amounts, and
 * orders paid through providers. Amounts are integers in fen (bigint: a site account sums every sale).
 */
export function moneyMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("ledger_accounts"), dialect)
        // "user:<id>:wallet" or "site:<name>": one row per account, found by key.
        .addColumn("key", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("kind", "varchar(8)", (c) => c.notNull())
        .addColumn("posted", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("pending", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        // What stops concurrent spends from overdrawing: a user's available balance never goes below zero.
        .addCheckConstraint(
          "ledger_accounts_user_not_negative",
          sql`kind <> 'user' or (pending >= 0 and posted - pending >= 0)`,
        )
        .execute();

      await db.schema
        .createTable("ledger_transfers")
        // Chosen by the caller: a retried transfer finds its row and changes nothing.
        .addColumn("id", "varchar(80)", (c) => c.primaryKey())
        .addColumn("debit_account_id", "integer", (c) => c.notNull().references("ledger_accounts.id"))
        .addColumn("credit_account_id", "integer", (c) => c.notNull().references("ledger_accounts.id"))
        .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
        // posted | pending | post_pending | void_pending
        .addColumn("phase", "varchar(16)", (c) => c.notNull())
        .addColumn("pending_id", "varchar(80)", (c) => c.references("ledger_transfers.id"))
        .addColumn("kind", "varchar(32)", (c) => c.notNull())
        .addColumn("reference", "varchar(80)", (c) => c.notNull().defaultTo(""))
        .addColumn("memo", "varchar(100)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("ledger_transfers_debit_idx")
        .on("ledger_transfers")
        .columns(["debit_account_id", "created_at"])
        .execute();
      await db.schema
        .createIndex("ledger_transfers_credit_idx")
        .on("ledger_transfers")
        .columns(["credit_account_id", "created_at"])
        .execute();

      // What is left of each pending transfer; the CHECK stops two concurrent posts from spending it twice.
      await db.schema
        .createTable("ledger_holds")
        .addColumn("transfer_id", "varchar(80)", (c) => c.primaryKey().references("ledger_transfers.id"))
        .addColumn("remaining", "bigint", (c) => c.notNull().check(sql`remaining >= 0`))
        .execute();

      await withId(db.schema.createTable("orders"), dialect)
        .addColumn("order_no", "varchar(32)", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        // vip | recharge
        .addColumn("item_kind", "varchar(16)", (c) => c.notNull())
        .addColumn("item_name", "varchar(64)", (c) => c.notNull())
        .addColumn("vip_level", "integer")
        .addColumn("vip_days", "integer")
        .addColumn("amount_fen", "bigint", (c) => c.notNull().check(sql`amount_fen > 0`))
        // pending | paid | cancelled | refunded
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("provider", "varchar(16)", (c) => c.notNull().defaultTo(""))
        .addColumn("trade_no", "varchar(64)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("paid_at", "varchar(32)")
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("orders_user_idx")
        .on("orders")
        .columns(["user_id", "created_at"])
        .execute();

      // Every verified provider notification, once: a replay finds its row.
      await withId(db.schema.createTable("payment_notifications"), dialect)
        .addColumn("provider", "varchar(16)", (c) => c.notNull())
        .addColumn("notify_id", "varchar(80)", (c) => c.notNull())
        .addColumn("order_no", "varchar(32)", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("received_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("payment_notifications_once", ["provider", "notify_id"])
        .execute();
    },
  };
}
