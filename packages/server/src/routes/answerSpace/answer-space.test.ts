import {
  type SpaceEarning,
  type SpacePost,
  type SpaceSettings,
  spaceSettingDefaults,
  type UserSpace,
} from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAnswering, publishNew } from "../../../test/answering.ts";
import { auditRowsOf, type BuiltUser, buildAdmin, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { issueAnswerToken } from "../../commands/answering/answer-token.ts";
import { ledgerMismatches } from "../../commands/money/ledger.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const opts = (n: number) => [
  { id: "a", label: `甲${n}` },
  { id: "b", label: `乙${n}` },
  { id: "c", label: `丙${n}` },
];
/** Four opinion questions and an attention check (choose 丙); six answers need at least 15 s. */
function spaceSurvey(title: string) {
  const single = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    type: "single",
    title: `问题${id}`,
    required: true,
    config: { options: opts(Number(id.slice(1))) },
    ...extra,
  });
  return {
    schemaVersion: 1,
    kind: "survey",
    title,
    pages: [
      {
        id: "p1",
        questions: [
          single("q1"),
          single("q2"),
          single("q3"),
          single("q4", { title: "请选择“丙”", attentionCheck: { optionId: "c" } }),
          single("q5"),
        ],
      },
    ],
  };
}
const good = {
  q1: { optionId: "a" },
  q2: { optionId: "b" },
  q3: { optionId: "a" },
  q4: { optionId: "c" },
  q5: { optionId: "b" },
};

let seq = 0;
async function post(owner: BuiltUser, reward: number, quota: number, title = `互填问卷${++seq}`) {
  const q = await publishNew(t, owner, { title, definition: spaceSurvey(title) });
  const res = await call<SpacePost>(t.app, "POST", "answerSpace/addUserSpace", {
    token: owner.token,
    json: { id: q.id, reward, quota },
  });
  return { q, res };
}

/** Answers as `who` (logged in) from the space, then claims the points on the thank-you screen. */
async function answerAndEarn(
  who: BuiltUser,
  q: { publicId: string },
  answers: Record<string, unknown> = good,
  extra: Record<string, unknown> = {},
) {
  seq += 1;
  const open = await openAnswering<{ revisionId: number }>(t, q.publicId);
  const key = `space-key-${Date.now()}-${seq}`;
  const submitted = await call<{ responseId: number }>(t.app, "POST", "anQuestion/questionAnswer", {
    token: who.token,
    json: {
      publicId: q.publicId,
      revisionId: open.revisionId,
      answers,
      idempotencyKey: key,
      deviceId: `space-device-${seq}`,
      answerToken: issueAnswerToken(t.ctx, q.publicId, open.revisionId),
      source: "mutual",
      durationSeconds: 60,
      ...extra,
    },
    ip: `10.9.${seq >> 8}.${seq & 255}`,
  });
  expect(submitted.body.code, submitted.body.msg).toBe(200);
  return call<SpaceEarning>(t.app, "POST", "answerSpace/getSpacePoints", {
    token: who.token,
    json: { responseId: submitted.body.data.responseId, idempotencyKey: key },
  });
}

const space = async (who: BuiltUser) =>
  (await call<UserSpace>(t.app, "GET", "answerSpace/checkUserSpace", { token: who.token })).body.data;

