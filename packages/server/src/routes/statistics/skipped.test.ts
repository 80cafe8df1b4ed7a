import type { AnswerDetail, QuestionStatisticsResult } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { download, publishNew, readSheet, runExport, submitAnswers } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { backfillSkipped } from "../../db/migrations/0011-skipped-facts.ts";

/**
 * 跳过 vs 未作答: `company` shows only for 上班族 (show logic), `stop` = 是 ends the questionnaire (a jump) so
 * `tail` on page 2 is never seen; `note` is optional and seen by everyone, so leaving it out is 未作答.
 */
const definition = {
  schemaVersion: 1,
  kind: "survey",
  title: "跳过与未作答",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "role",
          type: "single",
          title: "身份",
          required: true,
          config: {
            options: [
              { id: "s", label: "学生" },
              { id: "w", label: "上班族" },
            ],
          },
        },
        {
          id: "company",
          type: "text",
          title: "工作单位",
          showIf: { kind: "selected", questionId: "role", optionIds: ["w"], match: "any" },
          config: {},
        },
        { id: "note", type: "text", title: "备注", config: {} },
        {
          id: "stop",
          type: "single",
          title: "到此结束？",
          required: true,
          config: {
            options: [
              { id: "y", label: "是" },
              { id: "n", label: "否" },
            ],
          },
          jumps: [
            {
              when: { kind: "selected", questionId: "stop", optionIds: ["y"], match: "any" },
              target: { kind: "submit" },
            },
          ],
        },
      ],
    },
    { id: "p2", questions: [{ id: "tail", type: "text", title: "最后一题", config: {} }] },
  ],
};

let t: TestContext;
let owner: BuiltUser;
let questionnaireId: number;
let student: number;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  const q = await publishNew(t, owner, definition);
  questionnaireId = q.id;
  // A student who ended on page 1: company and tail skipped, note left empty.
  student = await submitAnswers(t, q.publicId, { role: { optionId: "s" }, stop: { optionId: "y" } });
  // A worker who went on: nothing skipped, note and tail left empty.
  await submitAnswers(t, q.publicId, {
    role: { optionId: "w" },
    company: "某公司",
    stop: { optionId: "n" },
  });
  // A worker who answered everything.
  await submitAnswers(t, q.publicId, {
    role: { optionId: "w" },
    company: "另一家",
    note: "无",
    stop: { optionId: "n" },
    tail: "谢谢",
  });
});
afterAll(async () => {
  await t.close();
});

async function statistics(filter?: unknown) {
  const res = await call<QuestionStatisticsResult>(t.app, "POST", "statistics/getQuestionStatistics", {
    token: owner.token,
    json: { id: questionnaireId, ...(filter ? { filter } : {}) },
  });
  expect(res.body.code).toBe(200);
  return Object.fromEntries(
    res.body.data.questions.map((q) => [q.questionId, { answered: q.answered, skipped: q.skipped }]),
  );
}

const expected = {
  role: { answered: 3, skipped: 0 },
  company: { answered: 2, skipped: 1 },
  note: { answered: 1, skipped: 0 },
  stop: { answered: 3, skipped: 0 },
  tail: { answered: 1, skipped: 1 },
};

