import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/** Results pinned to the 分析报告 (issue #35): a questionnaire's, oldest first, gone with it. */
export function reportPinsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("report_pins"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("title", "varchar(400)", (c) => c.notNull())
        .addColumn("scope", "varchar(400)", (c) => c.notNull())
        .addColumn("result", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("report_pins_questionnaire")
        .on("report_pins")
        .column("questionnaire_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("report_pins").execute();
    },
  };
}