describe("the answer space", () => {
  it("checkUserSpace needs a login; a new account gets its welcome points once and may post", async () => {
    const anonymous = await call(t.app, "GET", "answerSpace/checkUserSpace");
    expect(anonymous.body.code).toBe(303);
    const me = await buildUser(t);
    expect(await space(me)).toMatchObject({
      points: 50,
      canPost: false,
      reason: "您还没有可发布到互填的已发布问卷",
    });
    const { q, res } = await post(me, 5, 4);
    expect(res.body).toMatchObject({ code: 200, data: { reward: 5, quota: 4, status: "active" } });
    const mine = await space(me);
    expect(mine).toMatchObject({ points: 30, frozen: 20, posts: [{ questionnaireId: q.id, answered: 0 }] });
    expect(mine.postable).toEqual([]);
    const again = await call(t.app, "POST", "answerSpace/addUserSpace", {
      token: me.token,
      json: { id: q.id, reward: 1, quota: 1 },
    });
    expect(again.body).toMatchObject({ code: 409, msg: "这份问卷已经在互填中了" });
    const tooMuch = await post(me, 20, 10);
    expect(tooMuch.res.body).toMatchObject({ code: 409, msg: "积分不足，去互填里答别人的问卷赚积分吧" });
    const badReward = await call(t.app, "POST", "answerSpace/addUserSpace", {
      token: me.token,
      json: { id: tooMuch.q.id, reward: 0, quota: 1 },
    });
    expect(badReward.body).toMatchObject({ code: 400, msg: "每份答卷奖励需为1到20之间的整数积分" });
    // The attention check's answer never reaches respondents.
    const open = await openAnswering<{ definition: { pages: Array<{ questions: object[] }> } }>(
      t,
      q.publicId,
    );
    expect(JSON.stringify(open.definition)).not.toContain("attentionCheck");
  });

  it("lists active posts by points offered or recency, with search, and withdrawal returns the points", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const tag = `排序${Date.now()}`;
    const low = await post(a, 2, 5, `${tag}低`);
    const high = await post(b, 9, 5, `${tag}高`);
    const list = async (sort: string) =>
      (
        await call<{ list: SpacePost[]; total: number }>(t.app, "GET", "answerSpace/getSpaceList", {
          params: { keyword: tag, sort, pageNum: 1, pageSize: 10 },
        })
      ).body.data;
    expect((await list("points")).list.map((p) => p.questionnaireId)).toEqual([high.q.id, low.q.id]);
    expect((await list("recent")).list.map((p) => p.questionnaireId)).toEqual([high.q.id, low.q.id]);
    const withdrawn = await call(t.app, "POST", "answerSpace/delUserSpace", {
      token: b.token,
      params: { id: high.q.id },
    });
    expect(withdrawn.body.code).toBe(200);
    expect((await list("points")).list.map((p) => p.questionnaireId)).toEqual([low.q.id]);
    expect(await space(b)).toMatchObject({ points: 50, frozen: 0 });
  });

  it("pays a respondent once, never for their own questionnaire or an answer from elsewhere", async () => {
    const owner = await buildUser(t);
    const me = await buildUser(t);
    const { q } = await post(owner, 5, 4);
    expect((await answerAndEarn(owner, q)).body).toMatchObject({ code: 409, msg: "答自己的问卷不计积分" });
    expect((await answerAndEarn(me, q, good, { source: "link" })).body).toMatchObject({
      code: 409,
      msg: "这份答卷不是从互填进入的，不计积分",
    });
    expect((await answerAndEarn(me, q)).body).toMatchObject({ code: 200, data: { points: 5, balance: 55 } });
    expect((await answerAndEarn(me, q)).body).toMatchObject({ code: 409, msg: "这份问卷您已经获得过积分了" });
    expect(await space(owner)).toMatchObject({ points: 30, frozen: 15, posts: [{ answered: 1 }] });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("pays nothing for a response faster than the minimum time, a failed attention check or straight-lining", async () => {
    const owner = await buildUser(t);
    const { q } = await post(owner, 5, 4);
    const fast = await buildUser(t);
    expect((await answerAndEarn(fast, q, good, { durationSeconds: 14 })).body).toMatchObject({
      code: 409,
      msg: "答题时间过短，不计积分",
    });
    const inattentive = await buildUser(t);
    expect((await answerAndEarn(inattentive, q, { ...good, q4: { optionId: "a" } })).body).toMatchObject({
      code: 409,
      msg: "注意力检测题未答对，不计积分",
    });
    const lazy = await buildUser(t);
    const allThird = Object.fromEntries(["q1", "q2", "q3", "q4", "q5"].map((id) => [id, { optionId: "c" }]));
    expect((await answerAndEarn(lazy, q, allThird)).body).toMatchObject({
      code: 409,
      msg: "答案过于一致（疑似随意作答），不计积分",
    });
    // Just over the minimum (5 answers × 3 s) earns.
    const ok = await buildUser(t);
    expect((await answerAndEarn(ok, q, good, { durationSeconds: 15 })).body.code).toBe(200);
    for (const who of [fast, inattentive, lazy]) expect((await space(who)).points).toBe(50);
  });

  it("stops earning at the daily cap until the next China day", async () => {
    const me = await buildUser(t);
    const posts = [];
    for (let i = 0; i < 4; i += 1) posts.push((await post(await buildUser(t), 20, 2)).q);
    for (const q of posts.slice(0, 3)) expect((await answerAndEarn(me, q)).body.code).toBe(200);
    expect(await space(me)).toMatchObject({ points: 110, earnedToday: 60 });
    expect((await answerAndEarn(me, posts[3] as { publicId: string })).body).toMatchObject({
      code: 409,
      msg: "今天获得的积分已达上限（60分），明天再来吧",
    });
    t.clock.advance(86_400);
    expect((await answerAndEarn(me, posts[3] as { publicId: string })).body.code).toBe(200);
  });

  it("lets an admin take a post down (audited): it leaves the listing and the creator gets the rest back", async () => {
    const owner = await buildUser(t);
    const admin = await buildAdmin(t);
    const { res } = await post(owner, 4, 5);
    const postId = res.body.data.postId;
    // 互填管理 lists it with its poster, active, for the admin to find.
    const listed = async (status: string) =>
      (
        await call<{ list: Array<{ id: number; phone: string; status: string }> }>(
          t.app,
          "GET",
          "admin/space/list",
          { token: admin.token, params: { keyword: res.body.data.title, status } },
        )
      ).body.data.list;
    expect(await listed("active")).toEqual([
      expect.objectContaining({ id: postId, phone: owner.user.phone, status: "active" }),
    ]);
    const refused = await call(t.app, "POST", "admin/space/takeDown", {
      token: owner.token,
      params: { id: postId, reason: "违规" },
    });
    expect(refused.body.code).toBe(403);
    const down = await call(t.app, "POST", "admin/space/takeDown", {
      token: admin.token,
      params: { id: postId, reason: "诱导填写" },
    });
    expect(down.body.code).toBe(200);
    expect(await space(owner)).toMatchObject({ points: 50, frozen: 0, posts: [{ status: "removed" }] });
    expect(await auditRowsOf(t, "space", postId)).toHaveLength(1);
    expect(await listed("active")).toEqual([]);
    expect(await listed("removed")).toEqual([
      expect.objectContaining({ id: postId, removedReason: "诱导填写" }),
    ]);
    const twice = await call(t.app, "POST", "admin/space/takeDown", {
      token: admin.token,
      params: { id: postId, reason: "诱导填写" },
    });
    expect(twice.body).toMatchObject({ code: 404, msg: "互填记录不存在或已结束" });
  });

  describe("with rules the admin sets", () => {
    let admin: BuiltUser;
    beforeAll(async () => {
      admin = await buildAdmin(t);
    });
    const saveRules = (who: BuiltUser, params: Partial<Record<keyof SpaceSettings, string | number>>) =>
      call(t.app, "POST", "admin/space/saveRules", { token: who.token, params });
    const withRules = async (rules: Partial<typeof spaceSettingDefaults>, run: () => Promise<void>) => {
      const saved = await saveRules(admin, { ...spaceSettingDefaults, ...rules });
      expect(saved.body, saved.body.msg).toMatchObject({ code: 200, msg: "互填积分规则已保存" });
      try {
        await run();
      } finally {
        await saveRules(admin, spaceSettingDefaults);
      }
    };

    it("are refused to non-admins and validated field by field in Chinese; a save is audited", async () => {
      const me = await buildUser(t);
      expect((await saveRules(me, spaceSettingDefaults)).body.code).toBe(403);
      expect((await call(t.app, "GET", "admin/space/getRules", { token: me.token })).body.code).toBe(403);
      for (const [bad, field, msg] of [
        [{ dailyCap: 0 }, "dailyCap", "每日积分上限需为1到100000之间的整数"],
        [{ secondsPerQuestion: "2.5" }, "secondsPerQuestion", "每题最少答题秒数需为0到600之间的整数"],
        [{ minSeconds: -1 }, "minSeconds", "每份最少答题秒数需为0到3600之间的整数"],
        [{ maxReward: 1001 }, "maxReward", "奖励积分需为1到1000之间的整数"],
        [{ minReward: 9, maxReward: 8 }, "minReward", "最低奖励不能高于最高奖励"],
        [{ postFee: "免费" }, "postFee", "发布费用需为0到100000之间的整数积分"],
      ] as const) {
        const refused = await saveRules(admin, { ...spaceSettingDefaults, ...bad });
        expect(refused.body).toMatchObject({ code: 400, msg, data: { errors: [{ field }] } });
      }
      const read = await call(t.app, "GET", "admin/space/getRules", { token: admin.token });
      expect(read.body.data).toEqual(spaceSettingDefaults);
      await withRules({ dailyCap: 80 }, async () => {
        const audit = await auditRowsOf(t, "settings", "space");
        expect(audit.at(-1)).toMatchObject({
          action: "save",
          before: spaceSettingDefaults,
          after: { ...spaceSettingDefaults, dailyCap: 80 },
        });
        expect(await space(me)).toMatchObject({ dailyCap: 80, rules: { dailyCap: 80 } });
      });
    });

    it("a lowered daily cap stops earning at the new cap, and a raised one lets the next claim through", async () => {
      const me = await buildUser(t);
      const first = (await post(await buildUser(t), 10, 2)).q;
      const second = (await post(await buildUser(t), 10, 2)).q;
      const third = (await post(await buildUser(t), 10, 2)).q;
      await withRules({ dailyCap: 15 }, async () => {
        expect((await answerAndEarn(me, first)).body.code).toBe(200);
        // 10 earned + 10 more would pass 15 (the default cap, 60, would allow it).
        expect((await answerAndEarn(me, second)).body).toMatchObject({
          code: 409,
          msg: "今天获得的积分已达上限（15分），明天再来吧",
        });
      });
      await withRules({ dailyCap: 30 }, async () => {
        expect((await answerAndEarn(me, third)).body.code).toBe(200);
        expect(await space(me)).toMatchObject({ earnedToday: 20, dailyCap: 30 });
      });
    });

    it("the minimum answering time follows the admin's seconds per question and minimum", async () => {
      const owner = await buildUser(t);
      const { q } = await post(owner, 2, 5);
      // Five answers: 5 × 10 s = 50 s under the new rule (the default would accept 15 s).
      await withRules({ secondsPerQuestion: 10 }, async () => {
        expect(
          (await answerAndEarn(await buildUser(t), q, good, { durationSeconds: 49 })).body,
        ).toMatchObject({
          code: 409,
          msg: "答题时间过短，不计积分",
        });
        expect((await answerAndEarn(await buildUser(t), q, good, { durationSeconds: 50 })).body.code).toBe(
          200,
        );
      });
      await withRules({ secondsPerQuestion: 0, minSeconds: 40 }, async () => {
        expect((await answerAndEarn(await buildUser(t), q, good, { durationSeconds: 39 })).body.msg).toBe(
          "答题时间过短，不计积分",
        );
      });
    });

    it("a post's reward must sit in the admin's range, and posting costs the admin's fee", async () => {
      const me = await buildUser(t);
      await withRules({ minReward: 3, maxReward: 6, postFee: 7 }, async () => {
        expect((await space(me)).rules).toMatchObject({ minReward: 3, maxReward: 6, postFee: 7 });
        const low = await post(me, 2, 1);
        expect(low.res.body).toMatchObject({
          code: 400,
          msg: "每份答卷奖励需为3到6之间的整数积分",
          data: { errors: [{ field: "reward" }] },
        });
        // 50 welcome points − 7 fee − 6 × 5 frozen.
        const ok = await call<SpacePost>(t.app, "POST", "answerSpace/addUserSpace", {
          token: me.token,
          json: { id: low.q.id, reward: 6, quota: 5 },
        });
        expect(ok.body.code, ok.body.msg).toBe(200);
        expect(await space(me)).toMatchObject({ points: 13, frozen: 30 });
        // The fee is not refunded when the post ends.
        await call(t.app, "POST", "answerSpace/delUserSpace", { token: me.token, params: { id: low.q.id } });
        expect(await space(me)).toMatchObject({ points: 43, frozen: 0 });
        // 43 points cannot pay 6 × 7 frozen plus the 7 fee.
        const tooMuch = await post(me, 6, 7);
        expect(tooMuch.res.body).toMatchObject({ code: 409, msg: "积分不足，去互填里答别人的问卷赚积分吧" });
        expect(await space(me)).toMatchObject({ points: 43, frozen: 0 });
      });
      expect(await ledgerMismatches(t.db)).toEqual([]);
    });
  });
});
