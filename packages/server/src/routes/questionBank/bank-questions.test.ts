import type { Question } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openPaper, publishNew, submitPaper } from "../../../test/answering.ts";
import { insertBank } from "../../../test/banks.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

type Item = { id: number; question: Question; tags: string[]; difficulty: number };

async function newBank(name: string, user = owner) {
  const res = await call<{ id: number }>(t.app, "POST", "questionBank/addBank", {
    token: user.token,
    params: { name },
  });
  return res.body.data.id;
}

const post = <T = unknown>(path: string, json: unknown, token = owner.token) =>
  call<T>(t.app, "POST", `questionBank/${path}`, { token, json });

async function listOf(id: number, filter: Record<string, string | number> = {}, token = owner.token) {
  const res = await call<Item[]>(t.app, "GET", "questionBank/getBankQuestionList", {
    token,
    params: { id, ...filter },
  });
  return res.body;
}

const fire = {
  id: "draft1",
  type: "single",
  title: "发生火灾时应拨打",
  config: {
    options: [
      { id: "o1", label: "110" },
      { id: "o2", label: "119", correct: true },
      { id: "o3", label: "120" },
    ],
  },
  scoring: { mode: "single", points: 5 },
  explanation: "119 是火警电话",
};
const socket = {
  id: "draft2",
  type: "trueFalse",
  title: "插座冒烟时应先断电",
  config: {
    options: [
      { id: "true", label: "对", correct: true },
      { id: "false", label: "错" },
    ],
  },
  scoring: { mode: "single", points: 2 },
};
const gauge = {
  id: "draft3",
  type: "text",
  title: "灭火器压力表指针应在什么颜色区",
  config: {},
  scoring: { mode: "text", points: 3, accepted: ["绿色", "绿区"] },
};

