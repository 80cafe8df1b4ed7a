import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Rewards for respondents (issue #17): a questionnaire's draw settings, its prizes and coupon codes, the
 * draws, red packets and their claims. Stock and claim counts are changed by conditional UPDATEs; the
 * CHECKs and unique keys below are what keep concurrent draws and claims within stock and budget.
 */
export function rewardsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("prize_sets")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.primaryKey().references("questionnaires.id").onDelete("cascade"),
        )
        // The settings as JSON, parsed over core's prizeSetSchema defaults.
        .addColumn("settings", "text", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("prizes"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("name", "varchar(60)", (c) => c.notNull())
        .addColumn("image", "varchar(500)", (c) => c.notNull().defaultTo(""))
        // physical | coupon | none (谢谢参与)
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("stock", "integer", (c) => c.notNull().check(sql`stock >= 0`))
        // Basis points: 10000 = 100%.
        .addColumn("probability", "integer", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("deleted_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("prizes_questionnaire_idx")
        .on("prizes")
        .column("questionnaire_id")
        .execute();

      await withId(db.schema.createTable("prize_draws"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        // One draw per response: the unique key answers a second, concurrent try.
        .addColumn("response_id", "integer", (c) =>
          c.notNull().unique().references("responses.id").onDelete("cascade"),
        )
        .addColumn("prize_id", "integer", (c) => c.references("prizes.id"))
        .addColumn("won", "integer", (c) => c.notNull())
        .addColumn("device_id", "varchar(64)", (c) => c.notNull().defaultTo(""))
        .addColumn("user_id", "integer")
        .addColumn("winner_info", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("sent_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("prize_draws_questionnaire_idx")
        .on("prize_draws")
        .columns(["questionnaire_id", "won"])
        .execute();

      await withId(db.schema.createTable("prize_codes"), dialect)
        .addColumn("prize_id", "integer", (c) => c.notNull().references("prizes.id").onDelete("cascade"))
        .addColumn("code", "varchar(64)", (c) => c.notNull())
        // Handed out once: the draw that took it (unique, so no code goes to two winners).
        .addColumn("draw_id", "integer", (c) => c.unique().references("prize_draws.id").onDelete("set null"))
        .addUniqueConstraint("prize_codes_once", ["prize_id", "code"])
        .execute();

      await withId(db.schema.createTable("red_packets"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        // Whose wallet holds the budget (no foreign key: the ledger keeps the money's history anyway).
        .addColumn("payer_id", "integer", (c) => c.notNull())
        .addColumn("kind", "varchar(8)", (c) => c.notNull())
        .addColumn("total_fen", "bigint", (c) => c.notNull().check(sql`total_fen > 0`))
        .addColumn("count", "integer", (c) => c.notNull().check(sql`count > 0`))
        // The shares, decided when the budget is frozen (JSON array of fen, summing to total_fen).
        .addColumn("shares", "text", (c) => c.notNull())
        .addColumn("claimed_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("review", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("eligibility", "text", (c) => c.notNull())
        // The ledger's pending transfer holding the budget.
        .addColumn("hold_id", "varchar(80)", (c) => c.notNull())
        // active | released
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("released_at", "varchar(32)")
        .addCheckConstraint("red_packets_claims_within_count", sql`claimed_count <= count`)
        .execute();
      await db.schema
        .createIndex("red_packets_questionnaire_idx")
        .on("red_packets")
        .column("questionnaire_id")
        .execute();

      await withId(db.schema.createTable("red_packet_claims"), dialect)
        .addColumn("red_packet_id", "integer", (c) =>
          c.notNull().references("red_packets.id").onDelete("cascade"),
        )
        .addColumn("response_id", "integer", (c) =>
          c.notNull().references("responses.id").onDelete("cascade"),
        )
        .addColumn("phone", "varchar(20)", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("share_index", "integer", (c) => c.notNull())
        .addColumn("amount_fen", "bigint", (c) => c.notNull().check(sql`amount_fen > 0`))
        // pending (awaiting review) | paid | rejected
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("reviewed_at", "varchar(32)")
        .addUniqueConstraint("red_packet_claims_response_once", ["red_packet_id", "response_id"])
        .addUniqueConstraint("red_packet_claims_phone_once", ["red_packet_id", "phone"])
        .execute();
    },
  };
}
