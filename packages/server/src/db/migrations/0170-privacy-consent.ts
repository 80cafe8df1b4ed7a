import type { Kysely, Migration } from "kysely";

/**
 * 同意隐私政策 (issue #36): each version of a questionnaire's consent as the respondents read it, and on a
 * response the version its respondent agreed to (null where none was asked, as for every earlier response).
 */
export function privacyConsentMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("privacy_consent_versions")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("policy_url", "varchar(500)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addPrimaryKeyConstraint("privacy_consent_versions_pk", ["questionnaire_id", "version"])
        .execute();
      await db.schema.alterTable("responses").addColumn("consent_version", "integer").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("responses").dropColumn("consent_version").execute();
      await db.schema.dropTable("privacy_consent_versions").execute();
    },
  };
}
