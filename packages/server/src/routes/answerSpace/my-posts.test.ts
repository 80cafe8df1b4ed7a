import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answerFromSpace,
  claimPoints,
  listed,
  manage,
  myPosts,
  postNew,
  userSpace,
} from "../../../test/answer-space.ts";
import { type BuiltUser, buildAdmin, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { ledgerMismatches } from "../../commands/money/ledger.ts";
import { spacePostStatesMigration } from "../../db/migrations/0130-space-post-states.ts";

/**
 * 我的发布 (issue #33 item 10): the poster sees each post's progress and where its points went, and pauses,
 * resumes or ends it; the points are exact against the ledger, also when earnings race a pause or an end.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const PAUSED = "发布者已暂停这份问卷的互填，暂不发放积分";
const GONE = "互填记录不存在或已结束";
const SPENT = "该问卷的互填积分已发完";

async function holdOf(questionnaireId: number) {
  const post = await t.db
    .selectFrom("space_posts")
    .select(["holdId", "status"])
    .where("questionnaireId", "=", questionnaireId)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const voids = await t.db
    .selectFrom("ledger_transfers")
    .select("amount")
    .where("pendingId", "=", post.holdId)
    .where("phase", "=", "void_pending")
    .execute();
  return { status: post.status, voids: voids.map((v) => Number(v.amount)) };
}

type Proof = Awaited<ReturnType<typeof answerFromSpace>>;
type Outcome = { kind: "claim" | "stop"; code: number; msg: string };
const respondents = (n: number) => Promise.all(Array.from({ length: n }, () => buildUser(t)));

describe("我的发布", () => {
  it("shows progress and points exactly; 暂停 hides the post and stops earnings, 继续 lists it again, 结束 returns the rest at once", async () => {
    const owner = await buildUser(t);
    const [r1, r2, r3] = (await respondents(3)) as [BuiltUser, BuiltUser, BuiltUser];
    const { q, post } = await postNew(t, owner, 4, 5);
    expect(await myPosts(t, owner)).toEqual([
      expect.objectContaining({
        postId: post.postId,
        questionnaireId: q.id,
        title: post.title,
        status: "active",
        reward: 4,
        quota: 5,
        answered: 0,
        reserved: 20,
        spent: 0,
        frozen: 20,
        returned: 0,
        endedAt: null,
      }),
    ]);
    expect((await claimPoints(t, r1, await answerFromSpace(t, r1, q))).body.code).toBe(200);
    expect(await myPosts(t, owner)).toEqual([
      expect.objectContaining({ answered: 1, spent: 4, frozen: 16, returned: 0 }),
    ]);

    const paused = await manage(t, owner, "pauseUserSpace", q.id);
    expect(paused.body).toMatchObject({ code: 200, data: { status: "paused", frozen: 16 } });
    expect(await listed(t, post.title)).toBe(false);
    // The reservation is kept: nothing comes back while paused.
    expect(await userSpace(t, owner)).toMatchObject({ points: 30, frozen: 16 });
    const r2Proof = await answerFromSpace(t, r2, q);
    expect((await claimPoints(t, r2, r2Proof)).body).toMatchObject({ code: 409, msg: PAUSED });
    expect((await userSpace(t, r2)).points).toBe(50);
    // Pausing again changes nothing (a repeated tap).
    expect((await manage(t, owner, "pauseUserSpace", q.id)).body).toMatchObject({
      code: 200,
      data: { status: "paused", frozen: 16 },
    });

    const resumed = await manage(t, owner, "resumeUserSpace", q.id);
    expect(resumed.body).toMatchObject({ code: 200, data: { status: "active", frozen: 16 } });
    expect(await listed(t, post.title)).toBe(true);
    // The answer refused while paused is not lost: claimed again, it earns.
    expect((await claimPoints(t, r2, r2Proof)).body).toMatchObject({ code: 200, data: { points: 4 } });

    const ended = await manage(t, owner, "delUserSpace", q.id);
    expect(ended.body).toMatchObject({
      code: 200,
      data: { status: "withdrawn", answered: 2, reserved: 20, spent: 8, frozen: 0, returned: 12 },
    });
    expect(ended.body.data.endedAt).toEqual(expect.any(String));
    // 50 − 20 reserved + 12 returned, at once; exactly one void of 12 in the ledger.
    expect(await userSpace(t, owner)).toMatchObject({ points: 42, frozen: 0 });
    expect(await holdOf(q.id)).toEqual({ status: "withdrawn", voids: [12] });
    expect(await myPosts(t, owner)).toEqual([
      expect.objectContaining({ status: "withdrawn", spent: 8, returned: 12, frozen: 0 }),
    ]);
    for (const action of ["delUserSpace", "pauseUserSpace", "resumeUserSpace"] as const)
      expect((await manage(t, owner, action, q.id)).body).toMatchObject({ code: 404, msg: GONE });
    expect((await claimPoints(t, r3, await answerFromSpace(t, r3, q))).body).toMatchObject({
      code: 404,
      msg: GONE,
    });
    expect(await userSpace(t, owner)).toMatchObject({ points: 42, frozen: 0 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("a post that reaches its quota ends by itself, returns nothing more and may be posted again", async () => {
    const owner = await buildUser(t);
    const [r1, r2, r3] = (await respondents(3)) as [BuiltUser, BuiltUser, BuiltUser];
    const { q, post } = await postNew(t, owner, 3, 2);
    const late = await answerFromSpace(t, r3, q);
    for (const r of [r1, r2])
      expect((await claimPoints(t, r, await answerFromSpace(t, r, q))).body.code).toBe(200);
    const [done] = await myPosts(t, owner);
    expect(done).toMatchObject({
      status: "completed",
      answered: 2,
      reserved: 6,
      spent: 6,
      frozen: 0,
      returned: 0,
    });
    expect(done?.endedAt).toEqual(expect.any(String));
    expect(await listed(t, post.title)).toBe(false);
    expect((await claimPoints(t, r3, late)).body).toMatchObject({ code: 409, msg: SPENT });
    expect((await manage(t, owner, "delUserSpace", q.id)).body).toMatchObject({ code: 404, msg: GONE });
    expect(await userSpace(t, owner)).toMatchObject({ points: 44, frozen: 0 });
    expect((await userSpace(t, owner)).postable).toEqual([{ questionnaireId: q.id, title: post.title }]);
    const again = await call(t.app, "POST", "answerSpace/addUserSpace", {
      token: owner.token,
      json: { id: q.id, reward: 2, quota: 2 },
    });
    expect(again.body.code, again.body.msg).toBe(200);
    expect((await myPosts(t, owner)).map((p) => p.status)).toEqual(["active", "completed"]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("lists only the caller's posts; others are refused and bad input gets a Chinese error, changing nothing", async () => {
    const owner = await buildUser(t);
    const stranger = await buildUser(t);
    const { q } = await postNew(t, owner, 2, 5);
    expect(await myPosts(t, stranger)).toEqual([]);
    expect((await call(t.app, "GET", "answerSpace/getMySpaceList")).body.code).toBe(303);
    expect(
      (
        await call(t.app, "GET", "answerSpace/getMySpaceList", {
          token: owner.token,
          params: { pageSize: 0 },
        })
      ).body,
    ).toMatchObject({ code: 400, msg: "每页条数需为1-100之间的整数" });
    for (const action of ["pauseUserSpace", "resumeUserSpace", "delUserSpace"] as const) {
      expect((await manage(t, stranger, action, q.id)).body.code).toBe(403);
      const bad = await call(t.app, "POST", `answerSpace/${action}`, {
        token: owner.token,
        params: { id: "第一" },
      });
      expect(bad.body).toMatchObject({
        code: 400,
        msg: "编号需为正整数",
        data: { errors: [{ field: "id" }] },
      });
    }
    expect((await manage(t, owner, "resumeUserSpace", q.id)).body).toMatchObject({
      code: 200,
      data: { status: "active" },
    });
    expect(await userSpace(t, owner)).toMatchObject({ points: 40, frozen: 10 });
    // A team editor may manage it as they may post it; the points stay the poster's.
    const editor = await buildUser(t);
    await buildTeamMember(t, q.id, editor, "editor");
    expect((await manage(t, editor, "pauseUserSpace", q.id)).body.data).toMatchObject({ status: "paused" });
    expect(await myPosts(t, editor)).toEqual([]);
    // In the recycle bin the questionnaire is off the listing, but its poster still ends the post.
    const binned = await call(t.app, "POST", "questionary/delQuestionary", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(binned.body.code).toBe(200);
    expect((await manage(t, owner, "delUserSpace", q.id)).body.data).toMatchObject({ returned: 10 });
    expect(await userSpace(t, owner)).toMatchObject({ points: 50, frozen: 0 });
  });

  it("deleting the questionnaire for good returns what its live post still holds", async () => {
    const owner = await buildUser(t);
    const before = await userSpace(t, owner);
    const { q } = await postNew(t, owner, 3, 4);
    expect(await userSpace(t, owner)).toMatchObject({ points: before.points - 12, frozen: 12 });
    for (const path of ["questionary/delQuestionary", "questionary/thoroughDelQuestionary"]) {
      const res = await call(t.app, "POST", path, { token: owner.token, params: { id: q.id } });
      expect(res.body.code, `${path}: ${res.body.msg}`).toBe(200);
    }
    expect(await userSpace(t, owner)).toMatchObject({ points: before.points, frozen: 0 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("an admin's take-down of a paused post returns the rest, and 我的发布 shows the reason", async () => {
    const owner = await buildUser(t);
    const admin = await buildAdmin(t);
    const { q, post } = await postNew(t, owner, 5, 4);
    await manage(t, owner, "pauseUserSpace", q.id);
    // 互填管理 finds it among the paused ones.
    const paused = await call<{ list: Array<{ id: number; status: string }> }>(
      t.app,
      "GET",
      "admin/space/list",
      {
        token: admin.token,
        params: { status: "paused", keyword: post.title },
      },
    );
    expect(paused.body.data.list).toEqual([expect.objectContaining({ id: post.postId, status: "paused" })]);
    const down = await call(t.app, "POST", "admin/space/takeDown", {
      token: admin.token,
      params: { id: post.postId, reason: "标题含诱导内容" },
    });
    expect(down.body.code, down.body.msg).toBe(200);
    expect(await myPosts(t, owner)).toEqual([
      expect.objectContaining({
        status: "removed",
        removedReason: "标题含诱导内容",
        returned: 20,
        frozen: 0,
      }),
    ]);
    expect(await userSpace(t, owner)).toMatchObject({ points: 50, frozen: 0 });
  });

  it("migration 0130 ends the posts that had used up their quota before it, and only those", async () => {
    const owner = await buildUser(t);
    const { q: full } = await postNew(t, owner, 2, 1);
    const { q: running } = await postNew(t, owner, 2, 3);
    const r = await buildUser(t);
    expect((await claimPoints(t, r, await answerFromSpace(t, r, full))).body.code).toBe(200);
    expect((await claimPoints(t, r, await answerFromSpace(t, r, running))).body.code).toBe(200);
    // As the rows stood before: a used-up post left active.
    await t.db
      .updateTable("space_posts")
      .set({ status: "active", endedAt: null })
      .where("questionnaireId", "=", full.id)
      .execute();
    await spacePostStatesMigration().up(t.db as unknown as Kysely<unknown>);
    const [second, first] = await myPosts(t, owner);
    const earning = await t.db
      .selectFrom("space_earnings")
      .select("createdAt")
      .where("userId", "=", r.user.id);
    const earnedAt = (await earning.orderBy("id").executeTakeFirstOrThrow()).createdAt;
    expect(first).toMatchObject({
      questionnaireId: full.id,
      status: "completed",
      endedAt: earnedAt,
      returned: 0,
    });
    expect(second).toMatchObject({ questionnaireId: running.id, status: "active", endedAt: null, frozen: 4 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("我的发布 under concurrency", () => {
  it("earnings racing 结束 never pay more than was reserved, and the rest is returned exactly once", async () => {
    for (let round = 0; round < 4; round += 1) {
      const owner = await buildUser(t);
      const { q } = await postNew(t, owner, 5, 6);
      const people = await respondents(8);
      const proofs: Proof[] = [];
      for (const r of people) proofs.push(await answerFromSpace(t, r, q));
      // Eight claims and two stops, overlapping differently each round (on PostgreSQL each call is its own
      // connection): the stops first; among the claims (a stop has less to read first, so it may overtake);
      // once the first of three claims has been answered, with the other five; once the first of all eight has.
      // Some rounds end by a stop halfway, some at once, some by the quota.
      const started: Array<Promise<Outcome>> = [];
      const launch = (from: number, to: number) => {
        for (let i = from; i < to; i += 1)
          started.push(
            claimPoints(t, people[i] as BuiltUser, proofs[i] as Proof).then((res) => ({
              kind: "claim",
              code: res.body.code,
              msg: res.body.msg,
            })),
          );
      };
      const stops = () => {
        for (let i = 0; i < 2; i += 1)
          started.push(
            manage(t, owner, "delUserSpace", q.id).then((res) => ({
              kind: "stop",
              code: res.body.code,
              msg: res.body.msg,
            })),
          );
      };
      if (round === 0) {
        stops();
        launch(0, 8);
      } else if (round === 1) {
        launch(0, 3);
        stops();
        launch(3, 8);
      } else {
        const head = round === 2 ? 3 : 8;
        launch(0, head);
        await started[0];
        stops();
        launch(head, 8);
      }
      const outcomes = await Promise.all(started);
      const paid = outcomes.filter((o) => o.kind === "claim" && o.code === 200).length;
      const stopped = outcomes.filter((o) => o.kind === "stop" && o.code === 200).length;
      expect(paid).toBeLessThanOrEqual(6);
      const { status, voids } = await holdOf(q.id);
      // A claim that lost to a stop is told the post has ended, one that lost to the quota that it is used up.
      for (const o of outcomes.filter((x) => x.code !== 200))
        expect(o.msg).toBe(o.kind === "claim" && status === "completed" ? SPENT : GONE);
      // Exactly one ending: the stop that found it live, or the sixth earning.
      expect(stopped).toBe(status === "withdrawn" ? 1 : 0);
      expect(status === "completed").toBe(paid === 6);
      expect(voids.reduce((a, b) => a + b, 0)).toBe(30 - 5 * paid);
      expect(voids.length).toBeLessThanOrEqual(1);
      expect(await myPosts(t, owner)).toEqual([
        expect.objectContaining({ spent: 5 * paid, frozen: 0, returned: 30 - 5 * paid, answered: paid }),
      ]);
      expect(await userSpace(t, owner)).toMatchObject({ points: 50 - 5 * paid, frozen: 0 });
      let earned = 0;
      for (const r of people) earned += (await userSpace(t, r)).points - 50;
      expect(earned).toBe(5 * paid);
    }
    expect(await ledgerMismatches(t.db)).toEqual([]);
  }, 60_000);

  it("earnings racing 暂停 pay before it or are refused after it, and refused ones earn once 继续", async () => {
    const owner = await buildUser(t);
    const { q } = await postNew(t, owner, 2, 10);
    const people = await respondents(6);
    const proofs: Proof[] = [];
    for (const r of people) proofs.push(await answerFromSpace(t, r, q));
    const claim = (i: number) => claimPoints(t, people[i] as BuiltUser, proofs[i] as Proof);
    const results = await Promise.all([
      claim(0),
      claim(1),
      claim(2),
      manage(t, owner, "pauseUserSpace", q.id),
      claim(3),
      claim(4),
      claim(5),
    ]);
    const claims = results.filter((_, i) => i !== 3);
    for (const c of claims) expect([200, 409]).toContain(c.body.code);
    const refused = claims.flatMap((c, i) => (c.body.code === 200 ? [] : [i]));
    for (const i of refused) expect(claims[i]?.body.msg).toBe(PAUSED);
    const paid = claims.length - refused.length;
    expect(await myPosts(t, owner)).toEqual([
      expect.objectContaining({ status: "paused", spent: 2 * paid, frozen: 20 - 2 * paid, returned: 0 }),
    ]);
    await manage(t, owner, "resumeUserSpace", q.id);
    for (const i of refused) expect((await claim(i)).body.code).toBe(200);
    expect(await myPosts(t, owner)).toEqual([expect.objectContaining({ spent: 12, frozen: 8, answered: 6 })]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("earnings racing for the last answers pay exactly the quota, then the post has ended", async () => {
    const owner = await buildUser(t);
    const { q } = await postNew(t, owner, 7, 3);
    const people = await respondents(7);
    const proofs: Proof[] = [];
    for (const r of people) proofs.push(await answerFromSpace(t, r, q));
    const results = await Promise.all(people.map((r, i) => claimPoints(t, r, proofs[i] as Proof)));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(3);
    for (const r of results.filter((x) => x.body.code !== 200)) expect(r.body.msg).toBe(SPENT);
    expect(await myPosts(t, owner)).toEqual([
      expect.objectContaining({ status: "completed", spent: 21, frozen: 0, returned: 0, answered: 3 }),
    ]);
    expect(await userSpace(t, owner)).toMatchObject({ points: 29, frozen: 0 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
