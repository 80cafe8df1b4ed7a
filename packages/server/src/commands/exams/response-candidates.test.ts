import type { AnswerDetail, ExamReport } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { examWith, insertCandidate, right, started, submitAttempt } from "../../../test/exam-attempts.ts";
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

describe("the candidate's identity on a response (issue #40)", () => {
  it("is in the response viewer and the exam ranking, masked like the list", async () => {
    const q = await examWith(t, owner, { candidatesOnly: true });
    const candidate = await insertCandidate(t, q.id, "张三丰", "20240101");
    const s = await started(t, q.publicId, { candidateToken: candidate.token });
    await call(t.app, "POST", "exam/event", {
      json: { attemptToken: s.attempt.attemptToken, kind: "switch" },
    });
    const submitted = await submitAttempt(t, q.publicId, s, right);
    expect(submitted.body.code, submitted.body.msg).toBe(200);
    const responseId = submitted.body.data.responseId;

    const detail = await call<AnswerDetail>(t.app, "GET", "answer/getAnswerDetail", {
      token: owner.token,
      params: { id: q.id, responseId },
    });
    expect(detail.body.code, detail.body.msg).toBe(200);
    expect(detail.body.data.candidate).toMatchObject({
      name: "张**",
      number: "****0101",
      attemptNo: 1,
      switches: 1,
      endedReason: null,
    });

    const report = await call<ExamReport>(t.app, "POST", "statistics/getExamReport", {
      token: owner.token,
      json: { id: q.id },
    });
    expect(report.body.code, report.body.msg).toBe(200);
    expect(report.body.data.ranking.list.map((row) => row.name)).toEqual(["张**（****0101）"]);
  });
});
