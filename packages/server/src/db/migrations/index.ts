import { type Kysely, type Migration, Migrator } from "kysely";
import type { DialectName } from "../index.ts";
import type { Database } from "../schema.ts";
import { accountsMigration } from "./0001-accounts.ts";
import { siteContentMigration } from "./0002-site-content.ts";
import { questionnairesMigration } from "./0003-questionnaires.ts";
import { responsesMigration } from "./0004-responses.ts";
import { uploadsMigration } from "./0005-uploads.ts";
import { resultsMigration } from "./0006-results.ts";
import { exportJobsMigration } from "./0007-export-jobs.ts";
import { questionnaireTakeDownMigration } from "./0008-questionnaire-take-down.ts";
import { sqliteFactsKeyIndexMigration } from "./0009-sqlite-facts-key-index.ts";
import { loginCaptchasMigration } from "./0010-login-captchas.ts";
import { skippedFactsMigration } from "./0011-skipped-facts.ts";
import { templatesMigration } from "./0012-templates.ts";
import { unlockedSubmitsMigration } from "./0016-unlocked-submits.ts";
import { teamsMigration } from "./0018-teams.ts";
import { accountDeletionMigration } from "./0019-account-deletion.ts";
import { moneyMigration } from "./0020-money.ts";

/** The static, numbered list of migrations; the same ones run on SQLite and PostgreSQL. */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    "0001-accounts": accountsMigration(dialect),
    "0002-site-content": siteContentMigration(dialect),
    "0003-questionnaires": questionnairesMigration(dialect),
    "0004-responses": responsesMigration(dialect),
    "0005-uploads": uploadsMigration(dialect),
    "0006-results": resultsMigration(dialect),
    "0007-export-jobs": exportJobsMigration(dialect),
    "0008-questionnaire-take-down": questionnaireTakeDownMigration(),
    "0009-sqlite-facts-key-index": sqliteFactsKeyIndexMigration(dialect),
    "0010-login-captchas": loginCaptchasMigration(),
    "0011-skipped-facts": skippedFactsMigration(),
    "0012-templates": templatesMigration(dialect),
    "0016-unlocked-submits": unlockedSubmitsMigration(dialect),
    "0018-teams": teamsMigration(dialect),
    "0019-account-deletion": accountDeletionMigration(),
    "0020-money": moneyMigration(dialect),
  };
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    // Numbers are reserved by parallel work and may land out of order (0008 before 0007): a database
    // that already ran a later one still gets the earlier one, instead of refusing to start.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`数据库迁移失败：${failed?.migrationName ?? ""}`, { cause: error });
  }
}
