import type { QuestionaryDetail, QuestionarySummary, TemplateCard, TemplateDetail } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildQuestionnaire, buildUser, sampleDefinition } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import type { Page } from "../../db/paging.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const post = <T>(token: string, path: string, params: Record<string, string | number>) =>
  call<T>(t.app, "POST", path, { token, params });
const gallery = (params: Record<string, string | number> = {}) =>
  call<Page<TemplateCard>>(t.app, "GET", "navigation/getChoiceTemplateList", { params });

describe("a template's life", () => {
  it("saved as template → 我的模板 → submitted → approved into the gallery → quoted into a new draft", async () => {
    const admin = await buildAdmin(t);
    const author = await buildUser(t, { isTemplate: 1, nickName: "李老师" });
    const user = await buildUser(t);
    const q = await buildQuestionnaire(t, author, { title: "消防安全知识测验" });

    const saved = await post<TemplateCard>(author.token, "template/addTemplate", {
      questionaryId: q.id,
      description: "十道消防常识题",
      tags: "消防,安全",
    });
    expect(saved.body).toMatchObject({ code: 200, msg: "模板已保存" });
    expect(saved.body.data).toMatchObject({ visibility: "private", reviewState: "draft", questionCount: 2 });
    const id = saved.body.data.id;
    const mine = await call<Page<TemplateCard>>(t.app, "GET", "template/getMyTemplateList", {
      token: author.token,
    });
    expect(mine.body.data.list.map((c) => c.title)).toEqual(["消防安全知识测验"]);
    expect((await gallery()).body.data.total).toBe(0);

    const submitted = await post<TemplateCard>(author.token, "template/updateTemplate", {
      id,
      visibility: "public",
    });
    expect(submitted.body.data.reviewState).toBe("pending");
    expect((await gallery()).body.data.total).toBe(0);

    await post(admin.token, "admin/template/review", { id, approve: 1 });
    const listed = await gallery({ keyword: "消防" });
    expect(listed.body.data.list).toHaveLength(1);
    expect(listed.body.data.list[0]).toMatchObject({
      authorName: "李老师",
      tags: ["消防", "安全"],
      useCount: 0,
    });
    expect((await gallery({ keyword: "会计" })).body.data.total).toBe(0);
    expect((await gallery({ kind: "survey" })).body.data.total).toBe(0);

    const detail = await call<TemplateDetail>(t.app, "GET", "template/getTemplateDetail", { params: { id } });
    expect(detail.body.data.definition.pages[0]?.questions).toHaveLength(2);
    expect(detail.body.data.editable).toBe(false);

    const quoted = await post<QuestionarySummary>(user.token, "navigation/quoteTemplate", { id });
    expect(quoted.body).toMatchObject({
      code: 200,
      data: { status: "draft", questionCount: 2, responseCount: 0 },
    });
    const copy = await call<QuestionaryDetail>(t.app, "GET", "questionary/getQuestionaryDetail", {
      token: user.token,
      params: { id: quoted.body.data.id },
    });
    expect(copy.body.data.definition.pages[0]?.questions.map((x) => x.title)).toEqual(
      detail.body.data.definition.pages[0]?.questions.map((x) => x.title),
    );
    // Fresh ids, and q2's show logic (q1 = 119) follows q1 and its option to their new ids.
    const [q1, q2] = copy.body.data.definition.pages[0]?.questions ?? [];
    const options = (q1?.config as { options?: { id: string; label: string }[] } | undefined)?.options ?? [];
    expect(options).toHaveLength(2);
    for (const id of [q1?.id, q2?.id, ...options.map((o) => o.id)])
      expect(["p1", "q1", "q2", "a", "b"]).not.toContain(id);
    expect(q2?.showIf).toEqual({
      kind: "selected",
      questionId: q1?.id,
      optionIds: [options.find((o) => o.label === "119")?.id],
      match: "any",
    });
    expect(copy.body.data.issues.filter((i) => i.level === "error")).toEqual([]);
    const second = await post<QuestionarySummary>(user.token, "navigation/quoteTemplate", { id });
    const other = await call<QuestionaryDetail>(t.app, "GET", "questionary/getQuestionaryDetail", {
      token: user.token,
      params: { id: second.body.data.id },
    });
    expect(other.body.data.definition.pages[0]?.questions[0]?.id).not.toBe(q1?.id);
    expect((await gallery()).body.data.list[0]?.useCount).toBe(2);

    // Changing an approved public template sends it back to review: nothing unreviewed is shown.
    const edited = await post<TemplateCard>(author.token, "template/updateTemplate", {
      id,
      title: "消防知识测验（新版）",
    });
    expect(edited.body.data.reviewState).toBe("pending");
    expect((await gallery()).body.data.total).toBe(0);
    const rejected = await call(t.app, "POST", "admin/template/review", {
      token: admin.token,
      params: { id, approve: 0 },
    });
    expect(rejected.body).toMatchObject({ code: 400, msg: "请填写驳回原因（1-200个字）" });
    await post(admin.token, "admin/template/review", { id, approve: 0, reason: "题目有错别字" });
    const afterReject = await call<Page<TemplateCard>>(t.app, "GET", "template/getMyTemplateList", {
      token: author.token,
    });
    expect(afterReject.body.data.list[0]).toMatchObject({
      reviewState: "rejected",
      rejectReason: "题目有错别字",
    });
    const again = await post(admin.token, "admin/template/review", { id, approve: 1 });
    expect(again.body).toMatchObject({ code: 409, msg: "该模板不在待审核状态" });

    const audit = await t.db
      .selectFrom("audit_logs")
      .select(["action", "entity"])
      .where("entity", "=", "template")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["review", "review"]);

    const deleted = await post(author.token, "template/delTemplate", { id });
    expect(deleted.body.code).toBe(200);
    expect(
      await t.db.selectFrom("templates").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("official templates go public at once, sort by 最热/最新, filter by profession and are featured", async () => {
    const admin = await buildAdmin(t);
    const user = await buildUser(t);
    const prof = await post<{ id: number }>(admin.token, "admin/profession/save", { name: "教育", sort: 1 });
    expect(prof.body.code).toBe(200);
    const dup = await post(admin.token, "admin/profession/save", { name: "教育" });
    expect(dup.body).toMatchObject({ code: 409, msg: "该行业已存在" });
    const professions = await call<{ name: string }[]>(t.app, "GET", "questionaryType/getProfessionList");
    expect(professions.body.data.map((p) => p.name)).toContain("教育");

    const make = async (title: string, professionId?: number) =>
      (
        await call<TemplateCard>(t.app, "POST", "template/addTemplate", {
          token: admin.token,
          json: {
            official: true,
            definition: sampleDefinition(title),
            categoryId: "exam-1",
            ...(professionId ? { professionId } : {}),
          },
        })
      ).body.data;
    const a = await make("期中考试", prof.body.data.id);
    const b = await make("期末考试");
    expect(a).toMatchObject({
      official: true,
      reviewState: "approved",
      authorName: "问卷管家官方",
      categoryName: "学校考试",
    });
    await post(user.token, "navigation/quoteTemplate", { id: a.id });
    const hot = await gallery({ sort: "hot" });
    expect(hot.body.data.list.slice(0, 2).map((c) => c.id)).toEqual([a.id, b.id]);
    const byProfession = await gallery({ professionId: prof.body.data.id });
    expect(byProfession.body.data.list.map((c) => c.id)).toEqual([a.id]);
    expect((await gallery({ categoryId: "exam-1", kind: "exam" })).body.data.total).toBeGreaterThanOrEqual(2);

    await post(admin.token, "admin/template/feature", { id: b.id, featured: 1 });
    const featured = await gallery({ featured: 1 });
    expect(featured.body.data.list.map((c) => c.id)).toEqual([b.id]);

    const inUse = await post(admin.token, "admin/profession/delete", { id: prof.body.data.id });
    expect(inUse.body).toMatchObject({ code: 409, msg: "该行业下还有模板，请先调整这些模板的行业" });

    const bad = await call(t.app, "POST", "template/addTemplate", {
      token: admin.token,
      json: {
        official: true,
        definition: { ...sampleDefinition("空"), pages: [{ id: "p1", questions: [] }] },
      },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: "模板还没有题目，请先添加题目" });
    const badCategory = await post(admin.token, "template/addTemplate", {
      definition: JSON.stringify(sampleDefinition()),
      categoryId: "survey-1",
    });
    expect(badCategory.body).toMatchObject({ code: 400, msg: "模板场景分类无效" });
  });

  it("模板管理: an admin edits a user's template's metadata, takes it down and back up, and deletes it", async () => {
    const admin = await buildAdmin(t);
    const author = await buildUser(t, { isTemplate: 1 });
    const q = await buildQuestionnaire(t, author, { title: "员工满意度" });
    const { id } = (
      await post<TemplateCard>(author.token, "template/addTemplate", {
        questionaryId: q.id,
        visibility: "public",
      })
    ).body.data;
    const pending = await call<Page<TemplateCard>>(t.app, "GET", "admin/template/list", {
      token: admin.token,
      params: { reviewState: "pending", keyword: "员工" },
    });
    expect(pending.body.data.list.map((c) => c.id)).toEqual([id]);
    await post(admin.token, "admin/template/review", { id, approve: 1 });

    const edited = await post<TemplateCard>(admin.token, "admin/template/update", {
      id,
      title: "员工满意度调查（通用版）",
      kind: "survey",
      categoryId: "survey-1",
      tags: "员工,满意度",
    });
    expect(edited.body.data).toMatchObject({
      title: "员工满意度调查（通用版）",
      kind: "survey",
      reviewState: "approved",
      tags: ["员工", "满意度"],
    });
    const detail = await call<TemplateDetail>(t.app, "GET", "template/getTemplateDetail", { params: { id } });
    expect(detail.body.data.definition).toMatchObject({ title: "员工满意度调查（通用版）", kind: "survey" });
    expect((await gallery({ keyword: "通用版" })).body.data.total).toBe(1);

    await post(admin.token, "admin/template/feature", { id, featured: 1 });
    const down = await post<TemplateCard>(admin.token, "admin/template/takeDown", { id, takenDown: 1 });
    expect(down.body.data).toMatchObject({ reviewState: "withdrawn", featured: false });
    expect((await gallery({ keyword: "通用版" })).body.data.total).toBe(0);
    const twice = await post(admin.token, "admin/template/takeDown", { id, takenDown: 1 });
    expect(twice.body).toMatchObject({ code: 409, msg: "该模板未上架，无需下架" });
    const up = await post<TemplateCard>(admin.token, "admin/template/takeDown", { id, takenDown: 0 });
    expect(up.body.data.reviewState).toBe("approved");
    expect((await gallery({ keyword: "通用版" })).body.data.total).toBe(1);

    const removed = await post(admin.token, "admin/template/delete", { id });
    expect(removed.body.code).toBe(200);
    expect(
      await t.db.selectFrom("templates").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
    const audit = await t.db
      .selectFrom("audit_logs")
      .select("action")
      .where("entity", "=", "template")
      .where("entityId", "=", String(id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      "review",
      "update",
      "feature",
      "takeDown",
      "restore",
      "delete",
    ]);
  });
});
