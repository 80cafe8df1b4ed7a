import type { Kysely, Migration } from "kysely";

/**
 * 文本分析 (issue #35): a questionnaire's own dictionary — words kept whole and stop words, one per line — gone
 * with the questionnaire.
 */
export function textDictionariesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("text_dictionaries")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.primaryKey().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("words", "text", (c) => c.notNull())
        .addColumn("stop_words", "text", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("text_dictionaries").execute();
    },
  };
}
