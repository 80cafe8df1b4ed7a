import { checkDefinition, questionnaireKinds } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import type { Page } from "../../db/paging.ts";
import { definitionOf } from "./build.ts";
import { officialTemplates, seedOfficialTemplates } from "./index.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe("official templates", () => {
  it("number at least 40, at least 5 per kind, across at least 8 professions", () => {
    expect(officialTemplates.length).toBeGreaterThanOrEqual(40);
    for (const kind of questionnaireKinds) {
      expect(officialTemplates.filter((tpl) => tpl.kind === kind).length, kind).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(officialTemplates.map((tpl) => tpl.profession)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(officialTemplates.map((tpl) => tpl.title)).size).toBe(officialTemplates.length);
  });

  it("each passes core's definition check; exams carry answers, scores and explanations", () => {
    for (const template of officialTemplates) {
      const definition = definitionOf(template);
      const errors = checkDefinition(definition).filter((issue) => issue.level === "error");
      expect(errors, template.title).toEqual([]);
      if (template.kind === "exam") {
        const questions = definition.pages.flatMap((p) => p.questions);
        expect(
          questions.every((q) => q.scoring !== undefined),
          template.title,
        ).toBe(true);
        expect(
          questions.some((q) => q.explanation),
          template.title,
        ).toBe(true);
      }
    }
  });

  it("are seeded once on an empty database and each can be used and published", async () => {
    const admin = await buildAdmin(t);
    expect(await seedOfficialTemplates(t.ctx)).toBe(officialTemplates.length);
    expect(await seedOfficialTemplates(t.ctx)).toBe(0);
    // The seed leaves no admin session behind.
    const sessions = await t.db
      .selectFrom("sessions")
      .select("id")
      .where("userId", "=", admin.user.id)
      .execute();
    expect(sessions).toHaveLength(1);

    const user = await buildUser(t);
    const gallery = await call<Page<{ id: number; title: string }>>(
      t.app,
      "GET",
      "navigation/getChoiceTemplateList",
      {
        params: { pageSize: 100 },
      },
    );
    expect(gallery.body.data.total).toBe(officialTemplates.length);
    for (const card of gallery.body.data.list) {
      const quoted = await call<{ id: number }>(t.app, "POST", "navigation/quoteTemplate", {
        token: user.token,
        params: { id: card.id },
      });
      expect(quoted.body.code, card.title).toBe(200);
      const published = await call(t.app, "POST", "questionary/releaseQuestionary", {
        token: user.token,
        params: { id: quoted.body.data.id },
      });
      expect(published.body, card.title).toMatchObject({ code: 200, data: { status: "published" } });
    }
    const audit = await t.db
      .selectFrom("audit_logs")
      .select("entity")
      .where("adminId", "=", admin.user.id)
      .execute();
    expect(audit.filter((a) => a.entity === "template")).toHaveLength(officialTemplates.length);
  });
});
