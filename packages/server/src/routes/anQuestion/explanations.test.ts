import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openAnswering, publishNew } from "../../../test/answering.ts";
import { type BuiltUser, buildUser, sampleDefinition } from "../../../test/factories.ts";
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

const EXPLANATION = "火警电话是119；110是报警电话。";

/** The sample exam with a 答案解析 on its first question and the given result settings. */
function examWith(exam: Record<string, unknown>) {
  const definition = sampleDefinition();
  const [q1, q2] = definition.pages[0]?.questions ?? [];
  return {
    ...definition,
    pages: [{ id: "p1", questions: [{ ...q1, explanation: EXPLANATION }, q2] }],
    settings: { exam: { ...definition.settings.exam, ...exam } },
  };
}

async function published(definition: object, kind: "exam" | "survey" = "exam") {
  const q = await publishNew(t, owner, { kind, definition });
  return { q, ...(await openAnswering(t, q.publicId)) };
}

type Reply = { exam: { answerKey?: unknown; explanations?: Record<string, string> } | null };

let seq = 0;
async function submitRight(opened: Awaited<ReturnType<typeof published>>) {
  seq += 1;
  const res = await call<Reply>(t.app, "POST", "anQuestion/questionAnswer", {
    json: {
      publicId: opened.q.publicId,
      revisionId: opened.revisionId,
      answerToken: opened.answerToken,
      answers: { q1: { optionId: "b" }, q2: "低姿弯腰，捂住口鼻" },
      idempotencyKey: `explain-key-${seq}`,
    },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe("答案解析", () => {
  it("is withheld from getQuestionary and the preview, like the answer key", async () => {
    const opened = await published(examWith({ showAnswersAfterSubmit: true }));
    expect(JSON.stringify(opened.definition)).not.toContain(EXPLANATION);
    expect(JSON.stringify(opened.definition)).not.toMatch(/"explanation"/);
    const preview = await call(t.app, "GET", "anQuestion/getPreviewQuestionary", {
      token: owner.token,
      params: { publicId: opened.q.publicId },
    });
    expect(preview.body.code).toBe(200);
    expect(JSON.stringify(preview.body.data)).not.toContain(EXPLANATION);
    // Even a survey, which keeps its options' scores, never sends explanations with the questions.
    const survey = await published({ ...examWith({}), kind: "survey", settings: {} }, "survey");
    expect(JSON.stringify(survey.definition)).toMatch(/"correct":true/);
    expect(JSON.stringify(survey.definition)).not.toContain(EXPLANATION);
  });

  it("comes back with the result only when the creator shows correct answers", async () => {
    const shown = await submitRight(await published(examWith({ showAnswersAfterSubmit: true })));
    expect(shown.exam).toMatchObject({ answerKey: { q1: ["b"] }, explanations: { q1: EXPLANATION } });

    // A fill-in's reference answers come with the key (the thank-you page shows them beside what was typed).
    const withFill = examWith({ showAnswersAfterSubmit: true });
    withFill.pages[0]?.questions.push({
      id: "q3",
      type: "text",
      title: "灭火器指针应在",
      config: {},
      scoring: { mode: "text", points: 2, accepted: ["绿区", "绿色"], match: "exact" },
    } as never);
    expect((await submitRight(await published(withFill))).exam).toMatchObject({
      textKeys: { q3: "绿区 或 绿色" },
    });

    const scoreOnly = await submitRight(await published(examWith({ showAnswersAfterSubmit: false })));
    expect(scoreOnly.exam).not.toHaveProperty("textKeys");
    expect(scoreOnly.exam).not.toBeNull();
    expect(scoreOnly.exam).not.toHaveProperty("explanations");
    expect(scoreOnly.exam).not.toHaveProperty("answerKey");

    const nothing = await submitRight(
      await published(examWith({ showScoreAfterSubmit: false, showAnswersAfterSubmit: true })),
    );
    expect(nothing.exam).toBeNull();
    expect(JSON.stringify(nothing)).not.toContain(EXPLANATION);
  });
});

describe("显示每题分值", () => {
  it("sends each question's full points beside the paper when the exam shows them, never the answer key", async () => {
    const opened = await openAnswering<{ definition: unknown; points?: Record<string, number> }>(
      t,
      (await published(examWith({ showPointsOnPaper: true }))).q.publicId,
    );
    expect(opened.points).toEqual({ q1: 4 });
    expect(JSON.stringify(opened.definition)).not.toMatch(/"scoring"|"correct"/);
    const preview = await call<{ points?: Record<string, number> }>(
      t.app,
      "GET",
      "anQuestion/getPreviewQuestionary",
      {
        token: owner.token,
        params: { publicId: (await published(examWith({ showPointsOnPaper: true }))).q.publicId },
      },
    );
    expect(preview.body.data.points).toEqual({ q1: 4 });
    // Off (the default): no points go out.
    const hidden = await published(examWith({}));
    expect(hidden).not.toHaveProperty("points");
  });
});
