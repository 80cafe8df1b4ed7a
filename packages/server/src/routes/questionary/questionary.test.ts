import type { QuestionaryDetail, QuestionarySummary } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildQuestionnaire, buildTeamMember, buildUser, sampleDefinition } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

type Page = { list: QuestionarySummary[]; total: number };

describe("星标 (questionary/starQuestionary)", () => {
  it("marks and unmarks, lists 星标问卷 alone, and is the owner's own mark", async () => {
    const owner = await buildUser(t);
    const colleague = await buildUser(t);
    const first = await buildQuestionnaire(t, owner, { title: "常用的周报" });
    t.clock.advance(60);
    const second = await buildQuestionnaire(t, owner, { title: "一次性的报名" });
    const star = (id: number, starred: string, token = owner.token) =>
      call<QuestionarySummary>(t.app, "POST", "questionary/starQuestionary", {
        token,
        params: { id, starred },
      });
    const list = (params: Record<string, string | number> = {}) =>
      call<Page>(t.app, "GET", "questionary/getQuestionaryList", { token: owner.token, params });

    expect((await list()).body.data.list.map((q) => q.starred)).toEqual([false, false]);
    const marked = await star(first.id, "true");
    expect(marked.body).toMatchObject({ code: 200, data: { id: first.id, starred: true } });
    // Marking does not move it: the list keeps its order (最近修改).
    expect((await list()).body.data.list.map((q) => [q.title, q.starred])).toEqual([
      ["一次性的报名", false],
      ["常用的周报", true],
    ]);
    const starred = await list({ starred: "true" });
    expect(starred.body.data.total).toBe(1);
    expect(starred.body.data.list.map((q) => q.title)).toEqual(["常用的周报"]);
    // Other filters still apply inside 星标问卷.
    expect((await list({ starred: "true", title: "报名" })).body.data.total).toBe(0);

    // A colleague on its team sees it but cannot mark or unmark the owner's list.
    await buildTeamMember(t, first.id, colleague, "admin");
    expect((await star(first.id, "false", colleague.token)).body).toMatchObject({
      code: 403,
      msg: "账号没有相关操作权限",
    });
    // A copy starts unmarked.
    const copy = await call<QuestionarySummary>(t.app, "POST", "questionary/copyQuestionary", {
      token: owner.token,
      params: { id: first.id },
    });
    expect(copy.body.data.starred).toBe(false);

    expect((await star(first.id, "false")).body.data.starred).toBe(false);
    expect((await list({ starred: "true" })).body.data.total).toBe(0);
    expect((await star(second.id, "maybe")).body).toMatchObject({ code: 400, msg: "星标取值需为是或否" });
    expect((await list({ starred: "maybe" })).body).toMatchObject({ code: 400, msg: "星标取值需为是或否" });
    expect((await star(999_999, "true")).body.code).toBe(404);
  });

  it("is cleared when the questionnaire passes to another owner", async () => {
    const owner = await buildUser(t);
    const heir = await buildUser(t);
    const q = await buildQuestionnaire(t, owner, { title: "移交的问卷" });
    await call(t.app, "POST", "questionary/starQuestionary", {
      token: owner.token,
      params: { id: q.id, starred: "true" },
    });
    await buildTeamMember(t, q.id, heir, "admin");
    const moved = await call(t.app, "POST", "queationaryTeam/transferOwner", {
      token: owner.token,
      params: { id: q.id, userId: heir.user.id },
    });
    expect(moved.body.code).toBe(200);
    const heirs = await call<Page>(t.app, "GET", "questionary/getQuestionaryList", {
      token: heir.token,
      params: { starred: "true" },
    });
    expect(heirs.body.data.total).toBe(0);
  });
});

