import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Sample-service orders (issue #19): the total is frozen in the buyer's wallet by a ledger hold when the
 * order is placed; each valid response the admin accepts posts its price from the hold, a cancel voids the
 * rest. The counters' CHECKs keep progress within the order whatever the code does.
 */
export function sampleOrdersMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("sample_orders"), dialect)
        .addColumn("order_no", "varchar(40)", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn("filled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("rejected", "integer", (c) => c.notNull().defaultTo(0).check(sql`rejected >= 0`))
        .addColumn("price_fen", "bigint", (c) => c.notNull().check(sql`price_fen > 0`))
        .addColumn("refunded_fen", "bigint", (c) => c.notNull().defaultTo(0))
        // JSON: { region, ageBand, gender, occupation }
        .addColumn("targeting", "text", (c) => c.notNull())
        .addColumn("note", "varchar(200)", (c) => c.notNull().defaultTo(""))
        .addColumn("hold_id", "varchar(80)", (c) => c.notNull().unique())
        // paid | collecting | completed | cancelled
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("admin_note", "varchar(200)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addCheckConstraint("sample_orders_filled_check", sql`filled >= 0 and filled <= quantity`)
        .execute();
      await db.schema
        .createIndex("sample_orders_questionnaire_idx")
        .on("sample_orders")
        .columns(["questionnaire_id", "created_at"])
        .execute();
      await db.schema
        .createIndex("sample_orders_status_idx")
        .on("sample_orders")
        .columns(["status", "created_at"])
        .execute();
    },
  };
}
