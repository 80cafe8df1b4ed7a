import {
  personalQuestionIds,
  type QuestionarySettings,
  type RetentionAction,
  type RetentionReport,
} from "@wjgj/core";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, toCount, transaction } from "../../db/index.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import type { JobHandler } from "../../jobs/worker.ts";
import { addToCounters } from "../answering/counters.ts";
import { cancelBookingsOfResponses } from "../bookings/change.ts";
import { readSettings } from "../questionnaires/store.ts";
import { RESULTS_VERSION_KEY } from "../results/fact-bitset-cache.ts";
import {
  counterEntries,
  deletePackedFacts,
  replacePackedFacts,
  revisionDefinitions,
  storedFacts,
} from "../results/record.ts";
import { uploadStorageKey } from "../uploads/files.ts";
import { emitWebhookEvents } from "../webhooks/events.ts";
import { SEALED_KEY } from "./sealing.ts";

export const RETENTION_JOB = "retention";
/** One job per questionnaire, what is due and day: a run still queued or running is not queued again. */
const retentionJobKey = (questionnaireId: number, due: Due, now: Date) =>
  `retention:${questionnaireId}:${due.action}:${due.cutoff}:${iso(now).slice(0, 10)}`;
/** Responses per transaction: small, so submits and other writes wait little behind one on SQLite. */
export const RETENTION_BATCH = 200;
const DAY = 86_400;

/**
 * When collection ended: the questionnaire stopped (停止收集), or its end time passed, whichever came first;
 * null while it still collects.
 */
export function collectionEnd(
  row: { status: string; stoppedAt: string | null },
  settings: QuestionarySettings,
  now: Date,
): Date | null {
  const ends: number[] = [];
  if (row.status === "stopped" && row.stoppedAt) ends.push(Date.parse(row.stoppedAt));
  const endTime = settings.endTime ? Date.parse(settings.endTime) : Number.NaN;
  if (Number.isFinite(endTime) && endTime <= now.getTime()) ends.push(endTime);
  return ends.length > 0 ? new Date(Math.min(...ends)) : null;
}

interface Due {
  action: RetentionAction;
  /** Responses submitted until then are due. */
  cutoff: string;
}

/** What retention has to do for the questionnaire now, or null (off, still collecting, not yet time). */
function dueOf(row: { status: string; stoppedAt: string | null; settings: string }, now: Date): Due | null {
  const settings = readSettings(row.settings);
  if (!settings.retention.enabled) return null;
  const end = collectionEnd(row, settings, now);
  if (!end || addSeconds(end, settings.retention.days * DAY) > now) return null;
  return { action: settings.retention.action, cutoff: iso(end) };
}

/** The responses due and not yet done: deleting also takes anonymised ones, anonymising only untouched ones. */
function dueResponses(db: Db | Trx, questionnaireId: number, due: Due) {
  return db
    .selectFrom("responses")
    .where("questionnaireId", "=", questionnaireId)
    .where("submittedAt", "<=", due.cutoff)
    .where((eb) =>
      due.action === "delete"
        ? eb.or([eb("erasedAs", "is", null), eb("erasedAs", "=", "anonymised")])
        : eb("erasedAs", "is", null),
    );
}

/**
 * Run by the maintenance timer: queues a retention run for every questionnaire with responses past their date
 * (`retentionJobKey`). Answers how many were queued.
 */
export async function scheduleRetention(ctx: Pick<AppContext, "db" | "clock">): Promise<number> {
  const now = ctx.clock.now();
  // Settings are stored as the schema writes them, so the switch reads the same in every row.
  const rows = await ctx.db
    .selectFrom("questionnaires")
    .select(["id", "status", "stoppedAt", "settings"])
    .where("settings", "like", '%"retention":{"enabled":true%')
    .where("deletedAt", "is", null)
    .execute();
  let queued = 0;
  for (const row of rows) {
    const due = dueOf(row, now);
    if (!due) continue;
    const any = await dueResponses(ctx.db, row.id, due).select("id").limit(1).executeTakeFirst();
    if (!any) continue;
    if (
      await enqueueJob(ctx.db, now, {
        kind: RETENTION_JOB,
        key: retentionJobKey(row.id, due, now),
        payload: { questionnaireId: row.id },
        maxAttempts: 5,
      })
    )
      queued += 1;
  }
  return queued;
}