describe("creating and listing", () => {
  it("creates a blank questionnaire and answers its detail", async () => {
    const owner = await buildUser(t);
    const res = await call<QuestionaryDetail>(t.app, "POST", "questionary/addQuestionary", {
      token: owner.token,
      json: { kind: "survey", title: "员工满意度调查" },
    });
    expect(res.body.code).toBe(200);
    const detail = res.body.data;
    expect(detail).toMatchObject({
      kind: "survey",
      kindName: "问卷调查",
      title: "员工满意度调查",
      status: "draft",
      statusName: "草稿",
      hasUnpublishedChanges: false,
      version: 1,
      questionCount: 0,
      publishedVersion: null,
    });
    expect(detail.publicId).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(detail.definition.pages).toHaveLength(1);
    expect(detail.settings).toMatchObject({ maxResponses: 0, progressBar: true });
  });

  it("creates from an imported definition, keeping the chosen kind and title", async () => {
    const owner = await buildUser(t);
    const res = await call<QuestionaryDetail>(t.app, "POST", "questionary/addQuestionary", {
      token: owner.token,
      json: {
        kind: "exam",
        title: "导入的考试",
        definition: { ...sampleDefinition(), kind: "survey", title: "x" },
      },
    });
    expect(res.body.data).toMatchObject({ kind: "exam", title: "导入的考试", questionCount: 2 });
    expect(res.body.data.definition).toMatchObject({ kind: "exam", title: "导入的考试" });
  });

  it("refuses an unknown kind, a missing title and a broken definition with paths", async () => {
    const owner = await buildUser(t);
    const kind = await call(t.app, "POST", "questionary/addQuestionary", {
      token: owner.token,
      json: { kind: "x", title: "a" },
    });
    expect(kind.body).toMatchObject({ code: 400, msg: "请选择问卷类型" });
    const title = await call(t.app, "POST", "questionary/addQuestionary", {
      token: owner.token,
      json: { kind: "survey" },
    });
    expect(title.body.code).toBe(400);
    const broken = await call<{ errors: { field: string }[] }>(t.app, "POST", "questionary/addQuestionary", {
      token: owner.token,
      json: {
        kind: "survey",
        title: "a",
        definition: { ...sampleDefinition(), pages: [{ id: "p1", questions: [{ id: "q1", type: "nope" }] }] },
      },
    });
    expect(broken.body.code).toBe(400);
    expect(broken.body.data.errors[0]?.field).toMatch(/^definition\.pages\.0\.questions\.0/);
  });

  it("lists the owner's questionnaires with search, filters, sort and paging", async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    await buildQuestionnaire(t, other, { title: "别人的问卷" });
    for (const [title, kind] of [
      ["消防知识测验", "exam"],
      ["员工满意度", "satisfaction"],
      ["年会投票", "vote"],
      ["消防演练报名", "form"],
    ] as const) {
      await buildQuestionnaire(t, owner, { title, kind });
      t.clock.advance(60);
    }
    const list = (params: Record<string, string | number>) =>
      call<Page>(t.app, "GET", "questionary/getQuestionaryList", { token: owner.token, params });
    const all = await list({});
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.list.map((q) => q.title)).toEqual([
      "消防演练报名",
      "年会投票",
      "员工满意度",
      "消防知识测验",
    ]);
    expect((await list({ title: "消防" })).body.data.list.map((q) => q.title)).toEqual([
      "消防演练报名",
      "消防知识测验",
    ]);
    expect((await list({ kind: "vote" })).body.data.list.map((q) => q.title)).toEqual(["年会投票"]);
    expect(
      (await list({ sort: "createdAsc", pageSize: 2, pageNum: 2 })).body.data.list.map((q) => q.title),
    ).toEqual(["年会投票", "消防演练报名"]);
    expect((await list({ status: "published" })).body.data.total).toBe(0);
    expect((await list({ sort: "sideways" })).body).toMatchObject({ code: 400, msg: "排序方式无效" });
  });
});

