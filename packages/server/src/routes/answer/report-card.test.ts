import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishNew, submitAnswers } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser, sampleDefinition } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { pdfText } from "../../../test/pdf-text.ts";

let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

/** The sample exam with a 姓名 question first. */
function namedExam() {
  const definition = sampleDefinition("消防安全考试");
  const [page] = definition.pages;
  return {
    ...definition,
    pages: [
      {
        id: "p1",
        questions: [{ id: "name", type: "text", title: "姓名", config: {} }, ...(page?.questions ?? [])],
      },
    ],
  };
}

function fetchCard(id: number, responseId: number, token: string) {
  return t.app.inject({
    method: "GET",
    url: `/wjgj/api/answer/getReportCardPdf?id=${id}&responseId=${responseId}`,
    headers: { token },
  });
}

describe("one candidate's 成绩单 as a PDF", () => {
  it("answers application/pdf with the candidate's name, score and each question's score", async () => {
    const q = await publishNew(t, owner, namedExam());
    const responseId = await submitAnswers(t, q.publicId, {
      name: "李小明",
      q1: { optionId: "b" },
      q2: "弯腰",
    });
    const res = await fetchCard(q.id, responseId, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(String(res.headers["content-disposition"])).toContain(".pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.rawPayload);
    expect(text).toContain("消防安全考试");
    expect(text).toContain("考生姓名：李小明");
    expect(text).toContain("总分：4 / 4 分");
    expect(text).toContain("及格分：3 分，通过");
    expect(text).toContain("发生火灾时应拨打　4 / 4 分（正确）");
  });

  it("is refused to another user and to a response of another questionnaire", async () => {
    const q = await publishNew(t, owner, namedExam());
    const responseId = await submitAnswers(t, q.publicId, { name: "王芳", q1: { optionId: "a" } });
    const stranger = await buildUser(t);
    const refused = await fetchCard(q.id, responseId, stranger.token);
    expect(refused.headers["content-type"]).toContain("application/json");
    expect(refused.json().code).not.toBe(200);
    expect(refused.rawPayload.toString("utf8")).not.toContain("%PDF");

    const other = await publishNew(t, owner, namedExam());
    const mismatched = await fetchCard(other.id, responseId, owner.token);
    expect(mismatched.json()).toMatchObject({ code: 404, msg: "答卷不存在或不属于该问卷" });
    const anonymous = await t.app.inject({
      method: "GET",
      url: `/wjgj/api/answer/getReportCardPdf?id=${q.id}&responseId=${responseId}`,
    });
    expect(anonymous.json().code).toBe(303);
  });
});
