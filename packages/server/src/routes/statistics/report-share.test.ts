import path from "node:path";
import {
  messages,
  type ReportPinItem,
  type ReportShare,
  ResultCode,
  type SharedReportResult,
} from "@wjgj/core";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../../test/documents.ts";
import { type BuiltUser, buildQuestionnaire, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { adviceQuestion, departmentQuestion } from "../../../test/text-fixtures.ts";
import { passwordGateLimits } from "../../commands/answering/password-gate.ts";
import { writeExportFile } from "../../commands/exports/write-file.ts";

/**
 * 数据报告 shared by link (issue #35): statistics/getReportShare and saveReportShare for those who manage the
 * responses, report/getSharedReport for anyone with the link — the report's content without personal data,
 * behind an optional password (throttled), gone while switched off, and at a new address once renewed.
 */
let t: TestContext;
let owner: BuiltUser;
let q: { id: number; publicId: string; revisionId: number };

const definition = buildSurvey([
  departmentQuestion,
  { id: "name", type: "personal", title: "您的姓名", config: { preset: "name" } },
  adviceQuestion,
  {
    id: "satisfied",
    type: "single",
    title: "您对公司满意吗",
    config: {
      options: [
        { id: "y", label: "满意" },
        { id: "n", label: "不满意" },
      ],
    },
  },
]);

const advice = ["价格太高了", "系统经常卡顿", "价格便宜一些就好", "系统太慢"];

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  q = await publishedQuestionnaire(t, owner, definition);
  for (const [i, text] of advice.entries())
    await submitAnswers(t, q, {
      group: { optionId: i < 3 ? "a" : "b" },
      name: ["张三", "李四", "王五", "赵六"][i],
      advice: text,
      satisfied: { optionId: i % 2 === 0 ? "y" : "n" },
    });
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function save(json: Record<string, unknown>, token = owner.token) {
  return call<ReportShare>(t.app, "POST", "statistics/saveReportShare", {
    token,
    json: { id: q.id, ...json },
  });
}

async function open(token: string, password?: string) {
  return call<SharedReportResult>(t.app, "POST", "report/getSharedReport", {
    json: { token, ...(password === undefined ? {} : { password }) },
  });
}

describe("数据报告 link", () => {
  let token = "";

  it("is off with no address until switched on, then shows the report without personal data", async () => {
    const before = await call<ReportShare>(t.app, "GET", "statistics/getReportShare", {
      token: owner.token,
      params: { id: String(q.id) },
    });
    expect(before.body.data).toMatchObject({ enabled: false, token: null, password: "" });

    const on = await save({ enabled: true, filter: { sections: ["overview", "questions", "words"] } });
    expect(on.body.code).toBe(ResultCode.ok);
    token = on.body.data.token ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const report = await open(token);
    expect(report.body.code).toBe(ResultCode.ok);
    const data = report.body.data;
    if (data.locked) throw new Error("a link without a password opened locked");
    expect(data.title).toBe(definition.title);
    expect(data.overview.responses).toBe(4);
    expect(data.questions.map((question) => question.stats.title)).toEqual([
      "您的部门",
      "您对我们有什么建议？",
      "您对公司满意吗",
    ]);
    expect(JSON.stringify(data)).not.toMatch(/张三|李四|姓名/);
    const words = data.questions[1]?.words?.map((w) => w.word) ?? [];
    expect(words.slice(0, 2).sort()).toEqual(["价格", "系统"]);
  });

  it("asks for its password, refuses a wrong one in Chinese and throttles guessing", async () => {
    expect((await save({ enabled: true, password: "8888" })).body.data.password).toBe("8888");
    expect((await open(token)).body.data).toEqual({ locked: true });
    const wrong = await open(token, "1234");
    expect(wrong.body).toMatchObject({
      code: ResultCode.invalidInput,
      msg: messages.reportSharePasswordWrong,
    });
    const right = await open(token, "8888");
    expect(right.body.data).toMatchObject({ locked: false });

    for (let i = 1; i < passwordGateLimits.perIp; i += 1) await open(token, `wrong${i}`);
    const locked = await open(token, "8888");
    expect(locked.body).toMatchObject({
      code: ResultCode.tooManyRequests,
      msg: messages.reportSharePasswordThrottled,
    });
    // The answering page's own gate counts its tries apart.
    await t.db.deleteFrom("login_attempts").where("phone", "=", `r:${q.id}`).execute();
    expect((await open(token, "8888")).body.data).toMatchObject({ locked: false });
  });

  it("answers 404 while switched off, the same address when on again, a new one once renewed", async () => {
    await save({ enabled: false });
    expect((await open(token, "8888")).body).toMatchObject({
      code: ResultCode.notFound,
      msg: messages.reportShareNotFound,
    });
    const again = await save({ enabled: true, password: "" });
    expect(again.body.data.token).toBe(token);
    expect((await open(token)).body.data).toMatchObject({ locked: false });

    const renewed = await save({ enabled: true, renew: true });
    expect(renewed.body.data.token).not.toBe(token);
    expect((await open(token)).body.code).toBe(ResultCode.notFound);
    expect((await open(renewed.body.data.token ?? "")).body.data).toMatchObject({ locked: false });
    token = renewed.body.data.token ?? "";
  });

  it("shows the saved sections and 筛选 only", async () => {
    await save({ enabled: true, filter: { sections: ["questions"], sources: [] } });
    const data = (await open(token)).body.data;
    if (data.locked) throw new Error("locked");
    expect(data.sections).toEqual(["questions"]);
  });

  it("refuses bad input in Chinese, members who may not manage responses, and an empty report", async () => {
    for (const password of ["123", "12 34", "一二三四五六七八九十一二三四五六七八九十一"]) {
      const res = await save({ enabled: true, password });
      expect(res.body, password).toMatchObject({
        code: ResultCode.invalidInput,
        msg: messages.reportSharePasswordInvalid,
      });
    }
    for (const bad of ["short", "../../etc/passwd", ""]) {
      const res = await open(bad);
      expect(res.body, bad).toMatchObject({
        code: ResultCode.invalidInput,
        msg: messages.reportShareLinkInvalid,
      });
    }
    expect((await open("AAAAAAAAAAAAAAAA")).body.code).toBe(ResultCode.notFound);

    const viewer = await buildUser(t);
    await buildTeamMember(t, q.id, viewer, "viewer");
    expect((await save({ enabled: true }, viewer.token)).body.code).toBe(ResultCode.forbidden);

    const draft = await buildQuestionnaire(t, owner, { kind: "survey", definition });
    const unpublished = await call(t.app, "POST", "statistics/saveReportShare", {
      token: owner.token,
      json: { id: draft.id, enabled: true },
    });
    expect(unpublished.body).toMatchObject({ code: ResultCode.conflict, msg: messages.exportNotPublished });

    const empty = await publishedQuestionnaire(t, owner, definition);
    const share = await call<ReportShare>(t.app, "POST", "statistics/saveReportShare", {
      token: owner.token,
      json: { id: empty.id, enabled: true },
    });
    const none = await open(share.body.data.token ?? "");
    expect(none.body).toMatchObject({ code: ResultCode.conflict, msg: messages.reportNoResponses });
  });
});

describe("固定到报告", () => {
  async function pin(json: Record<string, unknown>, token = owner.token) {
    return call<ReportPinItem>(t.app, "POST", "statistics/pinToReport", {
      token,
      json: { id: q.id, ...json },
    });
  }

  it("keeps a 交叉分析 and a 统计分析 computed when pinned, printed in the report's third part", async () => {
    const cross = await pin({ kind: "cross", rowQuestionIds: ["group"], columnQuestionId: "satisfied" });
    expect(cross.body.msg, JSON.stringify(cross.body)).toBe("操作成功");
    expect(cross.body.data.title).toBe("交叉分析：您的部门 × 您对公司满意吗");
    const analysis = await pin({
      kind: "analysis",
      request: { method: "crosstab", row: "Q1", column: "Q4" },
      filter: { source: "link" },
    });
    expect(analysis.body.msg, JSON.stringify(analysis.body)).toBe("操作成功");
    expect(analysis.body.data.scope).toContain("来源");

    const list = await call<{ list: ReportPinItem[] }>(t.app, "GET", "statistics/getReportPins", {
      token: owner.token,
      params: { id: String(q.id) },
    });
    expect(list.body.data.list.map((p) => p.kind)).toEqual(["cross", "analysis"]);

    const on = await save({ enabled: true, password: "", filter: { sections: ["pinned"] } });
    const data = (await open(on.body.data.token ?? "")).body.data;
    if (data.locked) throw new Error("locked");
    expect(data.pinned.map((p) => p.title)).toEqual([cross.body.data.title, analysis.body.data.title]);
    // 销售部 (0–2): 满意 0, 2; 不满意 1. 技术部 (3): 不满意.
    const [table] = data.pinned[0]?.tables ?? [];
    expect(table?.header).toEqual(["您的部门 \\ 您对公司满意吗", "满意", "不满意", "小计"]);
    expect(table?.rows).toEqual([
      ["销售部", "2（66.7%）", "1（33.3%）", "3"],
      ["技术部", "0（0%）", "1（100%）", "1"],
      ["合计", "2", "2", "4"],
    ]);
    expect(data.pinned[1]?.tables.length).toBeGreaterThan(0);
    expect(data.pinned[1]?.reading.length).toBeGreaterThan(0);
    expect(data.pinned[0]?.reading).toEqual([]);

    const file = path.join(t.config.dataDir, "pinned.pdf");
    await writeExportFile(t.db, {
      questionnaireId: q.id,
      kind: "pdf",
      filter: { sections: ["pinned"] },
      filePath: file,
      storage: t.storage,
    });
    const text = pdfText(file).replace(/\s+/g, "");
    for (const words of ["三、交叉分析与统计分析", "交叉分析：您的部门×您对公司满意吗", "销售部"])
      expect(text).toContain(words);
  });

  it("takes a result out, and refuses what it cannot pin in Chinese", async () => {
    const list = await call<{ list: ReportPinItem[] }>(t.app, "GET", "statistics/getReportPins", {
      token: owner.token,
      params: { id: String(q.id) },
    });
    const first = list.body.data.list[0]?.id ?? 0;
    const unpin = (pinId: number) =>
      call(t.app, "POST", "statistics/unpinFromReport", { token: owner.token, json: { id: q.id, pinId } });
    expect((await unpin(first)).body.code).toBe(ResultCode.ok);
    expect((await unpin(first)).body).toMatchObject({
      code: ResultCode.notFound,
      msg: messages.reportPinNotFound,
    });

    expect((await pin({ kind: "chart" })).body).toMatchObject({
      code: ResultCode.invalidInput,
      msg: messages.reportPinInvalid,
    });
    const badAxis = await pin({ kind: "cross", rowQuestionIds: ["advice"], columnQuestionId: "group" });
    expect(badAxis.body.code).toBe(ResultCode.invalidInput);
    const viewer = await buildUser(t);
    await buildTeamMember(t, q.id, viewer, "viewer");
    const refused = await pin(
      { kind: "cross", rowQuestionIds: ["group"], columnQuestionId: "satisfied" },
      viewer.token,
    );
    expect(refused.body.code).toBe(ResultCode.forbidden);
  });
});
