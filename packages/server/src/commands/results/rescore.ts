import {
  definitionSchema,
  examCounterEntries,
  examFacts,
  type Fact,
  gradedTotals,
  type RescoreProgress,
  type SurveyDefinition,
  scoreExam,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/index.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import type { JobHandler } from "../../jobs/worker.ts";
import { addToCounters, mergeCounterEntries } from "../answering/counters.ts";
import { hasPaperRules } from "../answering/papers.ts";
import { publishedRevision } from "../answering/revisions.ts";
import { answersOpener } from "../privacy/sealing.ts";
import { RESULTS_VERSION_KEY } from "./fact-bitset-cache.ts";
import { PREFIX_END } from "./filter.ts";
import { gradesOf, insertFacts, submitContext } from "./record.ts";
import { resultsScope } from "./scope.ts";

export const RESCORE_JOB = "exam-rescore";
export const rescoreJobKey = (runId: number) => `exam-rescore:${runId}`;
/** Responses per transaction: small enough that submits wait little behind one on SQLite. */
export const RESCORE_BATCH = 500;

async function latestRun(db: Db, questionnaireId: number) {
  return db
    .selectFrom("exam_rescores")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

async function examRevision(ctx: AppContext, viewer: Viewer, id: number, access: "view" | "manage") {
  const { row, definition } = await resultsScope(ctx.db, viewer, id, access);
  const revision =
    row.publishedVersion === null ? null : await publishedRevision(ctx.db, row.id, row.publishedVersion);
  if (!definition.settings.exam || !revision) throw InvalidInputError.field("id", "examReportNotExam");
  return revision;
}

/** `statistics/getRescoreProgress`: whether re-scoring is worth offering, and the latest run's progress. */
export async function rescoreProgress(ctx: AppContext, viewer: Viewer, id: number): Promise<RescoreProgress> {
  const revision = await examRevision(ctx, viewer, id, "view");
  const run = await latestRun(ctx.db, id);
  const older = await ctx.db
    .selectFrom("responses")
    .select("id")
    .where("questionnaireId", "=", id)
    .where("revisionId", "<", revision.id)
    .where("score", "is not", null)
    .limit(1)
    .executeTakeFirst();
  const coveredBy = run && run.revisionId === revision.id && run.status !== "failed";
  return {
    offered: older !== undefined && !coveredBy && !hasPaperRules(revision.definition),
    run: run
      ? {
          id: run.id,
          status: run.status,
          total: run.total,
          done: run.done,
          changed: run.changed,
          percent: run.total === 0 ? 100 : Math.min(100, Math.floor((run.done * 100) / run.total)),
        }
      : null,
  };
}

/**
 * `statistics/startRescore`: scores every response again against the published revision (a corrected
 * answer key or changed points), as a background job. A run already queued or running is returned instead
 * of starting a second one.
 */
export async function startRescore(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  enqueue: (runId: number) => Promise<void>,
) {
  const revision = await examRevision(ctx, viewer, id, "manage");
  // Papers drawn from a bank keep the answer key they were drawn with; there is nothing to re-score.
  if (hasPaperRules(revision.definition)) throw InvalidInputError.field("id", "rescoreRandomPaper");
  const current = await latestRun(ctx.db, id);
  if (current && (current.status === "queued" || current.status === "running")) {
    return rescoreProgress(ctx, viewer, id);
  }
  const count = await ctx.db
    .selectFrom("responses")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("questionnaireId", "=", id)
    .where("score", "is not", null)
    .executeTakeFirstOrThrow();
  const now = iso(ctx.clock.now());
  const run = await ctx.db
    .insertInto("exam_rescores")
    .values({
      questionnaireId: id,
      revisionId: revision.id,
      status: "queued",
      total: Number(count.n),
      done: 0,
      changed: 0,
      lastId: 0,
      createdBy: viewer.user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await enqueue(run.id);
  return rescoreProgress(ctx, viewer, id);
}

/** A response's score facts as one comparable string (order-free; null and absent read the same). */
const factKeysOf = (facts: readonly Fact[]) =>
  facts
    .map((f) => `${f.key}|${f.num ?? ""}|${f.text ?? ""}`)
    .sort()
    .join("\n");

const sameNumber = (a: number | null, b: number | null) => (a ?? null) === (b ?? null);

/**
 * One batch after `lastId`, in one transaction with the run's progress: a response's total, maximum, pass
 * and score facts are rewritten only when they differ from what the published revision now gives.
 */
async function rescoreBatch(
  ctx: AppContext,
  run: { id: number; questionnaireId: number; lastId: number },
  definition: SurveyDefinition,
): Promise<boolean> {
  const openStored = await answersOpener(ctx.db, run.questionnaireId);
  return transaction(ctx.db, async (trx) => {
    const rows = await trx
      .selectFrom("responses")
      .select(["id", "answers", "submittedAt", "deviceId", "score", "maxScore", "passed", "status"])
      .where("questionnaireId", "=", run.questionnaireId)
      .where("score", "is not", null)
      .where("id", ">", run.lastId)
      .orderBy("id")
      .limit(RESCORE_BATCH)
      .execute();
    if (rows.length === 0) return false;
    const ids = rows.map((row) => row.id);
    const grades = await gradesOf(trx, ids);
    const storedFacts = await trx
      .selectFrom("response_facts")
      .select(["responseId", "questionId", "key", "num", "text"])
      .where("questionnaireId", "=", run.questionnaireId)
      .where("responseId", "in", ids)
      .where("key", ">=", "score:")
      .where("key", "<", `score:${PREFIX_END}`)
      .execute();
    const factsOf = new Map<number, Fact[]>();
    for (const fact of storedFacts) {
      const list = factsOf.get(fact.responseId) ?? [];
      list.push({
        questionId: fact.questionId,
        key: fact.key,
        num: fact.num ?? undefined,
        text: fact.text ?? undefined,
      });
      factsOf.set(fact.responseId, list);
    }
    const counters: [string, number][] = [[RESULTS_VERSION_KEY, 1]];
    let changed = 0;
    for (const row of rows) {
      const exam = scoreExam(definition, openStored(row.answers), submitContext(row));
      const mine = grades.get(row.id) ?? {};
      const totals = gradedTotals(exam, mine);
      const passed = totals.passed === null ? null : totals.passed ? 1 : 0;
      const facts = examFacts(exam, mine);
      const before = factsOf.get(row.id) ?? [];
      const sameFacts = factKeysOf(facts) === factKeysOf(before);
      const sameScore =
        sameNumber(row.score, totals.total) &&
        sameNumber(row.maxScore, exam.max) &&
        sameNumber(row.passed, passed);
      if (sameScore && sameFacts) continue;
      if (!sameScore) {
        changed += 1;
        await trx
          .updateTable("responses")
          .set({ score: totals.total, maxScore: exam.max, passed })
          .where("id", "=", row.id)
          .execute();
      }
      if (!sameFacts) {
        await trx
          .deleteFrom("response_facts")
          .where("questionnaireId", "=", run.questionnaireId)
          .where("responseId", "=", row.id)
          .where("key", ">=", "score:")
          .where("key", "<", `score:${PREFIX_END}`)
          .execute();
        await insertFacts(trx, run.questionnaireId, row.id, facts);
        if (row.status === "valid")
          counters.push(...examCounterEntries(before, -1), ...examCounterEntries(facts, 1));
      }
    }
    const lastId = ids[ids.length - 1] ?? run.lastId;
    await trx
      .updateTable("exam_rescores")
      .set((eb) => ({
        lastId,
        done: eb("done", "+", rows.length),
        changed: eb("changed", "+", changed),
        updatedAt: iso(ctx.clock.now()),
      }))
      .where("id", "=", run.id)
      .execute();
    // Exam facts changed: cached fact bitsets read the version and look again; exam counters follow.
    await addToCounters(trx, run.questionnaireId, mergeCounterEntries(counters));
    run.lastId = lastId;
    return rows.length === RESCORE_BATCH;
  });
}

/** The queue's handler: batches until done, stopping between batches when the instance stops. */
export function rescoreJobHandler(ctx: AppContext): JobHandler {
  return {
    async run({ payload, signal }) {
      const runId = (payload as { runId: number }).runId;
      const run = await ctx.db
        .updateTable("exam_rescores")
        .set({ status: "running", updatedAt: iso(ctx.clock.now()) })
        .where("id", "=", runId)
        .where("status", "in", ["queued", "running"])
        .returningAll()
        .executeTakeFirst();
      if (!run) return;
      const revision = await ctx.db
        .selectFrom("questionnaire_revisions")
        .select("definition")
        .where("id", "=", run.revisionId)
        .executeTakeFirst();
      if (!revision) throw new Error("the revision to re-score against is gone");
      const definition = definitionSchema.parse(JSON.parse(revision.definition));
      const cursor = { id: run.id, questionnaireId: run.questionnaireId, lastId: run.lastId };
      while (await rescoreBatch(ctx, cursor, definition)) {
        if (signal.aborted) throw signal.reason;
      }
      await ctx.db
        .updateTable("exam_rescores")
        .set({ status: "done", updatedAt: iso(ctx.clock.now()) })
        .where("id", "=", run.id)
        .execute();
    },
    async giveUp({ payload }) {
      await ctx.db
        .updateTable("exam_rescores")
        .set({ status: "failed", updatedAt: iso(ctx.clock.now()) })
        .where("id", "=", (payload as { runId: number }).runId)
        .execute();
    },
  };
}
