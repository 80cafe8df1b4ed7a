import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  type CrossAnalysisResult,
  messages,
  type QuestionStatisticsResult,
  ResultCode,
  type ResultsFilter,
  type ResultsPage,
  type TextAnswerItem,
  type TextCodeList,
  type TextCodesResult,
} from "@wjgj/core";
import type { AnalysisResult, AnalysisVariablesResult } from "@wjgj/core/api/analysis";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveAndPublish } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { readSavWithPspp } from "../../../test/pspp.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { adviceQuestion, departmentQuestion } from "../../../test/text-fixtures.ts";
import { resolveSession } from "../../commands/account/sessions.ts";
import { writeExportFile } from "../../commands/exports/write-file.ts";
import { getQuestionStatistics } from "../../commands/results/statistics.ts";
import { backfillCodeKeywords } from "../../db/migrations/0165-text-code-keywords.ts";

/**
 * 编码 of open answers (issue #35): codes with keywords and hand tags (statistics/getTextCodes, saveTextCode,
 * deleteTextCode, tagTextAnswer), counted under the filter; a code as a 0/1 variable of 统计分析 and of the .sav
 * (read back by PSPP); codes kept through re-publishing; refusals in Chinese.
 */
let t: TestContext;
let owner: BuiltUser;
let q: { id: number; publicId: string; revisionId: number };
const ids: number[] = [];

const definition = buildSurvey([
  departmentQuestion,
  adviceQuestion,
  { id: "age", type: "number", title: "年龄", config: {} },
]);

/** Response i's advice: price in 0, 1, 5, 6 (贵 in 5), the system in 2, 3, 7; 4 answers nothing. */
const advice = [
  "价格太高了",
  "希望价格便宜一些",
  "系统经常卡顿",
  "系统太慢",
  null,
  "东西太贵",
  "价格还可以",
  "系统不稳定",
];

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  q = await publishedQuestionnaire(t, owner, definition);
  for (const [i, text] of advice.entries())
    ids.push(
      await submitAnswers(t, q, {
        group: { optionId: i < 4 ? "a" : "b" },
        ...(text ? { advice: text } : {}),
        age: 20 + i,
      }),
    );
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function codes(filter: Record<string, unknown> = {}, token = owner.token) {
  return call<TextCodesResult>(t.app, "POST", "statistics/getTextCodes", {
    token,
    json: { id: q.id, questionId: "advice", filter },
  });
}

async function save(json: Record<string, unknown>, token = owner.token) {
  return call<{ codeId: number }>(t.app, "POST", "statistics/saveTextCode", {
    token,
    json: { id: q.id, questionId: "advice", ...json },
  });
}

let price = 0;
let system = 0;

