import {
  definitionSchema,
  ResultCode,
  type SpaceEarning,
  type SpacePostStatus,
  spaceDailyCapMessage,
  spaceRefusal,
  spaceSource,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { isSqlite, type Trx, transaction } from "../../db/index.ts";
import { AppError, ConflictError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { InsufficientHoldError, pointsKey, postPending } from "../money/ledger.ts";
import { answersOpener } from "../privacy/sealing.ts";
import type { ResponseProof } from "../rewards/respondent.ts";
import { earnedToday, openPoints, pointsOf } from "./points.ts";
import { endPost } from "./posts.ts";
import { readSpaceSettings } from "./rules.ts";

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** Earnings stop while the poster has paused the post, and for good once it has ended. */
function refuseUnlessActive(status: SpacePostStatus): void {
  if (status === "paused") throw new ConflictError("spacePostPaused");
  if (status === "completed") throw new ConflictError("spacePostEnded");
  if (status !== "active") throw new NotFoundError("spacePostNotFound");
}

/** Holds the user's points account for the rest of the transaction: the daily cap is read and kept. */
async function lockPoints(trx: Trx, userId: number): Promise<void> {
  let query = trx.selectFrom("ledger_accounts").select("id").where("key", "=", pointsKey(userId));
  if (!isSqlite(trx)) query = query.forUpdate();
  await query.executeTakeFirst();
}

/**
 * `answerSpace/getSpacePoints`: the thank-you screen of an answer from the space claims its points, proving
 * the response by its idempotency key. Points go only to the logged-in respondent who submitted it, once per
 * post, never for one's own questionnaire, within the daily cap, and only for a response that took the
 * minimum time, passed its attention checks and is not straight-lined. A paused post pays nothing (and says so),
 * and the earning that uses up the quota ends the post.
 */
export async function earnSpacePoints(
  ctx: AppContext,
  viewer: Viewer,
  proof: ResponseProof,
): Promise<SpaceEarning> {
  const now = ctx.clock.now();
  const userId = viewer.user.id;
  const response = await ctx.db
    .selectFrom("responses")
    .select([
      "id",
      "questionnaireId",
      "revisionId",
      "answers",
      "userId",
      "source",
      "durationSeconds",
      "status",
      "endState",
      "idempotencyKey",
    ])
    .where("id", "=", proof.responseId)
    .executeTakeFirst();
  if (!response || response.idempotencyKey !== proof.idempotencyKey || response.status !== "valid")
    throw new NotFoundError("drawResponseInvalid");
  if (response.userId !== userId) throw new ConflictError("spaceNotLoggedInAnswer");
  if (response.source !== spaceSource) throw new ConflictError("spaceNotFromSpace");
  // The questionnaire's latest post: a live one is always the latest (a new post needs the old one ended).
  const post = await ctx.db
    .selectFrom("space_posts as p")
    .innerJoin("questionnaires as q", "q.id", "p.questionnaireId")
    .select(["p.id", "p.reward", "p.holdId", "p.userId", "p.status", "q.ownerId"])
    .where("p.questionnaireId", "=", response.questionnaireId)
    .orderBy("p.id", "desc")
    .executeTakeFirst();
  if (!post) throw new NotFoundError("spacePostNotFound");
  refuseUnlessActive(post.status);
  if (post.userId === userId || post.ownerId === userId) throw new ConflictError("spaceOwnQuestionnaire");
  const revision = await ctx.db
    .selectFrom("questionnaire_revisions")
    .select("definition")
    .where("id", "=", response.revisionId)
    .executeTakeFirstOrThrow();
  const definition = definitionSchema.parse(JSON.parse(revision.definition));
  const rules = await readSpaceSettings(ctx.db);
  const refusal =
    response.endState === "submitted"
      ? spaceRefusal(
          definition,
          (await answersOpener(ctx.db, response.questionnaireId))(response.answers),
          response.durationSeconds,
          rules,
        )
      : "spaceAttentionFailed";
  if (refusal) throw new ConflictError(refusal);

  const at = iso(now);
  await transaction(ctx.db, async (trx) => {
    // The post first, held to the end (as pausing and ending take it): its state as of now decides.
    let held = trx.selectFrom("space_posts").selectAll().where("id", "=", post.id);
    if (!isSqlite(trx)) held = held.forUpdate();
    const live = await held.executeTakeFirstOrThrow();
    refuseUnlessActive(live.status);
    await openPoints(trx, userId, at);
    await lockPoints(trx, userId);
    const repeat = await trx
      .selectFrom("space_earnings")
      .select("id")
      .where("postId", "=", post.id)
      .where("userId", "=", userId)
      .executeTakeFirst();
    if (repeat) throw new ConflictError("spaceAlreadyEarned");
    // The cap as it stands now, read under the account's lock (a change applies to the next claim).
    const { dailyCap } = await readSpaceSettings(trx);
    if ((await earnedToday(trx, userId, now)) + post.reward > dailyCap)
      throw new AppError(ResultCode.conflict, "spaceDailyCap", null, spaceDailyCapMessage(dailyCap));
    let earningId: number;
    try {
      earningId = (
        await trx
          .insertInto("space_earnings")
          .values({ postId: post.id, userId, responseId: response.id, points: post.reward, createdAt: at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError("spaceAlreadyEarned");
      throw error;
    }
    try {
      await postPending(trx, {
        id: `${post.holdId}:earn:${earningId}`,
        pendingId: post.holdId,
        amount: post.reward,
        credit: pointsKey(userId),
        kind: "space_earn",
        memo: "互填答题",
        now: at,
      });
    } catch (error) {
      if (error instanceof InsufficientHoldError) throw new ConflictError("spacePostEnded");
      throw error;
    }
    // The last reward of the quota ends the post by itself (nothing is left to return but a remainder).
    const hold = await trx
      .selectFrom("ledger_holds")
      .select("remaining")
      .where("transferId", "=", post.holdId)
      .executeTakeFirstOrThrow();
    if (Number(hold.remaining) < post.reward) await endPost(trx, live, "completed", "", at);
  });
  return { points: post.reward, balance: (await pointsOf(ctx.db, userId)).available };
}
