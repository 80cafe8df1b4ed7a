import type {
  ExamCandidatePage,
  ExamCandidateRevealed,
  ExamCandidateRow,
  ExamCandidateSaved,
} from "@wjgj/core";
import { sql } from "kysely";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/index.ts";
import { lockKey } from "../../db/locks.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { keyringOf } from "../privacy/keyring.ts";
import { loadQuestionnaire, loadQuestionnaireWithRole } from "../questionnaires/store.ts";
import { recordActivity } from "../teams/activity.ts";
import {
  countCandidates,
  MAX_CANDIDATES,
  maskCandidatePhone,
  maskName,
  maskNumber,
  normalisePhone,
  numberDigest,
  openCandidates,
  phoneDigest,
  storedCandidate,
} from "./candidates.ts";

/**
 * 考生名单 as the creator manages it (issue #40): a masked page of the list with each candidate's progress, one
 * candidate added or changed, candidates removed, and one shown in full (logged in the team's activity).
 */

const BATCH = 200;

type AttemptStatus = "active" | "submitted" | "ended";
const rowStatus: Record<AttemptStatus, ExamCandidateRow["status"]> = {
  active: "answering",
  submitted: "submitted",
  ended: "ended",
};

/** Attempts used, the latest attempt's state and the score of the latest attempt with a response. */
async function progressOf(db: Db, questionnaireId: number, candidateIds: readonly number[]) {
  const progress = new Map<number, Pick<ExamCandidateRow, "attemptsUsed" | "status" | "score">>();
  if (candidateIds.length === 0) return progress;
  const attempts = await db
    .selectFrom("exam_attempts as a")
    .leftJoin("responses as r", (join) =>
      join.onRef("r.id", "=", "a.responseId").on("r.questionnaireId", "=", questionnaireId),
    )
    .select(["a.candidateId", "a.attemptNo", "a.status", "a.responseId", "r.score"])
    .where("a.questionnaireId", "=", questionnaireId)
    .where("a.candidateId", "in", [...candidateIds])
    .orderBy("a.attemptNo")
    .execute();
  for (const attempt of attempts) {
    if (attempt.candidateId === null) continue;
    const earlier = progress.get(attempt.candidateId);
    progress.set(attempt.candidateId, {
      attemptsUsed: (earlier?.attemptsUsed ?? 0) + 1,
      status: rowStatus[attempt.status as AttemptStatus] ?? "ended",
      score: attempt.responseId !== null && attempt.score !== null ? attempt.score : (earlier?.score ?? null),
    });
  }
  return progress;
}

/** `exam/getCandidates`: one page of the list, masked, filtered by an exact number or phone, or a name. */
export async function getCandidates(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; page: number; pageSize: number; keyword?: string | undefined },
): Promise<ExamCandidatePage> {
  await loadQuestionnaire(ctx.db, viewer, input.id, "results", "any");
  const keys = await keyringOf(ctx.db).forReading(input.id);
  const keyword = input.keyword?.trim() ?? "";
  let query = ctx.db.selectFrom("exam_candidates").where("questionnaireId", "=", input.id);
  if (keyword !== "") {
    const phone = normalisePhone(keyword);
    query = query.where((eb) =>
      eb.or([
        eb("numberDigest", "=", numberDigest(keys, keyword)),
        ...(phone ? [eb("phoneDigest", "=", phoneDigest(keys, phone))] : []),
        // Sealed names cannot be searched; with encryption off a part of the name finds it.
        ...(keys.sealing
          ? []
          : [sql<boolean>`${eb.ref("name")} like ${`%${keyword.replace(/[\\%_]/g, "\\$&")}%`} escape '\\'`]),
      ]),
    );
  }
  const total = Number(
    (await query.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirst())?.count ??
      0,
  );
  const rows = await query
    .select(["id", "name", "number", "phone"])
    .orderBy("id")
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .execute();
  const opened = await openCandidates(ctx.db, input.id, rows);
  const progress = await progressOf(
    ctx.db,
    input.id,
    opened.map((candidate) => candidate.id),
  );
  return {
    total,
    list: opened.map((candidate) => ({
      id: candidate.id,
      name: maskName(candidate.name),
      number: maskNumber(candidate.number),
      phone: maskCandidatePhone(candidate.phone),
      ...(progress.get(candidate.id) ?? { attemptsUsed: 0, status: "notStarted" as const, score: null }),
    })),
  };
}

export interface CandidateInput {
  name: string;
  number: string;
  /** "" or a valid mobile number (normalised by the caller). */
  phone: string;
}

/**
 * Adds candidates or changes those with the same number (its digest is unique per exam), in one transaction:
 * answers how many were added and how many updated. Refuses beyond MAX_CANDIDATES on the list.
 */
