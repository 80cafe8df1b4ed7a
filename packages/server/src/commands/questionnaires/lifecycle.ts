import {
  checkDefinition,
  type MessageKey,
  type QuestionarySettings,
  questionarySettingsSchema,
  ResultCode,
  type RetentionReport,
  type SurveyDefinition,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type CommitHook, type Trx, transaction } from "../../db/index.ts";
import { type QuestionnaireRow, responseCountColumn } from "../../db/tables/questionnaires.ts";
import { AppError, ConflictError, InvalidInputError } from "../../errors.ts";
import { zodIssuesToFieldErrors } from "../../http/params.ts";
import type { Viewer } from "../../http/viewer.ts";
import { endPost, livePost } from "../answer-space/posts.ts";
import { assertSettingsAllowed } from "../money/entitlements.ts";
import { retentionReport } from "../privacy/retention.ts";
import { releaseRedPackets } from "../rewards/red-packets.ts";
import { recordActivity } from "../teams/activity.ts";
import { emitWebhookEvents, wakeWebhooks } from "../webhooks/events.ts";
import { writeDraft } from "./drafts.ts";
import {
  countQuestions,
  loadQuestionnaire,
  newPublicId,
  readDefinition,
  readSettings,
  withoutAnswerKey,
} from "./store.ts";

