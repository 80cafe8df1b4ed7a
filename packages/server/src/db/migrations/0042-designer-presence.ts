import type { Kysely, Migration } from "kysely";

/**
 * Who has a questionnaire open in the designer: one row per person and questionnaire, touched by the
 * designer's heartbeat. In the database (not in memory) so that every server instance sees everyone.
 */
export function designerPresenceMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("designer_presence")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("seen_at", "varchar(32)", (c) => c.notNull())
        .addPrimaryKeyConstraint("designer_presence_pk", ["questionnaire_id", "user_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("designer_presence").execute();
    },
  };
}
