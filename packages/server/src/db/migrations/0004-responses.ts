import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

export function responsesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("responses"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("revision_id", "integer", (c) => c.notNull().references("questionnaire_revisions.id"))
        .addColumn("answers", "text", (c) => c.notNull())
        .addColumn("labels", "text", (c) => c.notNull())
        .addColumn("score", "real")
        .addColumn("max_score", "real")
        .addColumn("passed", "integer")
        .addColumn("end_state", "varchar(16)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("user_agent", "varchar(300)", (c) => c.notNull())
        .addColumn("device_id", "varchar(64)", (c) => c.notNull())
        .addColumn("user_id", "integer")
        .addColumn("source", "varchar(16)", (c) => c.notNull())
        .addColumn("duration_seconds", "integer", (c) => c.notNull())
        .addColumn("idempotency_key", "varchar(64)", (c) => c.notNull())
        .addColumn("submitted_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("responses_idempotency_uq", ["questionnaire_id", "idempotency_key"])
        .execute();
      for (const column of ["ip", "device_id", "user_id", "submitted_at"]) {
        await db.schema
          .createIndex(`responses_${column}_idx`)
          .on("responses")
          .columns(["questionnaire_id", column])
          .execute();
      }

      await db.schema
        .createTable("response_counters")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("key", "varchar(200)", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("response_counters_pk", ["questionnaire_id", "key"])
        .execute();

      await db.schema
        .createTable("response_uniques")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("question_id", "varchar(64)", (c) => c.notNull())
        .addColumn("value", "varchar(500)", (c) => c.notNull())
        .addColumn("response_id", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("response_uniques_pk", ["questionnaire_id", "question_id", "value"])
        .execute();
    },
  };
}
