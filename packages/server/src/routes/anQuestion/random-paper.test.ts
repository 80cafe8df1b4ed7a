import type { Question } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openPaper, type PaperOpen, publishNew, submitPaper } from "../../../test/answering.ts";
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

/** A bank of `count` single-choice questions (answer B), tagged 消防 on every other one. */
async function bankOf(user: BuiltUser, count: number): Promise<number> {
  const rows = Array.from({ length: count }, (_, i) => [
    `第${i + 1}题`,
    "单选题",
    "甲|乙|丙",
    "B",
    "5",
    "",
    i % 2 === 0 ? "消防" : "用电",
    "简单",
  ]);
  return insertBank(t, user, rows);
}

function randomExam(bankId: number) {
  return {
    schemaVersion: 1,
    kind: "exam",
    title: "安全知识随机考",
    pages: [{ id: "p1", questions: [{ id: "name", type: "text", title: "姓名", config: {} }] }],
    settings: {
      exam: { passMark: 10, paperRules: [{ bankId, tag: "消防", count: 3, points: 10 }] },
    },
  };
}

type Open = PaperOpen;
const open = (publicId: string, deviceId: string) => openPaper(t, publicId, deviceId);
const submit = (publicId: string, revisionId: number, deviceId: string, answers: Record<string, unknown>) =>
  submitPaper(t, publicId, revisionId, deviceId, answers);

const drawnIds = (data: Open) =>
  (data.definition?.pages.flatMap((p) => p.questions) ?? []).map((q) => q.id).filter((id) => id !== "name");

/** The option ids of B (the right answer) for every question of the paper. */
function rightAnswers(questions: Question[]): Record<string, unknown> {
  return Object.fromEntries(
    questions.map((q) => [q.id, { optionId: q.type === "single" ? q.config.options[1]?.id : undefined }]),
  );
}

describe("随机组卷", () => {
  it("draws each device its own paper by the rules, and a reload shows the same paper", async () => {
    const bankId = await bankOf(owner, 20);
    const q = await publishNew(t, owner, { kind: "exam", definition: randomExam(bankId) });
    const first = await open(q.publicId, "DeviceAAAA01");
    const ids = drawnIds(first);
    expect(ids).toHaveLength(3);
    // Answer keys stay on the server even for drawn questions.
    const drawn = first.definition?.pages[0]?.questions.slice(1) ?? [];
    expect(drawn.every((question) => question.scoring === undefined)).toBe(true);
    // Only 消防 questions (odd sheet rows: 第1题, 第3题 …) are drawn.
    for (const question of drawn) expect(Number(/\d+/.exec(question.title)?.[0]) % 2).toBe(1);

    expect(drawnIds(await open(q.publicId, "DeviceAAAA01"))).toEqual(ids);
    // The server-rendered page (cookie device) keeps its paper across reloads too.
    const page = async () => {
      const res = await t.app.inject({
        url: `/r/${q.publicId}`,
        headers: { cookie: "wjgj_did=DeviceBBBB02" },
      });
      return [...new Set(res.body.match(/bank_\d+/g) ?? [])].sort();
    };
    const rendered = await page();
    expect(rendered).toHaveLength(3);
    expect(await page()).toEqual(rendered);

    const others = new Set<string>();
    for (let i = 0; i < 6; i++) others.add(drawnIds(await open(q.publicId, `DeviceCCCC${i}0`)).join(","));
    expect(others.size).toBeGreaterThan(1);
  });

  it("grades each candidate against their own paper", async () => {
    const bankId = await bankOf(owner, 20);
    const q = await publishNew(t, owner, { kind: "exam", definition: randomExam(bankId) });
    const a = await open(q.publicId, "DeviceAAAA01");
    const b = await open(q.publicId, "DeviceBBBB02");
    const aQuestions = a.definition?.pages[0]?.questions.slice(1) ?? [];
    const bQuestions = b.definition?.pages[0]?.questions.slice(1) ?? [];

    const full = await submit(q.publicId, a.revisionId, "DeviceAAAA01", {
      name: "甲",
      ...rightAnswers(aQuestions),
    });
    expect(full.body.code, full.body.msg).toBe(200);
    const [firstB, ...restB] = bQuestions;
    const partial = await submit(q.publicId, b.revisionId, "DeviceBBBB02", {
      name: "乙",
      ...rightAnswers(firstB ? [firstB] : []),
      ...Object.fromEntries(restB.map((question) => [question.id, { optionId: "o1" }])),
    });
    expect(partial.body.code, partial.body.msg).toBe(200);
    const stored = await t.ctx.db
      .selectFrom("responses")
      .select(["deviceId", "score", "maxScore"])
      .where("questionnaireId", "=", q.id)
      .orderBy("id")
      .execute();
    expect(stored).toEqual([
      { deviceId: "DeviceAAAA01", score: 30, maxScore: 30 },
      { deviceId: "DeviceBBBB02", score: 10, maxScore: 30 },
    ]);

    // A device that never opened the exam has no paper to be graded against.
    const none = await submit(q.publicId, a.revisionId, "DeviceZZZZ09", { name: "丙" });
    expect(none.body).toMatchObject({ code: 409, msg: "没有找到您的试卷，请刷新页面后重新作答" });
  });

  it("keeps the drawn questions' points when an essay on the paper is graded by hand", async () => {
    const bankId = await bankOf(owner, 20);
    const definition = randomExam(bankId);
    definition.pages[0]?.questions.push({
      id: "essay",
      type: "textarea",
      title: "简述",
      config: {},
      scoring: { mode: "manual", points: 10 },
    } as never);
    const q = await publishNew(t, owner, { kind: "exam", definition });
    const paper = await open(q.publicId, "DeviceAAAA01");
    const drawn = (paper.definition?.pages[0]?.questions ?? []).filter((question) =>
      question.id.startsWith("bank_"),
    );
    const res = await submit(q.publicId, paper.revisionId, "DeviceAAAA01", {
      name: "甲",
      essay: "先报警，再疏散。",
      ...rightAnswers(drawn),
    });
    expect(res.body.code, res.body.msg).toBe(200);
    const graded = await call(t.app, "POST", "answer/gradeAnswer", {
      token: owner.token,
      json: { id: q.id, responseId: res.body.data.responseId, grades: [{ questionId: "essay", score: 7 }] },
    });
    expect(graded.body.code, graded.body.msg).toBe(200);
    const stored = await t.ctx.db
      .selectFrom("responses")
      .select(["score", "maxScore"])
      .where("questionnaireId", "=", q.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ score: 37, maxScore: 40 });
  });

  it("says so when the bank has too few matching questions, and draws only from the owner's banks", async () => {
    const small = await bankOf(owner, 4);
    const short = await publishNew(t, owner, { kind: "exam", definition: randomExam(small) });
    const res = await call(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: short.publicId, deviceId: "DeviceAAAA01" },
    });
    expect(res.body).toMatchObject({
      code: 409,
      msg: "题库中符合抽题规则的题目不足，暂时无法生成试卷，请联系出题人",
    });

    const stranger = await buildUser(t);
    const theirs = await bankOf(stranger, 20);
    const borrowed = await publishNew(t, owner, { kind: "exam", definition: randomExam(theirs) });
    const denied = await call(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: borrowed.publicId, deviceId: "DeviceAAAA01" },
    });
    expect(denied.body.code).toBe(409);
    const papers = await t.ctx.db.selectFrom("exam_papers").select("id").execute();
    expect(papers).toEqual([]);
  });
});
