import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Webhooks (issue #38): the hooks, and one row per message to one hook — the outbox the change that caused it
 * writes in its own transaction, and the delivery's state (attempts, next try, last answer). Deliveries name
 * their hook without a foreign key: the submit path inserts them, and a key check would have it wait on a hook
 * being deleted (deleting a hook deletes its deliveries itself; the dispatcher drops any orphan it meets).
 */
export function webhooksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("webhooks"), dialect)
        .addColumn("owner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        // Null: an account-wide hook, for every questionnaire of the owner.
        .addColumn("questionnaire_id", "integer", (c) =>
          c.references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("created_by", "integer", (c) => c.notNull())
        .addColumn("url", "varchar(2000)", (c) => c.notNull())
        .addColumn("events", "varchar(200)", (c) => c.notNull())
        // The signing secret wrapped under the master key (`<master id>.<AES-GCM>`), never in clear.
        .addColumn("secret", "varchar(200)", (c) => c.notNull())
        .addColumn("enabled", "integer", (c) => c.notNull())
        .addColumn("disabled_reason", "varchar(300)", (c) => c.notNull().defaultTo(""))
        .addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("failing_since", "varchar(32)")
        // After an attempt that got no HTTP answer: nothing is sent to it before then (its retry time).
        .addColumn("paused_until", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("webhooks_questionnaire")
        .on("webhooks")
        .column("questionnaire_id")
        .execute();
      await db.schema.createIndex("webhooks_owner").on("webhooks").columns(["owner_id", "id"]).execute();

      await withId(db.schema.createTable("webhook_deliveries"), dialect)
        .addColumn("webhook_id", "integer", (c) => c.notNull())
        .addColumn("event_id", "varchar(64)", (c) => c.notNull())
        .addColumn("event_type", "varchar(40)", (c) => c.notNull())
        // What the event is about (ids, the change), written with it; the body is built from it when first sent.
        .addColumn("payload", "text", (c) => c.notNull())
        // The exact body sent, kept from the first attempt so every retry and replay sends the same message.
        .addColumn("body", "text")
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "varchar(32)", (c) => c.notNull())
        // Attempts stop after this time (null: 24 hours after the event; a replay sets its own).
        .addColumn("give_up_at", "varchar(32)")
        .addColumn("first_attempt_at", "varchar(32)")
        .addColumn("last_attempt_at", "varchar(32)")
        .addColumn("last_status_code", "integer")
        .addColumn("last_latency_ms", "integer")
        .addColumn("last_response_excerpt", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("last_error", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("delivered_at", "varchar(32)")
        .addUniqueConstraint("webhook_deliveries_event_uq", ["webhook_id", "event_id"])
        .execute();
      // Pending messages of a hook (partial indexes stay small: delivered and failed ones leave them): whether
      // any is due, by time; the due ones in the order of their events, by id.
      await db.schema
        .createIndex("webhook_deliveries_pending_due")
        .on("webhook_deliveries")
        .columns(["webhook_id", "next_attempt_at"])
        .where(sql.ref("status"), "=", "pending")
        .execute();
      await db.schema
        .createIndex("webhook_deliveries_pending")
        .on("webhook_deliveries")
        .columns(["webhook_id", "id"])
        .where(sql.ref("status"), "=", "pending")
        .execute();
      // A hook's log, newest first.
      await db.schema
        .createIndex("webhook_deliveries_hook")
        .on("webhook_deliveries")
        .columns(["webhook_id", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("webhook_deliveries").execute();
      await db.schema.dropTable("webhooks").execute();
    },
  };
}
