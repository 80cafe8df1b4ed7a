import type { Kysely, Migration } from "kysely";

/** 数据报告 links (issue #35): one per questionnaire, found by its token, gone with the questionnaire. */
export function reportSharesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("report_shares")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.primaryKey().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("token", "varchar(32)", (c) => c.notNull().unique())
        .addColumn("enabled", "integer", (c) => c.notNull())
        .addColumn("password", "varchar(40)", (c) => c.notNull())
        .addColumn("filter", "text", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("report_shares").execute();
    },
  };
}
