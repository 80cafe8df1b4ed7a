import type { AnswerDetail, Question } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPaper, publishNew, submitPaper } from "../../../test/answering.ts";
import { insertBank } from "../../../test/banks.ts";
import { download, parseCsv, readSheet, runExport } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

// 随机组卷 in exports (issue #33): each candidate's drawn bank questions, with their answer, score and the
// right answer, one column block per bank question anyone drew, agreeing with the response viewer.

let t: TestContext;
let owner: BuiltUser;
let questionnaireId: number;
/** Per candidate: the response and the paper it answered. */
const candidates: { responseId: number; drawn: Question[]; answers: Record<string, unknown> }[] = [];

/** Six bank questions 第1题…第6题 (甲 乙 丙, right answer 乙, 10 points each); a paper draws two. */
const BANK_ROWS = Array.from({ length: 6 }, (_, i) => [
  `第${i + 1}题`,
  "单选题",
  "甲|乙|丙",
  "B",
  "10",
  "",
  "消防",
  "简单",
]);

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  const bankId = await insertBank(t, owner, BANK_ROWS);
  const q = await publishNew(t, owner, {
    kind: "exam",
    definition: {
      schemaVersion: 1,
      kind: "exam",
      title: "随机组卷导出",
      pages: [{ id: "p1", questions: [{ id: "name", type: "text", title: "姓名", config: {} }] }],
      settings: { exam: { paperRules: [{ bankId, tag: "消防", count: 2, points: 10 }] } },
    },
  });
  questionnaireId = q.id;
  // Five candidates: each answers 乙 (right) on their first drawn question and 丙 (wrong) on the second.
  for (let i = 0; i < 5; i += 1) {
    const deviceId = `PaperDevice${i}`;
    const paper = await openPaper(t, q.publicId, deviceId);
    const drawn = (paper.definition?.pages.flatMap((p) => p.questions) ?? []).filter((x) => x.id !== "name");
    const choose = (question: Question, label: string) => ({
      optionId: (question.config as { options: { id: string; label: string }[] }).options.find(
        (o) => o.label === label,
      )?.id,
    });
    const answers: Record<string, unknown> = { name: `考生${i}` };
    if (drawn[0]) answers[drawn[0].id] = choose(drawn[0], "乙");
    if (drawn[1]) answers[drawn[1].id] = choose(drawn[1], "丙");
    const res = await submitPaper(t, q.publicId, paper.revisionId, deviceId, answers);
    expect(res.body.code, res.body.msg).toBe(200);
    candidates.push({ responseId: res.body.data.responseId, drawn, answers });
  }
});
afterAll(async () => {
  await t.close();
});

/** The title 第n题 of a drawn question, and its bank order n. */
const bankOrder = (title: string) => Number(/第(\d+)题/.exec(title)?.[1]);

async function exported(kind: "xlsx" | "csv"): Promise<unknown[][]> {
  const job = await runExport(t, owner, questionnaireId, kind);
  expect(job).toMatchObject({ status: "done", error: "" });
  const file = await download(t, owner.token, questionnaireId, job.id);
  // The CSV starts with a byte-order mark so Excel reads it as UTF-8.
  return kind === "xlsx" ? readSheet(file.rawPayload) : parseCsv(file.rawPayload.toString("utf8").slice(1));
}

describe("an exam with 随机组卷, exported", () => {
  it("has a block of 答案, 得分 and 正确答案 per bank question anyone drew, in bank order, after the fixed ones", async () => {
    const [headers] = await exported("xlsx");
    const drawnTitles = [...new Set(candidates.flatMap((c) => c.drawn.map((q) => q.title)))].sort(
      (a, b) => bankOrder(a) - bankOrder(b),
    );
    expect(drawnTitles.length).toBeGreaterThan(2);
    expect(headers?.slice(headers.indexOf("1、姓名"))).toEqual([
      "1、姓名",
      ...drawnTitles.flatMap((title, i) => [
        `随机题${i + 1}、${title}`,
        `随机题${i + 1}、${title}—得分`,
        `随机题${i + 1}、${title}—正确答案`,
      ]),
    ]);
  });

  it.each(["xlsx", "csv"] as const)(
    "%s: each candidate's row holds their drawn questions' answers and scores, as the viewer shows them, empty where not drawn",
    async (kind) => {
      const [headers = [], ...rows] = await exported(kind);
      const column = (header: string) => headers.indexOf(header);
      const cell = (value: unknown) =>
        value === undefined || value === null || value === "" ? null : String(value);
      for (const candidate of candidates) {
        const row = rows.find((r) => String(r[1]) === String(candidate.responseId));
        expect(row, `row of response ${candidate.responseId}`).toBeDefined();
        const detail = await call<AnswerDetail>(t.app, "POST", "answer/getAnswerDetail", {
          token: owner.token,
          json: { id: questionnaireId, responseId: candidate.responseId },
        });
        expect(detail.body.code, detail.body.msg).toBe(200);
        const viewerScores = new Map(detail.body.data.exam?.questions.map((q) => [q.questionId, q.score]));
        const drawnIds = new Set(candidate.drawn.map((q) => q.id));
        for (const header of headers as string[]) {
          const match = /^随机题\d+、(第\d+题)(—得分|—正确答案)?$/.exec(header);
          if (!match) continue;
          const question = candidate.drawn.find((q) => q.title === match[1]);
          const value = cell(row?.[column(header)]);
          if (!question) {
            expect(value, `${header} of a candidate who did not draw it`).toBeNull();
            continue;
          }
          expect(drawnIds.has(question.id)).toBe(true);
          if (match[2] === "—得分") {
            expect(value).toBe(String(viewerScores.get(question.id)));
          } else if (match[2] === "—正确答案") {
            expect(value).toBe("乙");
          } else {
            const chosen = (question.config as { options: { id: string; label: string }[] }).options.find(
              (o) => o.id === (candidate.answers[question.id] as { optionId: string }).optionId,
            );
            expect(value).toBe(chosen?.label ?? null);
          }
        }
        // Right on the first drawn question, wrong on the second: 10 and 0, as the viewer says.
        expect(candidate.drawn.map((q) => viewerScores.get(q.id))).toEqual([10, 0]);
      }
    },
  );
});