type Batch = {
  id: number;
  revisionId: number;
  status: string;
  answers: string;
  labels: string;
  submittedAt: string;
  source: string;
  durationSeconds: number;
}[];

/** Files the responses uploaded for these questions (all of them when `questions` is null). */
async function removeFiles(
  trx: Trx,
  questionnaireId: number,
  ids: readonly number[],
  questions: ReadonlySet<string> | null,
) {
  const files = await trx
    .selectFrom("uploads")
    .select(["id", "path", "questionId"])
    .where("questionnaireId", "=", questionnaireId)
    .where("responseId", "in", ids)
    .execute();
  const gone = files.filter((file) => questions === null || questions.has(file.questionId));
  if (gone.length === 0) return [];
  await trx
    .deleteFrom("uploads")
    .where(
      "id",
      "in",
      gone.map((file) => file.id),
    )
    .execute();
  return gone.map((file) => uploadStorageKey(file.path));
}

/**
 * Deletes for good: the response leaves every count (its counters subtracted while it was valid), its facts,
 * unique values, 编码 tags and files go, and the row stays only as an erased, deleted mark (no answers, IP,
 * device or account) that the recycle bin neither lists nor restores.
 */
async function deleteBatch(trx: Trx, questionnaireId: number, batch: Batch, now: string) {
  const ids = batch.map((row) => row.id);
  // Webhooks hear of it with the deletion (the dispatcher's poll sends it: a retention run has no commit hook).
  await emitWebhookEvents(
    trx,
    new Date(now),
    questionnaireId,
    ids.map((responseId) => ({
      type: "response.deleted" as const,
      payload: { questionnaireId, responseId },
    })),
  );
  const facts = await storedFacts(trx, questionnaireId, ids);
  for (const row of batch)
    if (row.status === "valid")
      await addToCounters(trx, questionnaireId, counterEntries(facts.get(row.id) ?? [], row, -1));
  await trx
    .deleteFrom("response_facts")
    .where("questionnaireId", "=", questionnaireId)
    .where("responseId", "in", ids)
    .execute();
  await deletePackedFacts(trx, questionnaireId, ids);
  await trx
    .deleteFrom("response_uniques")
    .where("questionnaireId", "=", questionnaireId)
    .where("responseId", "in", ids)
    .execute();
  await trx.deleteFrom("text_code_tags").where("responseId", "in", ids).execute();
  await trx
    .updateTable("responses")
    .set({
      status: "deleted",
      answers: "{}",
      labels: "{}",
      sealedGeneration: 0,
      computed: null,
      ip: "",
      userAgent: "",
      deviceId: "",
      userId: null,
      wechatKey: null,
      wechatProfile: null,
      erasedAs: "deleted",
      erasedAt: now,
    })
    .where("id", "in", ids)
    .execute();
}

/**
 * Deletes for good (`delete`: a respondent's approved 删除申请) or anonymises (`anonymise`: a deleted account's
 * responses) these responses of the questionnaire in the caller's transaction, as retention does: answers the
 * storage keys of the files that go, to remove after commit. Responses already so treated are left as they are.
 */
