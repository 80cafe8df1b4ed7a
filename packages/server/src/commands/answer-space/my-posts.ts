import type { MySpacePost } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, toCount, transaction } from "../../db/index.ts";
import type { Page } from "../../db/paging.ts";
import { NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import { endPost, livePost, postsQuery, present } from "./posts.ts";

/**
 * 我的发布 (issue #33 item 10): the poster follows each post's progress and where its points went, and pauses,
 * resumes or ends it. Pausing hides the post from the listing and stops its earnings but keeps the points frozen,
 * so 继续 needs no new reservation; 结束 voids the rest of the hold back at once. All three take the post's row
 * first, as an earning does: an earning racing them is either before (and counted) or after (and refused), so
 * nothing pays more than was reserved and nothing is returned twice.
 *
 * The poster may always manage their own post (its points are theirs, also once they left the team or the
 * questionnaire is in the recycle bin); anyone else needs `publish` on the questionnaire, as for posting it.
 */

function myPostsQuery(db: Db | Trx) {
  return postsQuery(db)
    .innerJoin("ledger_holds as h", "h.transferId", "p.holdId")
    .select(["h.remaining as frozen", "p.endedAt"])
    .select((eb) =>
      eb
        .selectFrom("space_earnings as e")
        .select((e) => e.fn.sum<number>("e.points").as("s"))
        .whereRef("e.postId", "=", "p.id")
        .as("spent"),
    );
}

type MyPostRow = Awaited<ReturnType<ReturnType<typeof myPostsQuery>["execute"]>>[number];

function presentMine(row: MyPostRow): MySpacePost {
  const { frozen, spent, endedAt, ...post } = row;
  const reserved = row.reward * row.quota;
  const paid = Number(spent ?? 0);
  const held = Number(frozen);
  // What the hold lost other than to earnings went back by its void (the ledger's own sums: amount = posted +
  // voided + remaining), so this is the void transfer's amount, 0 while the post runs.
  return { ...present(post), reserved, spent: paid, frozen: held, returned: reserved - paid - held, endedAt };
}

/** `answerSpace/getMySpaceList`: the caller's posts, newest first, ended ones included. */
export async function listMySpacePosts(
  db: Db,
  viewer: Viewer,
  input: { pageNum: number; pageSize: number },
): Promise<Page<MySpacePost>> {
  const query = myPostsQuery(db).where("p.userId", "=", viewer.user.id);
  const [rows, total] = await Promise.all([
    query
      .orderBy("p.id", "desc")
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize)
      .execute(),
    db
      .selectFrom("space_posts")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("userId", "=", viewer.user.id)
      .executeTakeFirst()
      .then(toCount),
  ]);
  return { list: rows.map(presentMine), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** The questionnaire's live post, held, if the viewer may manage it (see the top); 404 when there is none. */
async function managedPost(trx: Trx, viewer: Viewer, questionnaireId: number) {
  const post = await livePost(trx, { questionnaireId });
  if (post?.userId !== viewer.user.id) await loadQuestionnaire(trx, viewer, questionnaireId, "publish");
  if (!post) throw new NotFoundError("spacePostNotFound");
  return post;
}

async function readMine(trx: Trx, postId: number): Promise<MySpacePost> {
  return presentMine(await myPostsQuery(trx).where("p.id", "=", postId).executeTakeFirstOrThrow());
}

/**
 * `answerSpace/pauseUserSpace` (to `paused`) and `answerSpace/resumeUserSpace` (to `active`). Asking for the
 * state the post is in changes nothing and succeeds, so a repeated tap or a retry is harmless.
 */
export async function setSpacePostPaused(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
  paused: boolean,
): Promise<MySpacePost> {
  return transaction(ctx.db, async (trx) => {
    const post = await managedPost(trx, viewer, questionnaireId);
    await trx
      .updateTable("space_posts")
      .set({ status: paused ? "paused" : "active" })
      .where("id", "=", post.id)
      .execute();
    return readMine(trx, post.id);
  });
}

/**
 * `answerSpace/delUserSpace` (结束): the poster ends their post, active or paused, for good; the unspent points
 * come back at once. Answers the ended post, with what was returned.
 */
export async function withdrawSpacePost(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
): Promise<MySpacePost> {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const post = await managedPost(trx, viewer, questionnaireId);
    await endPost(trx, post, "withdrawn", "", now);
    return readMine(trx, post.id);
  });
}