describe("saving the draft", () => {
  it("bumps the version and refuses a save from an older version with 409", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner);
    const definition = { ...sampleDefinition(), title: "改过的标题" };
    const first = await call<{ version: number; issues: unknown[] }>(
      t.app,
      "POST",
      "questionary/saveQuestionary",
      {
        token: owner.token,
        json: { id: q.id, definition, baseVersion: 1 },
      },
    );
    expect(first.body).toMatchObject({
      code: 200,
      data: { version: 2, hasUnpublishedChanges: false, issues: [] },
    });
    const stale = await call(t.app, "POST", "questionary/saveQuestionary", {
      token: owner.token,
      json: { id: q.id, definition, baseVersion: 1 },
    });
    expect(stale.body).toEqual({
      code: 409,
      msg: "问卷已在其他窗口或设备上修改，请刷新后再编辑",
      data: { currentVersion: 2 },
    });
    const detail = await call<QuestionaryDetail>(t.app, "GET", "questionary/getQuestionaryDetail", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(detail.body.data).toMatchObject({ title: "改过的标题", version: 2 });
  });

  it("saves a draft with logic problems but reports them with paths", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner);
    const definition = sampleDefinition();
    const q2 = definition.pages[0]?.questions[1];
    if (q2) q2.showIf = { kind: "selected", questionId: "missing", optionIds: ["b"], match: "any" };
    const res = await call<{ issues: { path: unknown[]; level: string }[] }>(
      t.app,
      "POST",
      "questionary/saveQuestionary",
      {
        token: owner.token,
        json: { id: q.id, definition, baseVersion: 1 },
      },
    );
    expect(res.body.code).toBe(200);
    expect(
      res.body.data.issues.some((i) => i.level === "error" && JSON.stringify(i.path).includes("showIf")),
    ).toBe(true);
    const publish = await call(t.app, "POST", "questionary/releaseQuestionary", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(publish.body).toMatchObject({ code: 400, msg: "考试存在错误，请修改后再发布" });
  });

  it("accepts a 500-question definition", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner);
    const questions = Array.from({ length: 500 }, (_, i) => ({
      id: `q${i}`,
      type: "single",
      title: `第${i + 1}题：您对我们的服务是否满意？`,
      config: {
        options: ["非常满意", "满意", "一般", "不满意", "非常不满意"].map((label, j) => ({
          id: `o${j}`,
          label,
        })),
      },
    }));
    const res = await call<{ version: number }>(t.app, "POST", "questionary/saveQuestionary", {
      token: owner.token,
      json: {
        id: q.id,
        definition: { schemaVersion: 1, kind: "survey", title: "大问卷", pages: [{ id: "p1", questions }] },
        baseVersion: 1,
      },
    });
    expect(res.body.code).toBe(200);
    const summary = await call<Page>(t.app, "GET", "questionary/getQuestionaryList", { token: owner.token });
    expect(summary.body.data.list[0]?.questionCount).toBe(500);
  });
});

