import type { Kysely, Migration } from "kysely";

/**
 * Files of 敏感文件 questions and signatures stored encrypted (issue #36): the generation of the questionnaire's
 * data key a file is sealed under (null: stored as uploaded), so a rotation finds the files to re-seal and an
 * old key is forgotten only when no file needs it.
 */
export function sealedUploadsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("uploads").addColumn("sealed_generation", "integer").execute();
      await db.schema
        .createIndex("uploads_sealed")
        .on("uploads")
        .columns(["questionnaire_id", "sealed_generation"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("uploads_sealed").execute();
      await db.schema.alterTable("uploads").dropColumn("sealed_generation").execute();
    },
  };
}
