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
import { hotRowsWithoutKeyChecksMigration } from "./0030-hot-rows-without-key-checks.ts";
import { jobsMigration } from "./0035-jobs.ts";
import { serverSecretsMigration } from "./0036-server-secrets.ts";
import { teamPersonalDataMigration } from "./0040-team-personal-data.ts";
import { notificationsMigration } from "./0041-notifications.ts";
import { designerPresenceMigration } from "./0042-designer-presence.ts";
import { startRemindersMigration } from "./0045-start-reminders.ts";
import { campaignPagesMigration } from "./0046-campaign-pages.ts";
import { rewardsMigration } from "./0050-rewards.ts";
import { vipPeriodsMigration } from "./0055-vip-periods.ts";
import { answerSpaceMigration } from "./0060-answer-space.ts";
import { sampleOrdersMigration } from "./0061-sample-orders.ts";
import { practiceProgressMigration } from "./0065-practice-progress.ts";
import { questionBanksMigration } from "./0066-question-banks.ts";
import { examPapersMigration } from "./0067-exam-papers.ts";
import { examRescoresMigration } from "./0068-exam-rescores.ts";
import { examCountersMigration } from "./0069-exam-counters.ts";
import { responsesScoreIndexMigration } from "./0070-responses-score-index.ts";
import { withdrawalsMigration } from "./0080-withdrawals.ts";
import { invoicesMigration } from "./0081-invoices.ts";
import { counterKeysBytewiseMigration } from "./0090-counter-keys-bytewise.ts";
import { responseKeysBytewiseMigration } from "./0091-response-keys-bytewise.ts";
import { drawPhonesMigration } from "./0100-draw-phones.ts";
import { bankPracticeMigration } from "./0105-bank-practice.ts";
import { redPacketPayoutsMigration } from "./0115-red-packet-payouts.ts";
import { examPaperTagsMigration } from "./0120-exam-paper-tags.ts";
import { cappedSubmitCountMigration } from "./0125-capped-submit-count.ts";
import { spacePostStatesMigration } from "./0130-space-post-states.ts";
import { analysisWeightingsMigration } from "./0135-analysis-weightings.ts";
import { responseComputedMigration } from "./0140-response-computed.ts";
import { textDictionariesMigration } from "./0145-text-dictionaries.ts";
import { textCodesMigration } from "./0150-text-codes.ts";
import { reportSharesMigration } from "./0155-report-shares.ts";
import { reportPinsMigration } from "./0160-report-pins.ts";
import { textCodeKeywordsMigration } from "./0165-text-code-keywords.ts";
import { privacyConsentMigration } from "./0170-privacy-consent.ts";
import { retentionMigration } from "./0175-retention.ts";
import { examCountersRepairMigration } from "./0180-exam-counters-repair.ts";
import { fieldEncryptionMigration } from "./0185-field-encryption.ts";
import { erasureRequestsMigration } from "./0190-erasure-requests.ts";
import { phoneDigestWidthMigration } from "./0195-phone-digest-width.ts";
import { sealedUploadsMigration } from "./0200-sealed-uploads.ts";
import { apiKeysMigration } from "./0205-api-keys.ts";
import { webhooksMigration } from "./0210-webhooks.ts";
import { wechatMigration } from "./0215-wechat.ts";
import { wechatLoginTicketsMigration } from "./0216-wechat-login-tickets.ts";
import { wechatRespondentsMigration } from "./0220-wechat-respondents.ts";
import { examIntegrityMigration } from "./0225-exam-integrity.ts";
import { bookingsMigration } from "./0230-bookings.ts";
import { formOrdersMigration } from "./0235-form-orders.ts";
import { responseReviewsMigration } from "./0240-response-reviews.ts";
import { foreignKeyIndexesMigration } from "./0245-foreign-key-indexes.ts";
import { responsesUserIndexPartialMigration } from "./0250-responses-user-index-partial.ts";
import { factPacksMigration } from "./0255-fact-packs.ts";
import { sqliteFactPacksMigration } from "./0260-sqlite-fact-packs.ts";
import { questionnaireStarsMigration } from "./0265-questionnaire-stars.ts";

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
    "0030-hot-rows-without-key-checks": hotRowsWithoutKeyChecksMigration(dialect),
    "0035-jobs": jobsMigration(dialect),
    "0036-server-secrets": serverSecretsMigration(),
    "0040-team-personal-data": teamPersonalDataMigration(),
    "0041-notifications": notificationsMigration(dialect),
    "0042-designer-presence": designerPresenceMigration(),
    "0045-start-reminders": startRemindersMigration(dialect),
    "0046-campaign-pages": campaignPagesMigration(dialect),
    "0050-rewards": rewardsMigration(dialect),
    "0055-vip-periods": vipPeriodsMigration(),
    "0060-answer-space": answerSpaceMigration(dialect),
    "0061-sample-orders": sampleOrdersMigration(dialect),
    "0065-practice-progress": practiceProgressMigration(dialect),
    "0066-question-banks": questionBanksMigration(dialect),
    "0067-exam-papers": examPapersMigration(dialect),
    "0068-exam-rescores": examRescoresMigration(dialect),
    "0069-exam-counters": examCountersMigration(),
    "0070-responses-score-index": responsesScoreIndexMigration(),
    "0080-withdrawals": withdrawalsMigration(dialect),
    "0081-invoices": invoicesMigration(dialect),
    "0090-counter-keys-bytewise": counterKeysBytewiseMigration(dialect),
    "0091-response-keys-bytewise": responseKeysBytewiseMigration(dialect),
    "0100-draw-phones": drawPhonesMigration(),
    "0105-bank-practice": bankPracticeMigration(dialect),
    "0115-red-packet-payouts": redPacketPayoutsMigration(dialect),
    "0120-exam-paper-tags": examPaperTagsMigration(dialect),
    "0125-capped-submit-count": cappedSubmitCountMigration(dialect),
    "0130-space-post-states": spacePostStatesMigration(),
    "0135-analysis-weightings": analysisWeightingsMigration(),
    "0140-response-computed": responseComputedMigration(),
    "0145-text-dictionaries": textDictionariesMigration(),
    "0150-text-codes": textCodesMigration(dialect),
    "0155-report-shares": reportSharesMigration(),
    "0160-report-pins": reportPinsMigration(dialect),
    "0165-text-code-keywords": textCodeKeywordsMigration(),
    "0170-privacy-consent": privacyConsentMigration(),
    "0175-retention": retentionMigration(dialect),
    "0180-exam-counters-repair": examCountersRepairMigration(),
    "0185-field-encryption": fieldEncryptionMigration(dialect),
    "0190-erasure-requests": erasureRequestsMigration(dialect),
    "0195-phone-digest-width": phoneDigestWidthMigration(dialect),
    "0200-sealed-uploads": sealedUploadsMigration(),
    "0205-api-keys": apiKeysMigration(dialect),
    "0210-webhooks": webhooksMigration(dialect),
    "0215-wechat": wechatMigration(dialect),
    "0216-wechat-login-tickets": wechatLoginTicketsMigration(dialect),
    "0220-wechat-respondents": wechatRespondentsMigration(dialect),
    "0225-exam-integrity": examIntegrityMigration(dialect),
    "0230-bookings": bookingsMigration(dialect),
    "0235-form-orders": formOrdersMigration(dialect),
    "0240-response-reviews": responseReviewsMigration(dialect),
    "0245-foreign-key-indexes": foreignKeyIndexesMigration(dialect),
    "0250-responses-user-index-partial": responsesUserIndexPartialMigration(),
    "0255-fact-packs": factPacksMigration(dialect),
    "0260-sqlite-fact-packs": sqliteFactPacksMigration(dialect),
    "0265-questionnaire-stars": questionnaireStarsMigration(),
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
