import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publishNew } from "../../../test/answering.ts";
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

const EXPLANATION = "119 是火警电话，110 是报警电话。";

/** Three judged questions (pick one, pick many, fill in) and an essay practice cannot judge. */
function practiceExam() {
  return {
    schemaVersion: 1,
    kind: "exam",
    title: "消防安全刷题",
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "q1",
            type: "single",
            title: "发生火灾时应拨打",
            config: {
              options: [
                { id: "a", label: "110" },
                { id: "b", label: "119", correct: true },
              ],
            },
            scoring: { mode: "single", points: 5 },
            explanation: EXPLANATION,
          },
          {
            id: "q2",
            type: "multiple",
            title: "哪些可以用来灭油锅火",
            config: {
              options: [
                { id: "lid", label: "锅盖", correct: true },
                { id: "water", label: "水" },
                { id: "sand", label: "沙土", correct: true },
              ],
            },
            scoring: { mode: "allOrNothing", points: 5 },
          },
          {
            id: "q3",
            type: "text",
            title: "灭火器上的压力表指针应在哪个颜色区",
            config: {},
            scoring: {
              mode: "text",
              points: 5,
              accepted: ["绿色", "绿区"],
              match: "exact",
              ignoreCase: true,
              ignoreSpaces: true,
            },
          },
          {
            id: "q4",
            type: "textarea",
            title: "请简述逃生要点",
            config: {},
            scoring: { mode: "manual", points: 5 },
          },
        ],
      },
    ],
    settings: {},
  };
}

async function sharedExam(open = true) {
  const q = await publishNew(t, owner, { kind: "exam", definition: practiceExam() });
  const set = await call(t.app, "POST", "questionary/updateQuestionarySet", {
    token: owner.token,
    json: { id: q.id, settings: { practiceOpen: open } },
  });
  expect(set.body.code, JSON.stringify(set.body)).toBe(200);
  return q;
}

type Progress = { answered: Record<string, boolean>; wrong: string[] };

function openExercise(publicId: string, extra: { deviceId?: string; token?: string } = {}) {
  return call<{ title: string; questions: { id: string; answerKind: string }[]; progress: Progress }>(
    t.app,
    "GET",
    "exercise/getExercise",
    { params: { publicId, ...(extra.deviceId ? { deviceId: extra.deviceId } : {}) }, token: extra.token },
  );
}

function check(
  publicId: string,
  questionId: string,
  answer: object,
  extra: { deviceId?: string; token?: string } = {},
) {
  return call<{
    correct: boolean;
    correctOptionIds: string[];
    acceptedAnswers: string[];
    explanation: string;
    progress: Progress;
  }>(t.app, "POST", "exercise/checkExerciseAnswer", {
    json: { publicId, questionId, answer, ...(extra.deviceId ? { deviceId: extra.deviceId } : {}) },
    token: extra.token,
  });
}

const DEVICE = "device-practice-01";

describe("刷题 (exercise/*)", () => {
  it("gives the judged questions without their key, then a verdict, the key and 答案解析 per answer", async () => {
    const q = await sharedExam();
    const opened = await openExercise(q.publicId, { deviceId: DEVICE });
    expect(opened.body.code, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data.questions.map((x) => [x.id, x.answerKind])).toEqual([
      ["q1", "single"],
      ["q2", "multiple"],
      ["q3", "text"],
    ]);
    const sent = JSON.stringify(opened.body.data);
    expect(sent).not.toContain("correct");
    expect(sent).not.toContain(EXPLANATION);
    expect(sent).not.toContain("绿区");
    expect(opened.body.data.progress).toEqual({ answered: {}, wrong: [] });

    const wrong = await check(q.publicId, "q1", { optionIds: ["a"] }, { deviceId: DEVICE });
    expect(wrong.body.data).toMatchObject({
      correct: false,
      correctOptionIds: ["b"],
      explanation: EXPLANATION,
      progress: { answered: { q1: false }, wrong: ["q1"] },
    });
    const half = await check(q.publicId, "q2", { optionIds: ["lid"] }, { deviceId: DEVICE });
    expect(half.body.data).toMatchObject({ correct: false, correctOptionIds: ["lid", "sand"] });
    const typed = await check(q.publicId, "q3", { text: " 绿 区 " }, { deviceId: DEVICE });
    expect(typed.body.data).toMatchObject({ correct: true, acceptedAnswers: ["绿色", "绿区"] });
    expect(typed.body.data.progress.wrong).toEqual(["q1", "q2"]);

    // The book survives a reload on this device; answering right takes the question out of it.
    expect((await openExercise(q.publicId, { deviceId: DEVICE })).body.data.progress.wrong).toEqual([
      "q1",
      "q2",
    ]);
    const right = await check(q.publicId, "q1", { optionIds: ["b"] }, { deviceId: DEVICE });
    expect(right.body.data.progress).toEqual({ answered: { q1: true, q2: false, q3: true }, wrong: ["q2"] });
    // Another device starts empty.
    expect(
      (await openExercise(q.publicId, { deviceId: "device-practice-02" })).body.data.progress.wrong,
    ).toEqual([]);
  });

  it("keeps a logged-in learner's progress with the account, whatever the device", async () => {
    const q = await sharedExam();
    const learner = await buildUser(t);
    await check(q.publicId, "q1", { optionIds: ["a"] }, { token: learner.token, deviceId: "phone-aaaaaaaa" });
    const elsewhere = await openExercise(q.publicId, { token: learner.token, deviceId: "laptop-bbbbbbbb" });
    expect(elsewhere.body.data.progress.wrong).toEqual(["q1"]);
    expect((await openExercise(q.publicId, { deviceId: "phone-aaaaaaaa" })).body.data.progress.wrong).toEqual(
      [],
    );
  });

  it("is closed unless the creator shares the exam for practice, and refuses bad input in Chinese", async () => {
    const closed = await sharedExam(false);
    const refused = await openExercise(closed.publicId, { deviceId: DEVICE });
    expect(refused.body).toMatchObject({ code: 404, msg: "该试卷未开放练习，请联系出题人" });
    const peek = await check(closed.publicId, "q1", { optionIds: ["b"] }, { deviceId: DEVICE });
    expect(peek.body.code).toBe(404);
    expect(JSON.stringify(peek.body)).not.toContain(EXPLANATION);
    expect(await t.db.selectFrom("practice_progress").selectAll().execute()).toEqual([]);

    const q = await sharedExam();
    expect((await openExercise(q.publicId)).body).toMatchObject({
      code: 400,
      msg: "设备标识无效，请刷新页面后再试",
    });
    expect((await check(q.publicId, "q4", { text: "快跑" }, { deviceId: DEVICE })).body).toMatchObject({
      code: 404,
      msg: "这道题不在练习中，请刷新后再试",
    });
    expect((await check(q.publicId, "q1", { optionIds: "b" }, { deviceId: DEVICE })).body).toMatchObject({
      code: 400,
      msg: "答案格式有误，请重新作答",
    });
    // A survey has no answer key to practise, even when the setting is on.
    const survey = await publishNew(t, owner, {
      kind: "survey",
      definition: { ...practiceExam(), kind: "survey" },
    });
    await call(t.app, "POST", "questionary/updateQuestionarySet", {
      token: owner.token,
      json: { id: survey.id, settings: { practiceOpen: true } },
    });
    expect((await openExercise(survey.publicId, { deviceId: DEVICE })).body.code).toBe(404);
  });
});
