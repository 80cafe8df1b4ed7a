import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Withdrawal requests (issue #16): the amount is frozen in the wallet by a ledger hold when the user asks,
 * posted to the site's withdrawals account when an admin pays it out, voided when refused or cancelled.
 */
export function withdrawalsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("withdrawals"), dialect)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("amount_fen", "bigint", (c) => c.notNull().check(sql`amount_fen > 0`))
        // alipay | bank
        .addColumn("channel", "varchar(16)", (c) => c.notNull())
        .addColumn("account_name", "varchar(64)", (c) => c.notNull())
        .addColumn("account_no", "varchar(64)", (c) => c.notNull())
        .addColumn("bank_name", "varchar(64)", (c) => c.notNull().defaultTo(""))
        // The ledger hold freezing the amount.
        .addColumn("hold_id", "varchar(80)", (c) => c.notNull().unique())
        // pending | paid | rejected | cancelled
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("admin_note", "varchar(200)", (c) => c.notNull().defaultTo(""))
        .addColumn("reviewed_by", "integer")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("reviewed_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("withdrawals_user_idx")
        .on("withdrawals")
        .columns(["user_id", "created_at"])
        .execute();
      await db.schema
        .createIndex("withdrawals_status_idx")
        .on("withdrawals")
        .columns(["status", "created_at"])
        .execute();
    },
  };
}
