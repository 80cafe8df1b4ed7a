import type { AnswerDetail, ExamReport } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { examWith, insertCandidate, right, started, submitAttempt } from "../../../test/exam-attempts.ts";
import { csvRows } from "../../../test/export-fixtures.ts";
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

    // The spreadsheets: 考生姓名 and 准考证号 after 总分, masked unless made with personal data in full.
    const [header = [], masked = []] = await csvRows(t, q.id, null);
    const at = header.indexOf("考生姓名");
    expect(header.slice(at - 1, at + 2)).toEqual(["总分", "考生姓名", "准考证号"]);
    expect(masked.slice(at, at + 2)).toEqual(["张**", "****0101"]);
    const [, full = []] = await csvRows(t, q.id, { fullPersonal: true });
    expect(full.slice(at, at + 2)).toEqual(["张三丰", "20240101"]);
  });

  it("adds no 考生 columns to the spreadsheets of an exam without a list", async () => {
    const q = await examWith(t, owner, {});
    const s = await started(t, q.publicId);
    expect((await submitAttempt(t, q.publicId, s, right)).body.code).toBe(200);
    const [header = []] = await csvRows(t, q.id, null);
    expect(header).not.toContain("考生姓名");
    expect(header).toContain("总分");
  });
});