export async function eraseInTransaction(
  trx: Trx,
  questionnaireId: number,
  ids: readonly number[],
  action: "delete" | "anonymise",
  now: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const batch = await trx
    .selectFrom("responses")
    .select(["id", "revisionId", "status", "answers", "labels", "submittedAt", "source", "durationSeconds"])
    .where("questionnaireId", "=", questionnaireId)
    .where("id", "in", ids)
    .where((eb) =>
      action === "delete"
        ? eb.or([eb("erasedAs", "is", null), eb("erasedAs", "=", "anonymised")])
        : eb("erasedAs", "is", null),
    )
    .execute();
  if (batch.length === 0) return [];
  const kept = batch.map((row) => row.id);
  let files: string[];
  if (action === "delete") {
    files = await removeFiles(trx, questionnaireId, kept, null);
    await deleteBatch(trx, questionnaireId, batch, iso(now));
    // 预约 (issue #41): a response deleted for good no longer holds its places.
    await cancelBookingsOfResponses(trx, questionnaireId, kept, now);
  } else {
    const questions = await anonymiseBatch(trx, questionnaireId, batch, iso(now));
    files = await removeFiles(trx, questionnaireId, kept, questions);
  }
  await addToCounters(trx, questionnaireId, [[RESULTS_VERSION_KEY, 1]]);
  return files;
}

/** Counter changes summed per key, those that cancel out left out (an upsert takes each key once). */
function netted(entries: readonly [string, number][]): [string, number][] {
  const sums = new Map<string, number>();
  for (const [key, delta] of entries) sums.set(key, (sums.get(key) ?? 0) + delta);
  return [...sums].filter(([, delta]) => delta !== 0);
}

/**
 * Anonymises: the answers to personal-information questions (name, phone, ID card, e-mail, signature …) leave
 * the response with their facts, counters, unique values and files; IP, device and account go; the rest of
 * the answers still count, exactly as before.
 */
async function anonymiseBatch(trx: Trx, questionnaireId: number, batch: Batch, now: string) {
  const ids = batch.map((row) => row.id);
  await emitWebhookEvents(
    trx,
    new Date(now),
    questionnaireId,
    ids.map((responseId) => ({
      type: "response.updated" as const,
      payload: { questionnaireId, responseId, change: "anonymised" },
    })),
  );
  const definitions = await revisionDefinitions(
    trx,
    batch.map((row) => row.revisionId),
  );
  const facts = await storedFacts(trx, questionnaireId, ids);
  const personalOf = new Map(
    [...definitions].map(([revisionId, definition]) => [revisionId, personalQuestionIds(definition)]),
  );
  const questions = new Set<string>();
  for (const row of batch) {
    const hidden = personalOf.get(row.revisionId) ?? new Set<string>();
    for (const id of hidden) questions.add(id);
    const own = facts.get(row.id) ?? [];
    const kept = own.filter((fact) => !hidden.has(fact.questionId));
    if (row.status === "valid" && kept.length !== own.length)
      // Subtracting the whole response and adding back what stays moves exactly the keys of what goes.
      await addToCounters(
        trx,
        questionnaireId,
        netted([...counterEntries(own, row, -1), ...counterEntries(kept, row, 1)]),
      );
    const strip = (json: string) =>
      JSON.stringify(
        Object.fromEntries(
          // The sealed part holds personal answers only: it goes with them.
          Object.entries(JSON.parse(json) as object).filter(
            ([key]) => !hidden.has(key) && key !== SEALED_KEY,
          ),
        ),
      );
    if (hidden.size > 0) {
      await trx
        .deleteFrom("response_facts")
        .where("questionnaireId", "=", questionnaireId)
        .where("responseId", "=", row.id)
        .where("questionId", "in", [...hidden])
        .execute();
      if (kept.length !== own.length) await replacePackedFacts(trx, questionnaireId, row.id, kept);
    }
    await trx
      .updateTable("responses")
      .set({
        answers: strip(row.answers),
        labels: strip(row.labels),
        ip: "",
        userAgent: "",
        deviceId: "",
        userId: null,
        // Who answered in WeChat, and as whom (issue #39).
        wechatKey: null,
        wechatProfile: null,
        erasedAs: "anonymised",
        erasedAt: now,
        // What was sealed went with the personal answers.
        sealedGeneration: 0,
      })
      .where("id", "=", row.id)
      .execute();
  }
  if (questions.size > 0)
    await trx
      .deleteFrom("response_uniques")
      .where("questionnaireId", "=", questionnaireId)
      .where("responseId", "in", ids)
      .where("questionId", "in", [...questions])
      .execute();
  return questions;
}

