import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * 商品 orders (issue #41). `product_stock` keeps each product's stock exact: an order reserves, a payment moves
 * the reservation to sold, an expiry releases it; the CHECK (reserved + sold never above stock, nothing
 * negative) is what stops the 101st buyer of 100 items, whatever the code does. `form_orders` keeps money
 * in fen with its own CHECKs (fee and refunds within the total).
 */
export function formOrdersMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("product_stock")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("question_id", "varchar(64)", (c) => c.notNull())
        // The product's id (stock is per product, shared by its options); room for `<item>|<option>` keys.
        .addColumn("item_key", "varchar(120)", (c) => c.notNull())
        // Null: unlimited (reserved and sold still count).
        .addColumn("stock", "integer")
        .addColumn("reserved", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sold", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("product_stock_pk", ["questionnaire_id", "question_id", "item_key"])
        .addCheckConstraint(
          "product_stock_within",
          sql`reserved >= 0 and sold >= 0 and (stock is null or (stock >= 0 and reserved + sold <= stock))`,
        )
        .execute();

      // 每人限购 across orders: what each buyer holds of a product in orders pending or paid.
      await db.schema
        .createTable("product_buyer_counts")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("question_id", "varchar(64)", (c) => c.notNull())
        .addColumn("item_key", "varchar(120)", (c) => c.notNull())
        .addColumn("buyer_key", "varchar(128)", (c) => c.notNull())
        .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(0).check(sql`quantity >= 0`))
        .addPrimaryKeyConstraint("product_buyer_counts_pk", [
          "questionnaire_id",
          "question_id",
          "item_key",
          "buyer_key",
        ])
        .execute();

      await withId(db.schema.createTable("form_orders"), dialect)
        .addColumn("order_no", "varchar(40)", (c) => c.notNull().unique())
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("question_id", "varchar(64)", (c) => c.notNull())
        .addColumn("response_id", "integer")
        // The creator, whose wallet receives the money.
        .addColumn("owner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        // Who bought: a respondent's stable key (user, openid or device), for limits and the receipt.
        .addColumn("buyer_key", "varchar(128)", (c) => c.notNull())
        // JSON: PricedLine[]
        .addColumn("lines", "text", (c) => c.notNull())
        .addColumn("total_fen", "bigint", (c) => c.notNull())
        .addColumn("fee_fen", "bigint", (c) => c.notNull())
        .addColumn("fee_rate_bp", "integer", (c) => c.notNull())
        .addColumn("refunded_fen", "bigint", (c) => c.notNull().defaultTo(0))
        // pending | paid | expired | cancelled | refunded | partially_refunded
        .addColumn("status", "varchar(24)", (c) => c.notNull())
        .addColumn("provider", "varchar(16)", (c) => c.notNull().defaultTo(""))
        .addColumn("provider_trade_no", "varchar(64)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("paid_at", "varchar(32)")
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addCheckConstraint(
          "form_orders_money",
          sql`total_fen > 0 and fee_fen >= 0 and fee_fen <= total_fen and refunded_fen >= 0 and refunded_fen <= total_fen`,
        )
        .execute();
      await db.schema
        .createIndex("form_orders_questionnaire_idx")
        .on("form_orders")
        .columns(["questionnaire_id", "created_at"])
        .execute();
      await db.schema
        .createIndex("form_orders_owner_idx")
        .on("form_orders")
        .columns(["owner_id", "created_at"])
        .execute();
      await db.schema
        .createIndex("form_orders_expiry_idx")
        .on("form_orders")
        .columns(["status", "expires_at"])
        .execute();

      await withId(db.schema.createTable("form_order_refunds"), dialect)
        .addColumn("order_id", "integer", (c) => c.notNull().references("form_orders.id").onDelete("cascade"))
        .addColumn("refund_no", "varchar(48)", (c) => c.notNull().unique())
        .addColumn("amount_fen", "bigint", (c) => c.notNull().check(sql`amount_fen > 0`))
        // The part of the platform's fee this refund gives back (the creator's wallet pays the rest).
        .addColumn("fee_back_fen", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("reason", "varchar(200)", (c) => c.notNull().defaultTo(""))
        // pending (sent to the provider) | done | failed (undone in the ledger)
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("form_order_refunds_order_idx")
        .on("form_order_refunds")
        .columns(["order_id", "created_at"])
        .execute();
    },
  };
}