/** A copy starts as a fresh draft with its own public id, settings carried over, no responses. */
export async function copyQuestionnaire(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<QuestionnaireRow> {
  const source = await loadQuestionnaire(ctx.db, viewer, id, "read");
  // A copy would be a way around the take-down: a fresh questionnaire its owner could publish at once.
  if (source.takenDownAt) throw new ConflictError("questionaryTakenDownCopy", source.kind);
  const title = `${source.title}（副本）`.slice(0, 200);
  const definition = { ...readDefinition(source.draft), title };
  const now = iso(ctx.clock.now());
  return ctx.db
    .insertInto("questionnaires")
    .values({
      publicId: newPublicId(),
      ownerId: viewer.user.id,
      kind: source.kind,
      title,
      status: "draft",
      categoryId: source.categoryId,
      draft: JSON.stringify(definition),
      version: 1,
      publishedVersion: null,
      settings: source.settings,
      questionCount: source.questionCount,
      createdAt: now,
      updatedAt: now,
      publishedAt: null,
      deletedAt: null,
    })
    .returningAll()
    .returning(responseCountColumn)
    .executeTakeFirstOrThrow();
}

/**
 * 星标 in the owner's 我的问卷 (the list's filter finds it again). The owner's own mark: the policy's `star` action
 * refuses members of its team as every owner-only call does. A questionnaire in the recycle bin keeps it for when
 * it comes back.
 */
export async function starQuestionnaire(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  starred: boolean,
): Promise<QuestionnaireRow> {
  const row = await loadQuestionnaire(ctx.db, viewer, id, "star");
  // Starring again keeps the first time: the mark does not move the questionnaire in its list.
  if (starred === (row.starredAt !== null)) return row;
  const starredAt = starred ? iso(ctx.clock.now()) : null;
  await ctx.db.updateTable("questionnaires").set({ starredAt }).where("id", "=", id).execute();
  return { ...row, starredAt };
}

export async function moveToRecycleBin(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await loadQuestionnaire(ctx.db, viewer, id, "delete");
  await ctx.db
    .updateTable("questionnaires")
    .set({ deletedAt: iso(ctx.clock.now()) })
    .where("id", "=", id)
    .execute();
}

export async function recoverFromRecycleBin(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await loadQuestionnaire(ctx.db, viewer, id, "delete", "recycled");
  await ctx.db.updateTable("questionnaires").set({ deletedAt: null }).where("id", "=", id).execute();
}

/** Deletes for good (revisions cascade); only from the recycle bin, so nothing vanishes in one click. */
export async function destroyQuestionnaire(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await loadQuestionnaire(ctx.db, viewer, id, "delete", "recycled");
  // 监考抓拍 (issue #40): the rows cascade with the questionnaire, their files are removed once they are gone.
  const snapshots = await ctx.db
    .selectFrom("exam_events")
    .select("storageKey")
    .where("questionnaireId", "=", id)
    .where("storageKey", "is not", null)
    .execute();
  await transaction(ctx.db, async (trx) => {
    // Frozen red-packet budgets go back to their payers before the rows cascade away, and so do the points a
    // live 互填 post still holds (its poster would otherwise never see them again).
    const now = iso(ctx.clock.now());
    await releaseRedPackets(trx, id, now);
    const post = await livePost(trx, { questionnaireId: id });
    if (post) await endPost(trx, post, "withdrawn", "", now);
    // Responses first: they name their revision (without a cascade), so a questionnaire that was answered
    // could not lose its revisions while they remain. Their facts and counters go with them (0030).
    await trx.deleteFrom("responses").where("questionnaireId", "=", id).execute();
    await trx.deleteFrom("questionnaire_revisions").where("questionnaireId", "=", id).execute();
    await trx.deleteFrom("questionnaires").where("id", "=", id).execute();
  });
  for (const { storageKey } of snapshots) if (storageKey) await ctx.storage.remove(storageKey);
}

/**
 * No questions or an error from core's check refuses it, in the words of its kind (考试还没有题目); templates
 * submitted for review use their own words.
 */
export function assertPublishable(
  definition: SurveyDefinition,
  {
    keys = { empty: "questionaryEmpty", errors: "questionaryHasErrors" },
    kind,
  }: { keys?: { empty: MessageKey; errors: MessageKey }; kind?: string } = {},
): void {
  if (countQuestions(definition) === 0) throw InvalidInputError.field("definition", keys.empty, kind);
  const errors = checkDefinition(definition).filter((issue) => issue.level === "error");
  if (errors.length > 0) {
    throw new InvalidInputError(
      errors
        .slice(0, 50)
        .map((issue) => ({ field: ["definition", ...issue.path].join("."), message: issue.message })),
      keys.errors,
      "key",
      kind,
    );
  }
}

/**
 * Publishes the current draft: freezes it as an immutable revision (once per draft version) and points
 * the questionnaire at it, in one transaction. Respondents keep getting the old revision until this runs.
 */
export async function publishQuestionnaire(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<QuestionnaireRow> {
  return transaction(ctx.db, async (trx, onCommit) => {
    const row = await loadQuestionnaire(trx, viewer, id, "publish");
    // Only an admin lifts a take-down (admin/questionnaire/restore); publishing again must not.
    if (row.takenDownAt) throw new ConflictError("questionaryTakenDown", row.kind);
    const definition = readDefinition(row.draft);
    assertPublishable(definition, { kind: row.kind });
    const now = iso(ctx.clock.now());
    if (row.publishedVersion !== row.version) {
      await trx
        .insertInto("questionnaire_revisions")
        .values({ questionnaireId: id, version: row.version, definition: row.draft, createdAt: now })
        .onConflict((oc) => oc.columns(["questionnaireId", "version"]).doNothing())
        .execute();
    }
    await recordActivity(trx, ctx.clock.now(), {
      questionnaireId: id,
      actorId: viewer.user.id,
      action: "publish",
    });
    const published = await trx
      .updateTable("questionnaires")
      .set({
        status: "published",
        publishedVersion: row.version,
        publishedAt: now,
        updatedAt: now,
        stoppedAt: null,
      })
      .where("id", "=", id)
      .returningAll()
      .returning(responseCountColumn)
      .executeTakeFirstOrThrow();
    await emitLifecycleEvent(ctx, trx, onCommit, "questionnaire.published", published);
    return published;
  });
}

export async function stopQuestionnaire(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<QuestionnaireRow> {
  const row = await loadQuestionnaire(ctx.db, viewer, id, "publish");
  if (row.status !== "published") throw InvalidInputError.field("id", "questionaryNotPublished", row.kind);
  return transaction(ctx.db, async (trx, onCommit) => {
    await recordActivity(trx, ctx.clock.now(), {
      questionnaireId: id,
      actorId: viewer.user.id,
      action: "stop",
    });
    await releaseRedPackets(trx, id, iso(ctx.clock.now()));
    const stopped = await trx
      .updateTable("questionnaires")
      .set({ status: "stopped", updatedAt: iso(ctx.clock.now()), stoppedAt: iso(ctx.clock.now()) })
      .where("id", "=", id)
      .returningAll()
      .returning(responseCountColumn)
      .executeTakeFirstOrThrow();
    await emitLifecycleEvent(ctx, trx, onCommit, "questionnaire.stopped", stopped);
    return stopped;
  });
}

/** `questionnaire.published` / `questionnaire.stopped` for the questionnaire's webhooks, with the change. */
async function emitLifecycleEvent(
  ctx: AppContext,
  trx: Trx,
  onCommit: (hook: CommitHook) => void,
  type: "questionnaire.published" | "questionnaire.stopped",
  row: QuestionnaireRow,
) {
  const emitted = await emitWebhookEvents(trx, ctx.clock.now(), row.id, [
    {
      type,
      payload: {
        questionnaireId: row.id,
        publicId: row.publicId,
        title: row.title,
        status: row.status,
        version: row.publishedVersion,
        answerUrl: `/r/${row.publicId}`,
      },
    },
  ]);
  if (emitted > 0) onCommit(() => wakeWebhooks(ctx.db));
}

/** Drops what only exams use: the answer key (scores, correct answers, scoring rules) and exam settings. */
export function stripExamParts(definition: SurveyDefinition): SurveyDefinition {
  const { exam: _exam, ...settings } = definition.settings;
  return { ...withoutAnswerKey(definition), kind: "form", settings };
}

/** 转为收集表单: same questions, kind form, exam-only parts gone; a draft change like any other. */
export async function convertToCollect(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<QuestionnaireRow> {
  const { row } = await writeDraft(ctx, viewer, id, undefined, (current) => stripExamParts(current), "form");
  return row;
}

export async function readQuestionnaireSettings(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<QuestionarySettings> {
  return readSettings((await loadQuestionnaire(ctx.db, viewer, id, "read")).settings);
}

/** `questionary/getRetention`: the 答卷保留期限 report, for those who may read the settings. */
export async function readRetention(ctx: AppContext, viewer: Viewer, id: number): Promise<RetentionReport> {
  const row = await loadQuestionnaire(ctx.db, viewer, id, "read");
  return retentionReport(ctx.db, id, row, ctx.clock.now());
}

/** A 409 for settings: `data.settings` is what the server holds, for 刷新 to show. */
export class SettingsConflictError extends AppError {
  constructor(settings: QuestionarySettings) {
    super(ResultCode.conflict, "settingsConflict", { settings });
  }
}

/**
 * The conflict rule of 问卷设置, per key as they are saved per key: a change carries the value its author
 * last saw (`base`); if someone else has changed that same setting since, it is refused, not silently
 * overwritten. Changes to other settings made elsewhere do not conflict.
 */
function assertSettingsUnchanged(
  current: QuestionarySettings,
  changes: Record<string, unknown>,
  base: Record<string, unknown>,
): void {
  const held = current as Record<string, unknown>;
  for (const key of Object.keys(changes)) {
    if (!(key in base)) continue;
    if (JSON.stringify(held[key] ?? null) !== JSON.stringify(base[key] ?? null)) {
      throw new SettingsConflictError(current);
    }
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export async function updateQuestionnaireSettings(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  changes: Record<string, unknown>,
  base?: Record<string, unknown>,
): Promise<QuestionarySettings> {
  return transaction(ctx.db, async (trx) => {
    const row = await loadQuestionnaire(trx, viewer, id, "edit");
    const current = readSettings(row.settings);
    if (base) assertSettingsUnchanged(current, changes, base);
    // Only the keys sent change; the merged whole is validated so no bad value is ever stored. The consent's
    // version is the server's own.
    const { privacyConsentVersion: _ignored, ...sent } = changes;
    // The consent's parts not sent keep their words (switching it on again keeps the text written before).
    if (isPlainObject(sent.privacyConsent))
      sent.privacyConsent = { ...current.privacyConsent, ...sent.privacyConsent };
    const parsed = questionarySettingsSchema.safeParse({ ...current, ...sent });
    if (!parsed.success) {
      throw new InvalidInputError(
        zodIssuesToFieldErrors(parsed.error).map((e) => ({ ...e, field: `settings.${e.field}` })),
      );
    }
    const settings = parsed.data;
    const consent = settings.privacyConsent;
    if (consent.required && JSON.stringify(consent) !== JSON.stringify(current.privacyConsent)) {
      // Switched on, or its words changed: a new version, kept as written, that later responses name.
      settings.privacyConsentVersion = current.privacyConsentVersion + 1;
      await trx
        .insertInto("privacy_consent_versions")
        .values({
          questionnaireId: id,
          version: settings.privacyConsentVersion,
          text: consent.text,
          policyUrl: consent.policyUrl,
          createdAt: iso(ctx.clock.now()),
        })
        .execute();
    }
    // Paid settings are checked when turned on or changed; the answering page re-checks them when served.
    await assertSettingsAllowed(
      trx,
      row.ownerId,
      {
        redirectUrl: "redirectUrl" in changes ? settings.redirectUrl : "",
        hideBrand: "hideBrand" in changes ? settings.hideBrand : false,
      },
      ctx.clock.now(),
    );
    await trx
      .updateTable("questionnaires")
      .set({ settings: JSON.stringify(settings), updatedAt: iso(ctx.clock.now()) })
      .where("id", "=", id)
      .execute();
    return settings;
  });
}
