import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/** Invoices of paid orders (issue #16): one request per order; the admin attaches the issued PDF. */
export function invoicesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("invoices"), dialect)
        .addColumn("order_id", "integer", (c) =>
          c.notNull().unique().references("orders.id").onDelete("cascade"),
        )
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("title", "varchar(100)", (c) => c.notNull())
        .addColumn("tax_no", "varchar(20)", (c) => c.notNull().defaultTo(""))
        .addColumn("email", "varchar(100)", (c) => c.notNull())
        // requested | issued
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        // The storage key of the PDF once issued.
        .addColumn("file_key", "varchar(200)")
        .addColumn("file_size", "integer")
        .addColumn("issued_by", "integer")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("issued_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("invoices_status_idx")
        .on("invoices")
        .columns(["status", "created_at"])
        .execute();
    },
  };
}
