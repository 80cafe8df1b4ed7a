import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * 预约 (issue #41): one counter row per booked time slot and one row per booking. The database, not the code,
 * keeps the counts exact under concurrency: `used` moves only by conditional updates and the CHECK holds it
 * within 0…places; the unique (questionnaire, question, respondent, person_seat) lets one respondent hold at
 * most `perPerson` active bookings (a cancelled booking gives its seat back by setting it to NULL, and NULLs
 * never collide). Everything goes with the questionnaire (cascade).
 */
export function bookingsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Created by the first booking of the slot; `places` is the schedule's as of the latest booking.
      await withId(db.schema.createTable("booking_slots"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("question_id", "varchar(64)", (c) => c.notNull())
        .addColumn("slot_key", "varchar(32)", (c) => c.notNull())
        .addColumn("places", "integer", (c) => c.notNull())
        .addColumn("used", "integer", (c) => c.notNull().defaultTo(0))
        .addCheckConstraint("booking_slots_used", sql`used >= 0 and used <= places`)
        .addUniqueConstraint("booking_slots_key", ["questionnaire_id", "question_id", "slot_key"])
        .execute();

      await withId(db.schema.createTable("bookings"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("question_id", "varchar(64)", (c) => c.notNull())
        .addColumn("slot_key", "varchar(32)", (c) => c.notNull())
        // The caller's digest of the device, account or phone: who the per-person limit counts.
        .addColumn("respondent_key", "varchar(100)", (c) => c.notNull())
        // 1…perPerson while active, NULL once cancelled (see the unique constraint below).
        .addColumn("person_seat", "integer")
        .addColumn("response_id", "integer")
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        // sha256 of the receipt code; the code itself is shown once and never stored.
        .addColumn("code_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("cancelled_at", "varchar(32)")
        // The slot the booking was in before its latest move.
        .addColumn("moved_from", "varchar(32)")
        .addColumn("moved_at", "varchar(32)")
        .addColumn("checked_in_at", "varchar(32)")
        .addCheckConstraint(
          "bookings_status_seat",
          sql`(status = 'active' and person_seat is not null) or (status = 'cancelled' and person_seat is null)`,
        )
        .addUniqueConstraint("bookings_person_seat", [
          "questionnaire_id",
          "question_id",
          "respondent_key",
          "person_seat",
        ])
        .execute();
      await db.schema
        .createIndex("bookings_slot")
        .on("bookings")
        .columns(["questionnaire_id", "question_id", "slot_key", "status"])
        .execute();
      await db.schema.createIndex("bookings_response").on("bookings").column("response_id").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("bookings").execute();
      await db.schema.dropTable("booking_slots").execute();
    },
  };
}