/**
 * One retention run over a questionnaire: its due responses in batches, each in a transaction with the
 * counters, then the results version moved so every cached index re-reads statuses. Safe to repeat from the
 * start (what is done is no longer due). The run's row is the owner's report.
 */
export async function runRetention(
  ctx: Pick<AppContext, "db" | "dialect" | "clock" | "storage">,
  questionnaireId: number,
  signal?: AbortSignal,
): Promise<void> {
  const row = await ctx.db
    .selectFrom("questionnaires")
    .select(["id", "status", "stoppedAt", "settings"])
    .where("id", "=", questionnaireId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  const due = row ? dueOf(row, ctx.clock.now()) : null;
  if (!due) return;
  const total = toCount(
    await dueResponses(ctx.db, questionnaireId, due)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst(),
  );
  if (total === 0) return;
  const started = iso(ctx.clock.now());
  const run = await ctx.db
    .insertInto("retention_runs")
    .values({
      questionnaireId,
      action: due.action,
      cutoff: due.cutoff,
      total,
      done: 0,
      status: "running",
      startedAt: started,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  let done = 0;
  for (;;) {
    if (signal?.aborted) throw signal.reason;
    const removed = await transaction(ctx.db, async (trx) => {
      // PostgreSQL: a second run (another instance) waits on these rows and then finds them done; SQLite has
      // one writer.
      const batch = await dueResponses(trx, questionnaireId, due)
        .select([
          "id",
          "revisionId",
          "status",
          "answers",
          "labels",
          "submittedAt",
          "source",
          "durationSeconds",
        ])
        .orderBy("id")
        .limit(RETENTION_BATCH)
        .$if(ctx.dialect === "postgres", (query) => query.forUpdate())
        .execute();
      if (batch.length === 0) return null;
      const now = iso(ctx.clock.now());
      const ids = batch.map((response) => response.id);
      let files: string[];
      if (due.action === "delete") {
        files = await removeFiles(trx, questionnaireId, ids, null);
        await deleteBatch(trx, questionnaireId, batch, now);
      } else {
        const questions = await anonymiseBatch(trx, questionnaireId, batch, now);
        files = await removeFiles(trx, questionnaireId, ids, questions);
      }
      await addToCounters(trx, questionnaireId, [[RESULTS_VERSION_KEY, 1]]);
      done += batch.length;
      await trx.updateTable("retention_runs").set({ done }).where("id", "=", run.id).execute();
      return files;
    });
    if (removed === null) break;
    // Files go once their rows are gone for good (a failed batch keeps both).
    for (const key of removed) await ctx.storage.remove(key);
  }
  await ctx.db
    .updateTable("retention_runs")
    .set({ status: "done", done, finishedAt: iso(ctx.clock.now()) })
    .where("id", "=", run.id)
    .execute();
}

export function retentionJobHandler(
  ctx: Pick<AppContext, "db" | "dialect" | "clock" | "storage">,
): JobHandler {
  return {
    async run({ payload, signal }) {
      await runRetention(ctx, (payload as { questionnaireId: number }).questionnaireId, signal);
    },
  };
}

/** The owner's report: when collection ended (the page adds the days being typed), and the latest runs. */
export async function retentionReport(
  db: Db,
  questionnaireId: number,
  row: { status: string; stoppedAt: string | null; settings: string },
  now: Date,
): Promise<RetentionReport> {
  const settings = readSettings(row.settings);
  const end = collectionEnd(row, settings, now);
  const runs = await db
    .selectFrom("retention_runs")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .orderBy("id", "desc")
    .limit(5)
    .execute();
  return {
    collectionEndedAt: end ? iso(end) : "",
    runs: runs.map((r) => ({
      action: r.action,
      cutoff: r.cutoff,
      total: r.total,
      done: r.done,
      status: r.status,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt ?? "",
    })),
  };
}