describe("publishing", () => {
  it("freezes a revision: later edits reach respondents only after publishing again", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner);
    const published = await call<QuestionarySummary>(t.app, "POST", "questionary/releaseQuestionary", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(published.body.data).toMatchObject({
      status: "published",
      statusName: "已发布",
      hasUnpublishedChanges: false,
    });

    const edited = { ...sampleDefinition(), title: "第二版" };
    const saved = await call(t.app, "POST", "questionary/saveQuestionary", {
      token: owner.token,
      json: { id: q.id, definition: edited, baseVersion: 1 },
    });
    expect(saved.body).toMatchObject({ data: { hasUnpublishedChanges: true } });
    const revisions = () =>
      t.db
        .selectFrom("questionnaire_revisions")
        .selectAll()
        .where("questionnaireId", "=", q.id)
        .orderBy("version")
        .execute();
    const [first] = await revisions();
    expect(JSON.parse(first?.definition ?? "{}").title).toBe("消防安全知识测验");

    await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
    const after = await revisions();
    expect(after.map((r) => r.version)).toEqual([1, 2]);
    expect(JSON.parse(after[0]?.definition ?? "{}").title).toBe("消防安全知识测验");
    expect(JSON.parse(after[1]?.definition ?? "{}").title).toBe("第二版");
  });

  it("refuses to publish or stop an exam, and publish a form, in their own words: 考试还没有题目, 考试尚未发布, 表单存在错误", async () => {
    const owner = await buildUser(t);
    const emptyExam = await buildQuestionnaire(t, owner, {
      kind: "exam",
      definition: { schemaVersion: 1, kind: "exam", title: "空考试", pages: [{ id: "p1", questions: [] }] },
    });
    const refused = await call(t.app, "POST", "questionary/releaseQuestionary", {
      token: owner.token,
      params: { id: emptyExam.id },
    });
    expect(refused.body).toMatchObject({
      code: 400,
      msg: "考试还没有题目，请先添加题目",
      data: { errors: [{ field: "definition", message: "考试还没有题目，请先添加题目" }] },
    });
    const stopDraft = await call(t.app, "POST", "questionary/stopQuestionary", {
      token: owner.token,
      params: { id: emptyExam.id },
    });
    expect(stopDraft.body).toMatchObject({ code: 400, msg: "考试尚未发布" });
    const broken = { ...sampleDefinition(), kind: "form" };
    const second = broken.pages[0]?.questions[1];
    if (second) second.showIf = { kind: "selected", questionId: "missing", optionIds: ["b"], match: "any" };
    const form = await buildQuestionnaire(t, owner, { kind: "form", definition: broken });
    const withErrors = await call(t.app, "POST", "questionary/releaseQuestionary", {
      token: owner.token,
      params: { id: form.id },
    });
    expect(withErrors.body).toMatchObject({ code: 400, msg: "表单存在错误，请修改后再发布" });
  });

  it("refuses to publish an empty questionnaire, stops and republishes", async () => {
    const owner = await buildUser(t);
    const empty = await buildQuestionnaire(t, owner, {
      kind: "survey",
      definition: { schemaVersion: 1, kind: "survey", title: "空", pages: [{ id: "p1", questions: [] }] },
    });
    const refused = await call(t.app, "POST", "questionary/releaseQuestionary", {
      token: owner.token,
      params: { id: empty.id },
    });
    expect(refused.body).toMatchObject({ code: 400, msg: "问卷还没有题目，请先添加题目" });
    const stopDraft = await call(t.app, "POST", "questionary/stopQuestionary", {
      token: owner.token,
      params: { id: empty.id },
    });
    expect(stopDraft.body).toMatchObject({ code: 400, msg: "问卷尚未发布" });

    const q = await buildQuestionnaire(t, owner);
    await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
    const stopped = await call<QuestionarySummary>(t.app, "POST", "questionary/stopQuestionary", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(stopped.body.data).toMatchObject({ status: "stopped", statusName: "已暂停" });
    const again = await call<QuestionarySummary>(t.app, "POST", "questionary/releaseQuestionary", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(again.body.data.status).toBe("published");
    expect(await t.db.selectFrom("questionnaire_revisions").selectAll().execute()).toHaveLength(1);
  });
});

describe("copy, recycle bin and convert to collect", () => {
  it("copies as a fresh draft with its own public id", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner);
    await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
    const copy = await call<QuestionarySummary>(t.app, "POST", "questionary/copyQuestionary", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(copy.body.data).toMatchObject({
      title: "消防安全知识测验（副本）",
      status: "draft",
      version: 1,
      questionCount: 2,
    });
    expect(copy.body.data.publicId).not.toBe(q.publicId);
  });

  it("round-trips through the recycle bin; only binned items are deleted for good", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner);
    const params = { id: q.id };
    const early = await call(t.app, "POST", "questionary/thoroughDelQuestionary", {
      token: owner.token,
      params,
    });
    // The factory's questionnaire is an exam: the messages name it so.
    expect(early.body).toMatchObject({ code: 409, msg: "只能彻底删除回收站中的考试" });
    expect(
      (await call(t.app, "POST", "questionary/delQuestionary", { token: owner.token, params })).body.code,
    ).toBe(200);
    const list = await call<Page>(t.app, "GET", "questionary/getQuestionaryList", { token: owner.token });
    expect(list.body.data.total).toBe(0);
    const bin = await call<Page>(t.app, "GET", "questionary/getHSZQuestionaryList", { token: owner.token });
    expect(bin.body.data.list[0]).toMatchObject({ id: q.id });
    expect(bin.body.data.list[0]?.deletedAt).not.toBe("");
    const detail = await call(t.app, "GET", "questionary/getQuestionaryDetail", {
      token: owner.token,
      params,
    });
    expect(detail.body).toMatchObject({ code: 404, msg: "考试已在回收站中，请先恢复" });

    expect(
      (await call(t.app, "POST", "questionary/recoverQuestionary", { token: owner.token, params })).body.code,
    ).toBe(200);
    expect(
      (await call<Page>(t.app, "GET", "questionary/getQuestionaryList", { token: owner.token })).body.data
        .total,
    ).toBe(1);

    await call(t.app, "POST", "questionary/delQuestionary", { token: owner.token, params });
    expect(
      (await call(t.app, "POST", "questionary/thoroughDelQuestionary", { token: owner.token, params })).body
        .code,
    ).toBe(200);
    const gone = await call(t.app, "GET", "questionary/getQuestionaryDetail", { token: owner.token, params });
    expect(gone.body).toMatchObject({ code: 404, msg: "问卷不存在或已被彻底删除" });
  });

  it("turns an exam into a collect form without scores, answers or exam settings", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner);
    const res = await call<QuestionarySummary>(t.app, "POST", "questionary/questionaryToCollect", {
      token: owner.token,
      json: { id: q.id },
    });
    expect(res.body.data).toMatchObject({ kind: "form", kindName: "收集表单", questionCount: 2 });
    const detail = await call<QuestionaryDetail>(t.app, "GET", "questionary/getQuestionaryDetail", {
      token: owner.token,
      params: { id: q.id },
    });
    const definition = detail.body.data.definition;
    expect(definition.kind).toBe("form");
    expect(definition.settings.exam).toBeUndefined();
    const first = definition.pages[0]?.questions[0];
    expect(first?.scoring).toBeUndefined();
    expect(JSON.stringify(first?.config)).not.toMatch(/correct|score/);
    expect(definition.pages[0]?.questions[1]?.showIf).toBeDefined();
  });
});