describe("skipped questions (跳过)", () => {
  it("are counted apart from answered and empty ones, unfiltered and filtered", async () => {
    expect(await statistics()).toEqual(expected);
    const onlyStudents = {
      condition: { kind: "selected", questionId: "role", optionIds: ["s"], match: "any" },
    };
    expect(await statistics(onlyStudents)).toMatchObject({
      company: { answered: 0, skipped: 1 },
      note: { answered: 0, skipped: 0 },
      tail: { answered: 0, skipped: 1 },
    });
  });

  it("leave the statistics when their response is deleted, and come back with it", async () => {
    const change = (action: string) =>
      call(t.app, "POST", `answer/${action}`, {
        token: owner.token,
        json: { id: questionnaireId, responseIds: [student] },
      });
    await change("deleteAnswer");
    expect(await statistics()).toMatchObject({ company: { skipped: 0 }, tail: { skipped: 0 } });
    await change("restoreAnswer");
    expect(await statistics()).toEqual(expected);
  });

  it("are listed with the response for the viewer", async () => {
    const res = await call<AnswerDetail>(t.app, "POST", "answer/getAnswerDetail", {
      token: owner.token,
      json: { id: questionnaireId, responseId: student },
    });
    expect(res.body.data.skipped).toEqual(["company", "tail"]);
  });

  it("read （跳过） in both exports while a question left empty stays blank", async () => {
    const xlsx = await runExport(t, owner, questionnaireId, "xlsx");
    const rows = await readSheet((await download(t, owner.token, questionnaireId, xlsx.id)).rawPayload);
    const headers = rows[0] as string[];
    const column = (title: string) => headers.findIndex((h) => String(h).includes(title));
    const byId = new Map(rows.slice(1).map((row) => [row[1], row]));
    const studentRow = byId.get(student) ?? [];
    expect(studentRow[column("工作单位")]).toBe("（跳过）");
    expect(studentRow[column("最后一题")]).toBe("（跳过）");
    expect(studentRow[column("备注")] ?? null).toBeNull();
    const worker = byId.get(student + 1) ?? [];
    expect(worker[column("工作单位")]).toBe("某公司");
    expect(worker[column("最后一题")] ?? null).toBeNull();

    const csv = await runExport(t, owner, questionnaireId, "csv");
    const text = (await download(t, owner.token, questionnaireId, csv.id)).rawPayload.toString("utf8");
    const lines = text.split("\r\n").filter((line) => line !== "");
    const studentLine = lines.find((line) => line.split(",")[1] === String(student)) ?? "";
    expect(studentLine.split(",").filter((cell) => cell === "（跳过）")).toHaveLength(2);
    const workerLine = lines.find((line) => line.split(",")[1] === String(student + 1)) ?? "";
    expect(workerLine).not.toContain("跳过");
  });

  it("are derived for responses stored before they were recorded (migration 0011)", async () => {
    const snapshot = async () => ({
      facts: await t.db
        .selectFrom("response_facts_all")
        .select(["responseId", "questionId", "key"])
        .where("questionnaireId", "=", questionnaireId)
        .where("key", "like", "skipped:%")
        .orderBy("responseId")
        .orderBy("key")
        .execute(),
      counters: await t.db
        .selectFrom("response_counters")
        .select(["key", "count"])
        .where("questionnaireId", "=", questionnaireId)
        .where("key", "like", "skipped:%")
        .orderBy("key")
        .execute(),
    });
    const kept = await snapshot();
    expect(kept.facts.map((fact) => fact.key)).toEqual(["skipped:company", "skipped:tail"]);
    // As an old database holds them: no skipped facts, no skipped counters.
    await t.db.deleteFrom("response_facts").where("key", "like", "skipped:%").execute();
    // Packed (migrations 0255 and 0260).
    const packs = await t.db.selectFrom("response_fact_keys").selectAll().execute();
    for (const pack of packs) {
      const pairs = (JSON.parse(pack.keys) as [string, string][]).filter(
        ([, key]) => !key.startsWith("skipped:"),
      );
      await t.db
        .updateTable("response_fact_keys")
        .set({ keys: JSON.stringify(pairs) })
        .where("questionnaireId", "=", pack.questionnaireId)
        .where("responseId", "=", pack.responseId)
        .execute();
    }
    await t.db.deleteFrom("response_counter_shards").where("key", "like", "skipped:%").execute();
    expect(await statistics()).toMatchObject({ company: { skipped: 0 } });
    await backfillSkipped(t.db);
    expect(await snapshot()).toEqual(kept);
    expect(await statistics()).toEqual(expected);
    // Running it again changes nothing.
    await backfillSkipped(t.db);
    expect(await snapshot()).toEqual(kept);
  });
});