export async function upsertCandidates(
  ctx: Pick<AppContext, "db" | "clock" | "dialect">,
  questionnaireId: number,
  candidates: readonly CandidateInput[],
): Promise<{ added: number; updated: number }> {
  // The keys before the transaction: SQLite has one connection, and the keyring reads the database.
  const keys = await keyringOf(ctx.db).forWriting(questionnaireId);
  const now = ctx.clock.now().toISOString();
  const stored = candidates.map((candidate) => storedCandidate(keys, candidate));
  return transaction(ctx.db, async (trx) => {
    await lockKey(trx, ctx.dialect, `exam-candidates:${questionnaireId}`);
    const existing = new Set<string>();
    for (let at = 0; at < stored.length; at += BATCH) {
      const rows = await trx
        .selectFrom("exam_candidates")
        .select("numberDigest")
        .where("questionnaireId", "=", questionnaireId)
        .where(
          "numberDigest",
          "in",
          stored.slice(at, at + BATCH).map((candidate) => candidate.numberDigest),
        )
        .execute();
      for (const row of rows) existing.add(row.numberDigest);
    }
    const added = stored.filter((candidate) => !existing.has(candidate.numberDigest)).length;
    if (added > 0 && (await countCandidates(trx, questionnaireId)) + added > MAX_CANDIDATES)
      throw new ConflictError("examCandidateLimit");
    for (let at = 0; at < stored.length; at += BATCH) {
      await trx
        .insertInto("exam_candidates")
        .values(
          stored
            .slice(at, at + BATCH)
            .map((candidate) => ({ questionnaireId, ...candidate, createdAt: now, updatedAt: now })),
        )
        .onConflict((oc) =>
          oc.columns(["questionnaireId", "numberDigest"]).doUpdateSet((eb) => ({
            name: eb.ref("excluded.name"),
            number: eb.ref("excluded.number"),
            phone: eb.ref("excluded.phone"),
            phoneDigest: eb.ref("excluded.phoneDigest"),
            updatedAt: now,
          })),
        )
        .execute();
    }
    return { added, updated: stored.length - added };
  });
}

/** `exam/saveCandidate`: one candidate added, or changed when the number is on the list already. */
export async function saveCandidate(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; name: string; number: string; phone: string },
): Promise<ExamCandidateSaved> {
  await loadQuestionnaire(ctx.db, viewer, input.id, "manageResponses");
  const result = await upsertCandidates(ctx, input.id, [
    { name: input.name, number: input.number, phone: input.phone },
  ]);
  const keys = await keyringOf(ctx.db).forReading(input.id);
  const row = await ctx.db
    .selectFrom("exam_candidates")
    .select("id")
    .where("questionnaireId", "=", input.id)
    .where("numberDigest", "=", numberDigest(keys, input.number))
    .executeTakeFirstOrThrow();
  return { id: row.id, added: result.added === 1 };
}

/** `exam/deleteCandidates`: the chosen candidates, or the whole list; their attempts and responses stay. */
export async function deleteCandidates(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; candidateIds?: number[] | undefined; all?: boolean | undefined },
): Promise<{ deleted: number }> {
  await loadQuestionnaire(ctx.db, viewer, input.id, "manageResponses");
  let query = ctx.db.deleteFrom("exam_candidates").where("questionnaireId", "=", input.id);
  if (!input.all) query = query.where("id", "in", input.candidateIds ?? []);
  const result = await query.executeTakeFirst();
  return { deleted: Number(result.numDeletedRows) };
}

/** `exam/revealCandidate` (查看完整信息): one candidate in full, for those who may reveal; logged. */
export async function revealCandidate(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; candidateId: number },
): Promise<ExamCandidateRevealed> {
  const { hidePersonal } = await loadQuestionnaireWithRole(ctx.db, viewer, input.id, "revealPersonal", "any");
  if (hidePersonal) throw new ForbiddenError("forbidden");
  const row = await ctx.db
    .selectFrom("exam_candidates")
    .select(["id", "name", "number", "phone"])
    .where("questionnaireId", "=", input.id)
    .where("id", "=", input.candidateId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("examCandidateNotFound");
  const [opened] = await openCandidates(ctx.db, input.id, [row]);
  if (!opened) throw new NotFoundError("examCandidateNotFound");
  await recordActivity(ctx.db, ctx.clock.now(), {
    questionnaireId: input.id,
    actorId: viewer.user.id,
    action: "revealPersonal",
    detail: `考生 ${row.id}`,
  });
  return { name: opened.name, number: opened.number, phone: opened.phone };
}