describe("collection settings", () => {
  it("reads defaults, merges partial updates and refuses bad values", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner);
    const updated = await call(t.app, "POST", "questionary/updateQuestionarySet", {
      token: owner.token,
      json: {
        id: q.id,
        settings: {
          maxResponses: 500,
          password: "8888",
          limitPerIp: { enabled: true, max: 1, period: "day" },
        },
      },
    });
    expect(updated.body).toMatchObject({
      code: 200,
      data: { maxResponses: 500, password: "8888", progressBar: true },
    });
    const again = await call(t.app, "POST", "questionary/updateQuestionarySet", {
      token: owner.token,
      json: { id: q.id, settings: { themeColor: "#123456" } },
    });
    expect(again.body).toMatchObject({
      data: { maxResponses: 500, themeColor: "#123456", limitPerIp: { enabled: true } },
    });
    const bad = await call(t.app, "POST", "questionary/updateQuestionarySet", {
      token: owner.token,
      json: { id: q.id, settings: { themeColor: "red", redirectUrl: "javascript:alert(1)" } },
    });
    expect(bad.body.code).toBe(400);
    const read = await call(t.app, "GET", "questionary/getQuestionarySet", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(read.body).toMatchObject({ data: { themeColor: "#123456" } });
  });
});

describe("questionaryType", () => {
  it("lists the six kinds with sub-categories, filterable by kind", async () => {
    const all = await call<{ kind: string; categories: unknown[] }[]>(
      t.app,
      "GET",
      "questionaryType/onelist",
    );
    expect(all.body.data.map((k) => k.kind)).toEqual([
      "survey",
      "exam",
      "form",
      "vote",
      "satisfaction",
      "knowledge",
    ]);
    expect(all.body.data.every((k) => k.categories.length > 0)).toBe(true);
    const exam = await call<{ name: string }[]>(t.app, "GET", "questionaryType/list", {
      params: { kind: "exam" },
    });
    expect(exam.body.data.map((k) => k.name)).toEqual(["在线考试"]);
  });
});