describe("编码", () => {
  it("counts the answers each code's keywords find, under the filter", async () => {
    price = (await save({ name: "价格", keywords: "价格\n贵" })).body.data.codeId;
    system = (await save({ name: "系统问题", keywords: ["系统", "卡顿"] })).body.data.codeId;
    const all = await codes();
    expect(all.body.msg).toBe("操作成功");
    expect(all.body.data).toMatchObject({ answers: 7, uncoded: 0 });
    expect(all.body.data.codes).toMatchObject([
      {
        id: price,
        name: "价格",
        keywords: ["价格", "贵"],
        answers: 4,
        percentage: 57.1,
        variable: `code${price}`,
      },
      { id: system, name: "系统问题", answers: 3, percentage: 42.9, manual: 0 },
    ]);
    const sales = await codes({
      condition: { kind: "selected", questionId: "group", optionIds: ["a"], match: "any" },
    });
    expect(sales.body.data.answers).toBe(4);
    expect(sales.body.data.codes.map((c) => c.answers)).toEqual([2, 2]);
  });

  it("takes an answer into a code by hand, and out of it against its keywords", async () => {
    // 系统太慢 is about price by hand; 价格还可以 is not, whatever its keyword.
    for (const [responseId, included] of [
      [ids[3], true],
      [ids[6], false],
    ] as const) {
      const tagged = await call(t.app, "POST", "statistics/tagTextAnswer", {
        token: owner.token,
        json: { id: q.id, codeId: price, responseId, included },
      });
      expect(tagged.body.msg).toBe("操作成功");
    }
    const after = await codes();
    expect(after.body.data.codes[0]).toMatchObject({ answers: 4, manual: 2 });
    const listed = await call<ResultsPage<TextAnswerItem>>(t.app, "POST", "statistics/getTextAnswers", {
      token: owner.token,
      json: { id: q.id, questionId: "advice", pageNum: 1, pageSize: 20 },
    });
    const codesOf = new Map(listed.body.data.list.map((item) => [item.responseId, item.codes]));
    expect(codesOf.get(ids[3] as number)).toEqual([price, system]);
    expect(codesOf.get(ids[6] as number)).toEqual([]);
    expect(codesOf.get(ids[0] as number)).toEqual([price]);
  });

  it("is a 0/1 variable of 统计分析: listed under its question and cross-tabulated", async () => {
    const listed = await call<AnalysisVariablesResult>(t.app, "GET", "statistics/getAnalysisVariables", {
      token: owner.token,
      params: { id: q.id },
    });
    const variable = listed.body.data.variables.find((v) => v.name === `code${price}`);
    expect(variable).toMatchObject({
      label: "您对我们有什么建议？（编码）: 价格",
      questionId: "advice",
      measure: "nominal",
      values: [
        { value: 0, label: "不属于" },
        { value: 1, label: "属于" },
      ],
    });
    const crosstab = await call<AnalysisResult>(t.app, "POST", "statistics/getAnalysis", {
      token: owner.token,
      json: { id: q.id, request: { method: "crosstab", row: "Q1", column: `code${price}` } },
    });
    expect(crosstab.body.msg).toBe("操作成功");
    // 销售部 (0–3): 价格 in 0, 1 and 3 (by hand); 技术部 (4–7): 5 only (6 taken out; 4 has no text, missing).
    expect(crosstab.body.data.responses).toBe(8);
    expect(JSON.stringify(crosstab.body.data.outcome)).toContain('"counts":[[1,3],[2,1]]');
  });

  it("rides on the .sav as a labelled 0/1 variable, missing without a text", async () => {
    const file = path.join(t.config.dataDir, "codes.sav");
    await writeExportFile(t.db, {
      questionnaireId: q.id,
      kind: "sav",
      filter: null,
      filePath: file,
      storage: t.storage,
    });
    const tables = readSavWithPspp(file);
    const variables = (tables.get("Variables") ?? []).join("\n");
    expect(variables).toContain(`code${price}`);
    expect(variables).toContain("您对我们有什么建议？（编码）: 价格");
    const [header = "", ...rows] = tables.get("Data List") ?? [];
    const at = header.split(",").indexOf(`code${price}`);
    expect(rows.map((row) => row.split(",")[at]?.trim())).toEqual(["1", "1", "0", "1", ".", "1", "0", "0"]);
  });

  it("is an axis of 交叉分析: the question's codes as categories, a response in each of its codes", async () => {
    const cross = (columnQuestionId: string, id = q.id) =>
      call<CrossAnalysisResult>(t.app, "POST", "statistics/getCrossAnalysis", {
        token: owner.token,
        json: { id, rowQuestionIds: ["group"], columnQuestionId },
      });
    const res = await cross("codes:advice");
    expect(res.body.msg, JSON.stringify(res.body)).toBe("操作成功");
    expect(res.body.data.column).toMatchObject({
      title: "您对我们有什么建议？（编码）",
      options: [
        { optionId: String(price), label: "价格" },
        { optionId: String(system), label: "系统问题" },
      ],
    });
    // 销售部: 价格 0, 1, 3 (by hand), 系统 2, 3; 技术部: 价格 5, 系统 7 (6 taken out of 价格, 4 without a text).
    const [table] = res.body.data.tables;
    expect(table?.rows.map((row) => [row.label, row.cells.map((c) => c.count), row.total])).toEqual([
      ["销售部", [3, 2], 4],
      ["技术部", [1, 1], 2],
    ]);
    expect(table?.columnTotals).toEqual([4, 3]);
    expect(table?.total).toBe(6);

    expect((await cross("codes:age")).body.msg).toBe(messages.crossQuestionUnsupported);
    const fresh = await publishedQuestionnaire(t, owner, definition);
    expect((await cross("codes:advice", fresh.id)).body.msg).toBe(messages.crossCodesNone);
  });

  it("is a 0/1 column of the spreadsheet files after the questions, empty without a text", async () => {
    const file = path.join(t.config.dataDir, "codes.csv");
    await writeExportFile(t.db, {
      questionnaireId: q.id,
      kind: "csv",
      filter: null,
      filePath: file,
      storage: t.storage,
    });
    const [header = "", ...rows] = (await readFile(file, "utf8"))
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    const columns = header.split(",");
    expect(columns.slice(-2)).toEqual([
      "您对我们有什么建议？（编码）: 价格",
      "您对我们有什么建议？（编码）: 系统问题",
    ]);
    const at = columns.length - 1;
    expect(rows.map((row) => row.split(",")[at - 1])).toEqual(["1", "1", "0", "1", "", "1", "0", "0"]);
    expect(rows.map((row) => row.split(",")[at])).toEqual(["0", "0", "1", "1", "", "0", "0", "1"]);
  });

  it("filters the results by 编码: any, all or none of the codes, alike with and without the results index", async () => {
    const viewer = await resolveSession(t.db, t.clock, owner.token);
    if (!viewer) throw new Error("no session");
    const answered = async (filter: ResultsFilter) => {
      const res = await call<ResultsPage<{ id: number }>>(t.app, "POST", "answer/getAnswerList", {
        token: owner.token,
        json: { id: q.id, pageSize: 20, sort: "timeAsc", filter },
      });
      expect(res.body.msg, JSON.stringify(filter)).toBe("操作成功");
      return res.body.data.list.map((item) => item.id);
    };
    const pick = (...at: number[]) => at.map((i) => ids[i] as number);
    // 价格: 0, 1, 3 (by hand), 5 (6 taken out); 系统问题: 2, 3, 7; 4 has no text.
    for (const [codes, expected] of [
      [{ codeIds: [price], match: "any" }, pick(0, 1, 3, 5)],
      [{ codeIds: [price, system], match: "any" }, pick(0, 1, 2, 3, 5, 7)],
      [{ codeIds: [price, system], match: "all" }, pick(3)],
      [{ codeIds: [price], match: "none" }, pick(2, 4, 6, 7)],
      [{ codeIds: [999_999], match: "any" }, []],
    ] as const) {
      const filter = { codes: { codeIds: [...codes.codeIds], match: codes.match } };
      expect(await answered(filter), JSON.stringify(codes)).toEqual(expected);
      const indexed = await call<QuestionStatisticsResult>(
        t.app,
        "POST",
        "statistics/getQuestionStatistics",
        {
          token: owner.token,
          json: { id: q.id, filter },
        },
      );
      expect(indexed.body.data.total).toBe(expected.length);
      expect(indexed.body.data).toEqual(await getQuestionStatistics(t.ctx, viewer, q.id, filter, "sql"));
    }
    // With an answer condition: 销售部 and 价格.
    const both: ResultsFilter = {
      condition: { kind: "selected", questionId: "group", optionIds: ["a"], match: "any" },
      codes: { codeIds: [price], match: "any" },
    };
    expect(await answered(both)).toEqual(pick(0, 1, 3));
    // The 编码 counts themselves under a code filter: of the answers about 价格, which are about the system.
    const within = await codes({ codes: { codeIds: [price], match: "any" } });
    expect(within.body.data.codes.map((c) => c.answers)).toEqual([4, 1]);

    for (const bad of [
      { codeIds: [], match: "any" },
      { codeIds: [price], match: "some" },
      { codeIds: Array.from({ length: 21 }, (_, k) => k + 1), match: "any" },
      { codeIds: ["价格"], match: "any" },
    ]) {
      const res = await codes({ codes: bad });
      expect(res.body.code, JSON.stringify(bad)).toBe(ResultCode.invalidInput);
      expect(res.body.msg).toBe(messages.filterCodesInvalid);
    }
  });

  it("exports only the responses with the filter's 编码", async () => {
    const file = path.join(t.config.dataDir, "codes-filtered.csv");
    await writeExportFile(t.db, {
      questionnaireId: q.id,
      kind: "csv",
      filter: { codes: { codeIds: [system], match: "none" } },
      filePath: file,
      storage: t.storage,
    });
    const rows = (await readFile(file, "utf8"))
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(rows.length - 1).toBe(5);
    expect(rows.slice(1).some((row) => row.includes("系统"))).toBe(false);
    const listed = await call<TextCodeList>(t.app, "GET", "statistics/listTextCodes", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(listed.body.data.codes).toEqual([
      { id: price, questionId: "advice", name: "价格" },
      { id: system, questionId: "advice", name: "系统问题" },
    ]);
  });

  it("matches keywords with Latin letters in any case, the same in SQL and in memory", async () => {
    const latin = await publishedQuestionnaire(t, owner, definition);
    const texts = ["App 很好用", "用了 aPP 之后", "没有用过", "ÄPP"];
    const made: number[] = [];
    for (const text of texts)
      made.push(await submitAnswers(t, latin, { group: { optionId: "a" }, advice: text, age: 30 }));
    const saved = await call<{ codeId: number }>(t.app, "POST", "statistics/saveTextCode", {
      token: owner.token,
      json: { id: latin.id, questionId: "advice", name: "应用", keywords: ["APP"] },
    });
    const codeId = saved.body.data.codeId;
    const check = async (expected: number[]) => {
      const filter = { codes: { codeIds: [codeId], match: "any" } };
      const counted = await call<TextCodesResult>(t.app, "POST", "statistics/getTextCodes", {
        token: owner.token,
        json: { id: latin.id, questionId: "advice" },
      });
      expect(counted.body.data.codes[0]?.answers).toBe(expected.length);
      const listed = await call<ResultsPage<TextAnswerItem>>(t.app, "POST", "statistics/getTextAnswers", {
        token: owner.token,
        json: { id: latin.id, questionId: "advice", pageNum: 1, pageSize: 20, filter },
      });
      expect(listed.body.data.list.map((item) => item.responseId).sort((a, b) => a - b)).toEqual(expected);
    };
    await check([made[0] as number, made[1] as number]);
    // New keywords replace the old ones in SQL too.
    await call(t.app, "POST", "statistics/saveTextCode", {
      token: owner.token,
      json: { id: latin.id, questionId: "advice", codeId, name: "应用", keywords: "没有" },
    });
    await check([made[2] as number]);
    // A database from before the keyword rows gets them from the codes' keywords.
    await t.db.deleteFrom("text_code_keywords").where("codeId", "=", codeId).execute();
    await backfillCodeKeywords(t.db);
    await check([made[2] as number]);
  });

  it("survives re-publishing the questionnaire", async () => {
    const changed = { ...definition, title: "改过标题的问卷" };
    await saveAndPublish(t, owner, q.id, changed);
    const after = await codes();
    expect(after.body.data.codes.map((c) => c.name)).toEqual(["价格", "系统问题"]);
    expect(after.body.data.codes[0]?.answers).toBe(4);
  });

  it("renames a code, deletes one with its tags, and refuses bad input in Chinese", async () => {
    expect((await save({ codeId: system, name: "系统", keywords: "系统" })).body.msg).toBe("操作成功");
    for (const [json, message] of [
      [{ name: "" }, messages.textCodeNameInvalid],
      [{ name: "这个类别的名称实在是太长了超过了二十个字的限制" }, messages.textCodeNameInvalid],
      [{ name: "价格" }, messages.textCodeNameTaken],
      [
        { name: "新类别", keywords: "这个关键词实在太长了已经超过了二十个字的限制了" },
        messages.textCodeKeywordsInvalid,
      ],
      [{ name: "新类别", keywords: 5 }, messages.textCodeKeywordsInvalid],
      [{ name: "年龄", questionId: "age" }, messages.textNotAnalysable],
    ] as const) {
      const res = await save(json);
      expect(res.body.code, JSON.stringify(json)).toBe(ResultCode.invalidInput);
      expect(res.body.msg).toBe(message);
    }
    const missing = await call(t.app, "POST", "statistics/deleteTextCode", {
      token: owner.token,
      json: { id: q.id, codeId: 999_999 },
    });
    expect(missing.body.msg).toBe(messages.textCodeNotFound);
    const deleted = await call(t.app, "POST", "statistics/deleteTextCode", {
      token: owner.token,
      json: { id: q.id, codeId: price },
    });
    expect(deleted.body.msg).toBe("操作成功");
    expect((await codes()).body.data.codes.map((c) => c.name)).toEqual(["系统"]);
    const tags = await t.db.selectFrom("text_code_tags").selectAll().where("codeId", "=", price).execute();
    expect(tags).toEqual([]);
  });

  it("is read by a 数据查看 member and changed only by those who manage responses", async () => {
    const viewer = await buildUser(t);
    await buildTeamMember(t, q.id, viewer, "viewer");
    expect((await codes({}, viewer.token)).body.msg).toBe("操作成功");
    expect((await save({ name: "查看者的类别" }, viewer.token)).body.code).toBe(ResultCode.forbidden);
  });
});
