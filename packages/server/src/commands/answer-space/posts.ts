import { randomUUID } from "node:crypto";
import { type SpacePost, spaceRewardMessage, type UserSpace } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, isSqlite, type Trx, toCount, transaction } from "../../db/index.ts";
import type { Page } from "../../db/paging.ts";
import { contains } from "../../db/search.ts";
import type { SpacePostRow } from "../../db/tables/answer-space.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { recordAudit } from "../admin/audit.ts";
import {
  InsufficientBalanceError,
  pointsKey,
  reserve,
  siteKey,
  transfer,
  voidPending,
} from "../money/ledger.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import { earnedToday, openPoints, pointsOf } from "./points.ts";
import { readSpaceSettings } from "./rules.ts";

/**
 * Posts in the answer space. Posting reserves reward × quota of the creator's points (a pending ledger
 * transfer); each earning posts `reward` of it to a respondent; the post ends by itself when the hold is used
 * up (earn.ts); its poster ending it (my-posts.ts), or an admin removing it, voids the rest back to the creator.
 * A questionnaire has at most one live post (active or paused) at a time.
 */

/** Statuses of a post that still holds points and may still pay: the rest are final. */
export const liveStatuses = ["active", "paused"] as const;

export function postsQuery(db: Db | Trx) {
  return db
    .selectFrom("space_posts as p")
    .innerJoin("questionnaires as q", "q.id", "p.questionnaireId")
    .select([
      "p.id as postId",
      "p.questionnaireId",
      "q.publicId",
      "q.title",
      "q.questionCount",
      "p.reward",
      "p.quota",
      "p.status",
      "p.removedReason",
      "p.createdAt",
    ])
    .select((eb) =>
      eb
        .selectFrom("space_earnings as e")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("e.postId", "=", "p.id")
        .as("answered"),
    );
}

type PostRow = Awaited<ReturnType<ReturnType<typeof postsQuery>["execute"]>>[number];

export function present(row: PostRow): SpacePost {
  return { ...row, answered: Number(row.answered ?? 0), questionCount: Number(row.questionCount) };
}

/** `answerSpace/checkUserSpace`: the caller's points, posts, today's earnings and whether they may post. */
export async function checkUserSpace(ctx: AppContext, viewer: Viewer): Promise<UserSpace> {
  const now = ctx.clock.now();
  const userId = viewer.user.id;
  await transaction(ctx.db, (trx) => openPoints(trx, userId, iso(now)));
  const [rules, balance, today, posts, published] = await Promise.all([
    readSpaceSettings(ctx.db),
    pointsOf(ctx.db, userId),
    earnedToday(ctx.db, userId, now),
    postsQuery(ctx.db).where("p.userId", "=", userId).orderBy("p.id", "desc").limit(100).execute(),
    ctx.db
      .selectFrom("questionnaires")
      .select(["id", "title"])
      .where("ownerId", "=", userId)
      .where("status", "=", "published")
      .where("deletedAt", "is", null)
      .where("takenDownAt", "is", null)
      .where("id", "not in", (eb) =>
        eb.selectFrom("space_posts").select("questionnaireId").where("status", "in", liveStatuses),
      )
      .orderBy("id", "desc")
      .limit(100)
      .execute(),
  ]);
  const reason =
    balance.available < rules.minReward + rules.postFee
      ? "积分不足，去互填里答别人的问卷赚积分吧"
      : published.length === 0
        ? "您还没有可发布到互填的已发布问卷"
        : "";
  return {
    points: balance.available,
    frozen: balance.frozen,
    earnedToday: today,
    dailyCap: rules.dailyCap,
    canPost: reason === "",
    reason,
    posts: posts.map(present),
    postable: published.map((q) => ({ questionnaireId: q.id, title: q.title })),
    rules,
  };
}

/**
 * `answerSpace/addUserSpace`: posts a published questionnaire of the caller's, freezing reward × quota and
 * paying the admin's posting fee, with the reward inside the admin's range.
 */
