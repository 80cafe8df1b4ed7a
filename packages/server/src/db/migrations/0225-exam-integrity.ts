import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Exams people can trust (issue #40): the candidate list of an exam, the attempts the server times and keeps
 * answers for, and each attempt's timeline (page leaves, full-screen exits, snapshots, reconnects, time
 * added). Everything goes with the questionnaire (cascade); snapshot files are removed by the purge that
 * removes its uploads.
 */
export function examIntegrityMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Name, number and phone are sealed under the questionnaire's data key when personal-data encryption is
      // on (place `~candidate`); the digests (keyed HMAC, or the value itself when off) are what lookups use.
      await withId(db.schema.createTable("exam_candidates"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("number_digest", "varchar(80)", (c) => c.notNull())
        .addColumn("number", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("phone_digest", "varchar(80)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("exam_candidates_number", ["questionnaire_id", "number_digest"])
        .execute();
      await db.schema
        .createIndex("exam_candidates_phone")
        .on("exam_candidates")
        .columns(["questionnaire_id", "phone_digest"])
        .execute();

      // One row per attempt: `subject` is `c:<candidate id>` or `d:<device id>`; the unique (questionnaire,
      // subject, attempt_no) is what keeps one attempt per candidate exact under concurrent starts.
      await withId(db.schema.createTable("exam_attempts"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("candidate_id", "integer", (c) => c.references("exam_candidates.id").onDelete("set null"))
        .addColumn("subject", "varchar(100)", (c) => c.notNull())
        .addColumn("attempt_no", "integer", (c) => c.notNull())
        .addColumn("revision_id", "integer", (c) => c.notNull())
        .addColumn("seed", "varchar(80)", (c) => c.notNull())
        .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("ended_reason", "varchar(16)")
        .addColumn("started_at", "varchar(32)", (c) => c.notNull())
        .addColumn("deadline_at", "varchar(32)")
        .addColumn("extra_seconds", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_seen_at", "varchar(32)", (c) => c.notNull())
        .addColumn("switches", "integer", (c) => c.notNull().defaultTo(0))
        // Saved answers (JSON; sealed whole when the questionnaire seals personal answers), page and history.
        .addColumn("progress", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("saved_at", "varchar(32)")
        .addColumn("page_id", "varchar(64)")
        .addColumn("history", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("response_id", "integer")
        .addColumn("ip", "varchar(64)", (c) => c.notNull().defaultTo(""))
        .addColumn("user_agent", "varchar(300)", (c) => c.notNull().defaultTo(""))
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("exam_attempts_subject_no", ["questionnaire_id", "subject", "attempt_no"])
        .execute();
      await db.schema
        .createIndex("exam_attempts_status")
        .on("exam_attempts")
        .columns(["questionnaire_id", "status"])
        .execute();
      await db.schema
        .createIndex("exam_attempts_deadline")
        .on("exam_attempts")
        .columns(["status", "deadline_at"])
        .execute();
      await db.schema
        .createIndex("exam_attempts_response")
        .on("exam_attempts")
        .column("response_id")
        .execute();

      await withId(db.schema.createTable("exam_events"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("attempt_id", "integer", (c) =>
          c.notNull().references("exam_attempts.id").onDelete("cascade"),
        )
        .addColumn("kind", "varchar(24)", (c) => c.notNull())
        .addColumn("at", "varchar(32)", (c) => c.notNull())
        .addColumn("detail", "varchar(200)", (c) => c.notNull().defaultTo(""))
        // Snapshots: the storage key of the (sealed) image.
        .addColumn("storage_key", "varchar(200)")
        .execute();
      await db.schema
        .createIndex("exam_events_attempt")
        .on("exam_events")
        .columns(["attempt_id", "id"])
        .execute();
      await db.schema
        .createIndex("exam_events_snapshots")
        .on("exam_events")
        .columns(["questionnaire_id", "storage_key"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("exam_events").execute();
      await db.schema.dropTable("exam_attempts").execute();
      await db.schema.dropTable("exam_candidates").execute();
    },
  };
}
