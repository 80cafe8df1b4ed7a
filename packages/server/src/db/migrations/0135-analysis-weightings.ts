import type { Kysely, Migration } from "kysely";

/**
 * 加权 (issue #34): one saved weighting per questionnaire (its margins, cell weights and summary as JSON text),
 * gone with the questionnaire.
 */
export function analysisWeightingsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("analysis_weightings")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.primaryKey().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("margins", "text", (c) => c.notNull())
        .addColumn("cell_weights", "text", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("analysis_weightings").execute();
    },
  };
}