export async function addSpacePost(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; reward: number; quota: number },
): Promise<SpacePost> {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const rules = await readSpaceSettings(trx);
    if (input.reward < rules.minReward || input.reward > rules.maxReward)
      throw new InvalidInputError(
        [{ field: "reward", message: spaceRewardMessage(rules.minReward, rules.maxReward) }],
        "spaceRewardInvalid",
      );
    const q = await loadQuestionnaire(trx, viewer, input.id, "publish");
    if (q.status !== "published" || q.takenDownAt || q.publishedVersion === null)
      throw new ConflictError("spaceNotPublished");
    const active = await trx
      .selectFrom("space_posts")
      .select("id")
      .where("questionnaireId", "=", q.id)
      .where("status", "in", liveStatuses)
      .executeTakeFirst();
    if (active) throw new ConflictError("spaceAlreadyPosted");
    await openPoints(trx, viewer.user.id, now);
    const holdId = `space:${randomUUID()}`;
    try {
      await reserve(trx, {
        id: holdId,
        debit: pointsKey(viewer.user.id),
        credit: siteKey("points"),
        amount: input.reward * input.quota,
        kind: "space_post",
        reference: `questionnaire:${q.id}`,
        memo: "发布到互填",
        now,
      });
      if (rules.postFee > 0)
        await transfer(trx, {
          id: `${holdId}:fee`,
          debit: pointsKey(viewer.user.id),
          credit: siteKey("points"),
          amount: rules.postFee,
          kind: "space_fee",
          reference: `questionnaire:${q.id}`,
          memo: "互填发布费用",
          now,
        });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new ConflictError("spacePointsInsufficient");
      throw error;
    }
    const { id } = await trx
      .insertInto("space_posts")
      .values({
        questionnaireId: q.id,
        userId: viewer.user.id,
        reward: input.reward,
        quota: input.quota,
        holdId,
        status: "active",
        removedReason: "",
        createdAt: now,
        endedAt: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return present(await postsQuery(trx).where("p.id", "=", id).executeTakeFirstOrThrow());
  });
}

/**
 * Ends a live post for good and voids what its hold still has back to the poster, at most once: the status
 * changes only from a live one (a second stop finds none), and the void's transfer id is fixed. The caller
 * holds the post's row (`livePost`), which an earning takes first too, so none pays after this.
 */
export async function endPost(
  trx: Trx,
  post: SpacePostRow,
  status: "completed" | "withdrawn" | "removed",
  reason: string,
  now: string,
): Promise<void> {
  const updated = await trx
    .updateTable("space_posts")
    .set({ status, removedReason: reason, endedAt: now })
    .where("id", "=", post.id)
    .where("status", "in", liveStatuses)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new NotFoundError("spacePostNotFound");
  await voidPending(trx, { id: `${post.holdId}:void`, pendingId: post.holdId, now });
}

/**
 * The live post by id or questionnaire, held for the rest of the transaction (PostgreSQL: FOR UPDATE; SQLite
 * runs one writer at a time): pausing, ending and earning each take it first, so they happen one after another.
 */
export async function livePost(trx: Trx, where: { postId?: number; questionnaireId?: number }) {
  let query = trx.selectFrom("space_posts").selectAll().where("status", "in", liveStatuses);
  if (where.postId !== undefined) query = query.where("id", "=", where.postId);
  if (where.questionnaireId !== undefined) query = query.where("questionnaireId", "=", where.questionnaireId);
  if (!isSqlite(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** `admin/space/takeDown`: an admin takes a post out of the space (audited); unspent points go back. */
export async function removeSpacePost(
  ctx: AppContext,
  adminId: number,
  input: { id: number; reason: string },
): Promise<null> {
  const now = iso(ctx.clock.now());
  await transaction(ctx.db, async (trx) => {
    const post = await livePost(trx, { postId: input.id });
    if (!post) throw new NotFoundError("spacePostNotFound");
    await endPost(trx, post, "removed", input.reason, now);
    await recordAudit(trx, now, {
      adminId,
      action: "takeDown",
      entity: "space",
      entityId: post.id,
      before: { status: post.status, questionnaireId: post.questionnaireId },
      after: { status: "removed", reason: input.reason },
    });
  });
  return null;
}

export interface SpaceListInput {
  keyword?: string | undefined;
  sort: "points" | "recent";
  pageNum: number;
  pageSize: number;
}

/**
 * The public listing (`answerSpace/getSpaceList`, /website/mutual): active posts of questionnaires that are
 * collecting and still hold at least one reward.
 */
export async function listSpacePosts(db: Db, input: SpaceListInput): Promise<Page<SpacePost>> {
  let query = postsQuery(db)
    .innerJoin("ledger_holds as h", "h.transferId", "p.holdId")
    .where("p.status", "=", "active")
    .where("q.status", "=", "published")
    .where("q.deletedAt", "is", null)
    .where("q.takenDownAt", "is", null)
    .whereRef("h.remaining", ">=", "p.reward");
  if (input.keyword) query = query.where(contains("q.title", input.keyword));
  const ordered =
    input.sort === "points"
      ? query.orderBy("p.reward", "desc").orderBy("p.id", "desc")
      : query.orderBy("p.id", "desc");
  const [rows, total] = await Promise.all([
    ordered
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  return { list: rows.map(present), total, pageNum: input.pageNum, pageSize: input.pageSize };
}