describe("题库 question editor API", () => {
  it("adds a question with its key, explanation, tags and difficulty, and edits it in place", async () => {
    const bank = await newBank("消防题库");
    const added = await post<Item>("addBankQuestion", {
      id: bank,
      question: fire,
      tags: ["消防", " 常识 ", "消防"],
      difficulty: 2,
    });
    expect(added.body.code, added.body.msg).toBe(200);
    const [stored] = (await listOf(bank)).data;
    // Everything the drawer shows: options with the answer marked, explanation, points, tags, difficulty.
    expect(stored).toMatchObject({
      id: added.body.data.id,
      tags: ["消防", "常识"],
      difficulty: 2,
      question: {
        title: "发生火灾时应拨打",
        explanation: "119 是火警电话",
        scoring: { mode: "single", points: 5 },
        config: { options: [{ label: "110" }, { label: "119", correct: true }, { label: "120" }] },
      },
    });
    // The server names the question; the editor's draft id is not kept.
    expect(stored?.question.id).not.toBe("draft1");

    const edited = await post<Item>("updateBankQuestion", {
      id: bank,
      questionId: added.body.data.id,
      question: { ...fire, title: "火警电话是", scoring: { mode: "single", points: 8 } },
      tags: ["常识"],
      difficulty: 1,
    });
    expect(edited.body.code, edited.body.msg).toBe(200);
    const after = (await listOf(bank)).data;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: added.body.data.id,
      tags: ["常识"],
      difficulty: 1,
      question: { id: stored?.question.id, title: "火警电话是", scoring: { points: 8 } },
    });
  });

  it("refuses a question that cannot be judged, naming the fault, and stores nothing", async () => {
    const bank = await newBank("消防题库");
    const cases: [unknown, string][] = [
      [{ ...fire, scoring: undefined }, "请设置计分方式和正确答案：题库中的题目都要能判分"],
      [
        { ...fire, config: { options: fire.config.options.map(({ id, label }) => ({ id, label })) } },
        "请勾选至少一个正确答案",
      ],
      [
        { ...gauge, scoring: { ...gauge.scoring, accepted: [] } },
        "填空题缺少参考答案，多个参考答案用 | 分隔",
      ],
      [{ ...fire, title: "" }, "缺少题目标题"],
      [
        { id: "x", type: "star", title: "打分", config: {} },
        "题库只收单选题、多选题、判断题和填空题，不收“星级评分”",
      ],
    ];
    for (const [question, message] of cases) {
      const res = await post("addBankQuestion", { id: bank, question, tags: [], difficulty: 1 });
      expect(res.body).toMatchObject({
        code: 400,
        msg: message,
        data: { errors: [{ field: "question", message }] },
      });
    }
    const tags = await post("addBankQuestion", {
      id: bank,
      question: fire,
      tags: Array.from({ length: 11 }, (_, i) => `标签${i}`),
    });
    expect(tags.body).toMatchObject({ code: 400, msg: "标签最多10个，每个1-20个字" });
    expect((await listOf(bank)).data).toEqual([]);
  });

  it("filters by tag, difficulty and keyword, and lists the bank's tags", async () => {
    const bank = await newBank("消防题库");
    await post("addBankQuestion", { id: bank, question: fire, tags: ["消防", "常识"], difficulty: 1 });
    await post("addBankQuestion", { id: bank, question: socket, tags: ["用电"], difficulty: 2 });
    await post("addBankQuestion", { id: bank, question: gauge, tags: ["消防", "器材"], difficulty: 3 });
    const titles = async (filter: Record<string, string | number>) =>
      (await listOf(bank, filter)).data.map((item) => item.question.title);
    expect(await titles({})).toHaveLength(3);
    expect(await titles({ tag: "消防" })).toEqual(["发生火灾时应拨打", "灭火器压力表指针应在什么颜色区"]);
    expect(await titles({ tag: "消防", difficulty: 3 })).toEqual(["灭火器压力表指针应在什么颜色区"]);
    expect(await titles({ difficulty: 2 })).toEqual(["插座冒烟时应先断电"]);
    // Words anywhere in the question: the title, an option, a reference answer or the explanation.
    expect(await titles({ keyword: "火警" })).toEqual(["发生火灾时应拨打"]);
    expect(await titles({ keyword: "绿区" })).toEqual(["灭火器压力表指针应在什么颜色区"]);
    // An untouched filter field arrives as "" from a form: no filter.
    expect(await titles({ tag: "", difficulty: "", keyword: "" })).toHaveLength(3);
    expect((await listOf(bank, { difficulty: 4 })).msg).toBe("难度应为简单、中等或困难");

    const tags = await call<{ tag: string; count: number }[]>(t.app, "GET", "questionBank/getBankTags", {
      token: owner.token,
      params: { id: bank },
    });
    expect(tags.body.data).toEqual([
      { tag: "消防", count: 2 },
      { tag: "常识", count: 1 },
      { tag: "器材", count: 1 },
      { tag: "用电", count: 1 },
    ]);
  });

  it("deletes and moves chosen questions, all or none, only between the owner's banks", async () => {
    const bank = await newBank("消防题库");
    const other = await newBank("用电题库");
    const ids: number[] = [];
    for (const question of [fire, socket, gauge]) {
      ids.push((await post<Item>("addBankQuestion", { id: bank, question, tags: [] })).body.data.id);
    }
    const [a, b, c] = ids as [number, number, number];

    const moved = await post("moveBankQuestions", { id: bank, questionIds: [c, b], toBankId: other });
    expect(moved.body).toMatchObject({ code: 200, data: { moved: 2 } });
    // They keep their ids and their bank order, at the end of the target bank.
    expect((await listOf(other)).data.map((item) => item.id)).toEqual([b, c]);
    expect((await listOf(bank)).data.map((item) => item.id)).toEqual([a]);
    const same = await post("moveBankQuestions", { id: other, questionIds: [b], toBankId: other });
    expect(same.body).toMatchObject({ code: 400, msg: "请选择另一个题库" });

    // A stale selection (one id no longer in the bank) changes nothing.
    const stale = await post("delBankQuestions", { id: other, questionIds: [b, a] });
    expect(stale.body).toMatchObject({ code: 404, msg: "题目不存在或已删除，请刷新后再试" });
    expect((await listOf(other)).data).toHaveLength(2);
    const deleted = await post("delBankQuestions", { id: other, questionIds: [b, c] });
    expect(deleted.body).toMatchObject({ code: 200, data: { deleted: 2 } });
    expect((await listOf(other)).data).toEqual([]);
    expect((await post("delBankQuestions", { id: bank, questionIds: [] })).body.msg).toBe(
      "请选择1-500道题目",
    );

    // Another user reaches none of it: their calls are 题库不存在 and leave the banks as they were.
    const stranger = await buildUser(t);
    const theirs = await newBank("别人的题库", stranger);
    const refused = [
      await post("addBankQuestion", { id: bank, question: fire }, stranger.token),
      await post("updateBankQuestion", { id: bank, questionId: a, question: fire }, stranger.token),
      await post("delBankQuestions", { id: bank, questionIds: [a] }, stranger.token),
      await post("moveBankQuestions", { id: bank, questionIds: [a], toBankId: theirs }, stranger.token),
      // Nor can the owner move a question into someone else's bank.
      await post("moveBankQuestions", { id: bank, questionIds: [a], toBankId: theirs }),
    ];
    for (const res of refused) expect(res.body).toMatchObject({ code: 404, msg: "题库不存在或已删除" });
    expect((await listOf(bank, {}, stranger.token)).code).toBe(404);
    expect(
      (
        await call(t.app, "GET", "questionBank/getBankTags", {
          token: stranger.token,
          params: { id: bank },
        })
      ).body.code,
    ).toBe(404);
    expect((await listOf(bank)).data).toMatchObject([{ id: a, question: { title: "发生火灾时应拨打" } }]);
    expect((await listOf(theirs, {}, stranger.token)).data).toEqual([]);
    // Editing a question of another bank through this one's id is 题目不存在.
    const elsewhere = await post("updateBankQuestion", { id: other, questionId: a, question: fire });
    expect(elsewhere.body).toMatchObject({ code: 404, msg: "题目不存在或已删除，请刷新后再试" });
  });

  it("leaves drawn 随机组卷 papers as they were when their bank questions are edited or deleted", async () => {
    const bank = await insertBank(t, owner, [
      ["第1题", "单选题", "甲|乙|丙", "B", "5", "", "消防", "简单"],
      ["第2题", "单选题", "甲|乙|丙", "B", "5", "", "消防", "简单"],
    ]);
    const exam = await publishNew(t, owner, {
      kind: "exam",
      definition: {
        schemaVersion: 1,
        kind: "exam",
        title: "随机考",
        pages: [{ id: "p1", questions: [{ id: "name", type: "text", title: "姓名", config: {} }] }],
        settings: { exam: { paperRules: [{ bankId: bank, count: 2, points: 10 }] } },
      },
    });
    const before = await openPaper(t, exam.publicId, "DeviceAAAA01");
    const drawn = (before.definition?.pages[0]?.questions ?? []).filter((q) => q.id.startsWith("bank_"));
    expect(drawn.map((q) => q.title).sort()).toEqual(["第1题", "第2题"]);

    const items = (await listOf(bank)).data;
    const [first, second] = items as [Item, Item];
    // The owner rewrites the first (now answer 丙, new title) and deletes the second.
    const options = (first.question.config as { options: { id: string; label: string }[] }).options;
    const rewritten = await post("updateBankQuestion", {
      id: bank,
      questionId: first.id,
      question: {
        ...first.question,
        title: "改过的第1题",
        config: {
          options: options.map((o, i) => ({
            id: o.id,
            label: o.label,
            ...(i === 2 ? { correct: true } : {}),
          })),
        },
      },
      tags: ["消防"],
      difficulty: 1,
    });
    expect(rewritten.body.code, rewritten.body.msg).toBe(200);
    expect((await post("delBankQuestions", { id: bank, questionIds: [second.id] })).body.code).toBe(200);

    // The candidate who drew before sees the same paper and is graded by the key it was drawn with.
    const again = await openPaper(t, exam.publicId, "DeviceAAAA01");
    expect(again.definition).toEqual(before.definition);
    const answers = Object.fromEntries([
      ["name", "甲"],
      ...drawn.map((q) => [q.id, { optionId: q.type === "single" ? q.config.options[1]?.id : undefined }]),
    ]);
    const submitted = await submitPaper(t, exam.publicId, before.revisionId, "DeviceAAAA01", answers);
    expect(submitted.body.code, submitted.body.msg).toBe(200);
    const response = await t.ctx.db
      .selectFrom("responses")
      .select(["score", "maxScore"])
      .where("questionnaireId", "=", exam.id)
      .executeTakeFirstOrThrow();
    expect(response).toEqual({ score: 20, maxScore: 20 });

    // A new candidate draws from the bank as it is now: one question left, fewer than the rule's two.
    const late = await call(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: exam.publicId, deviceId: "DeviceBBBB02" },
    });
    expect(late.body.msg).toContain("题库中符合抽题规则的题目不足");
  });
});
