import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { checkDefinition, questionaryKindInfos, questionnaireKinds, type SurveyDefinition } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import type { Page } from "../../db/paging.ts";
import { coverOf, definitionOf } from "./build.ts";
import { officialProfessions, officialTemplates, seedOfficialTemplates } from "./index.ts";

type Question = SurveyDefinition["pages"][number]["questions"][number];

/** The questions a respondent answers: 段落说明 (paragraph) is a heading, not a question. */
const questionsOf = (definition: SurveyDefinition): Question[] =>
  definition.pages.flatMap((page) => page.questions).filter((q) => q.type !== "paragraph");

const publicDir = fileURLToPath(new URL("../../../../web/public", import.meta.url));

/** Well-formed for the purpose of an <img>: one <svg> root with a viewBox, every tag closed in order. */
function svgProblems(svg: string): string[] {
  const problems: string[] = [];
  if (!/^<svg\s[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg.trim()))
    problems.push("root is not <svg xmlns>");
  if (!/viewBox="0 0 320 180"/.test(svg)) problems.push("viewBox is not 0 0 320 180");
  if (/<text[\s>]/.test(svg)) problems.push("has <text>");
  if (/(?:href|src)="(?:https?:)?\/\//.test(svg) || /url\((?!#)/.test(svg))
    problems.push("refers to an outside file");
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) open.push(name ?? "");
    else if (open.pop() !== name) problems.push(`</${name}> closes the wrong element`);
  }
  if (open.length > 0) problems.push(`unclosed ${open.join(", ")}`);
  return problems;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe("official templates", () => {
  it("number at least 80, at least 10 per kind, every scene category and all ten professions used", () => {
    expect(officialTemplates.length).toBeGreaterThanOrEqual(80);
    for (const kind of questionnaireKinds) {
      expect(officialTemplates.filter((tpl) => tpl.kind === kind).length, kind).toBeGreaterThanOrEqual(10);
    }
    for (const info of questionaryKindInfos) {
      for (const category of info.categories) {
        const inCategory = officialTemplates.filter((tpl) => tpl.categoryId === category.id);
        expect(inCategory.length, category.id).toBeGreaterThanOrEqual(2);
        expect(new Set(inCategory.map((tpl) => tpl.kind)), category.id).toEqual(new Set([info.kind]));
      }
    }
    for (const profession of officialProfessions) {
      expect(
        officialTemplates.filter((tpl) => tpl.profession === profession).length,
        profession,
      ).toBeGreaterThanOrEqual(6);
    }
    expect(new Set(officialTemplates.map((tpl) => tpl.title)).size).toBe(officialTemplates.length);
  });

  it("are as long as professional questionnaires: median at least 12 questions, none of the non-votes under 10", () => {
    const lengths = officialTemplates
      .map((tpl) => questionsOf(definitionOf(tpl)).length)
      .sort((a, b) => a - b);
    const middle = lengths.length / 2;
    const median =
      lengths.length % 2 === 1
        ? (lengths[Math.floor(middle)] ?? 0)
        : ((lengths[middle - 1] ?? 0) + (lengths[middle] ?? 0)) / 2;
    expect(median).toBeGreaterThanOrEqual(12);
    for (const template of officialTemplates.filter((tpl) => tpl.kind !== "vote")) {
      expect(questionsOf(definitionOf(template)).length, template.title).toBeGreaterThanOrEqual(10);
    }
  });

  it("use scales where a researcher would, and logic where it helps", () => {
    const scales = new Set(["likert", "matrixScale", "matrixSingle", "nps", "star"]);
    for (const template of officialTemplates) {
      const questions = questionsOf(definitionOf(template));
      if (template.kind === "survey" || template.kind === "satisfaction") {
        expect(
          questions.some((q) => scales.has(q.type)),
          template.title,
        ).toBe(true);
      }
      if (template.kind === "satisfaction") {
        expect(
          questions.some((q) => q.type === "nps" || q.type === "star" || q.type === "matrixScale"),
          template.title,
        ).toBe(true);
      }
      if (template.kind === "vote") {
        expect(
          questions.some((q) => q.type === "voteSingle" || q.type === "voteMultiple"),
          template.title,
        ).toBe(true);
      }
    }
    // Surveys, forms and satisfaction surveys branch (follow-ups, screening); exams, quizzes and votes rarely do.
    const branching = officialTemplates.filter((tpl) =>
      ["survey", "form", "satisfaction"].includes(tpl.kind),
    );
    const withLogic = branching.filter((tpl) =>
      questionsOf(definitionOf(tpl)).some((q) => q.showIf !== undefined || (q.jumps?.length ?? 0) > 0),
    );
    expect(withLogic.length).toBeGreaterThanOrEqual(branching.length * 0.8);
  });

  it("each scene category has its own cover, drawn as a small SVG in the web app's public folder", () => {
    const drawings = new Map<string, string>();
    for (const info of questionaryKindInfos) {
      for (const category of info.categories) {
        const url = coverOf(category.id);
        const svg = readFileSync(`${publicDir}${url}`, "utf8");
        expect(Buffer.byteLength(svg), url).toBeLessThan(4096);
        expect(svgProblems(svg), url).toEqual([]);
        const drawing = svg.replace(/<title>[^<]*<\/title>/, "");
        expect(drawings.get(drawing), `${url} repeats another category's drawing`).toBeUndefined();
        drawings.set(drawing, url);
      }
    }
    for (const template of officialTemplates)
      expect(template.cover, template.title).toBe(coverOf(template.categoryId));
  });

  it("each passes core's definition check; exams and quizzes carry answers, scores and explanations", () => {
    for (const template of officialTemplates) {
      const definition = definitionOf(template);
      const errors = checkDefinition(definition).filter((issue) => issue.level === "error");
      expect(errors, template.title).toEqual([]);
      if (template.kind === "exam" || template.kind === "knowledge") {
        const questions = questionsOf(definition);
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

  // Some 90 templates, each seeded, quoted and published through the API: on a loaded PostgreSQL this takes
  // several times the default 30 s.
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
    const cards: { id: number; title: string; cover: string }[] = [];
    for (let pageNum = 1; cards.length < officialTemplates.length && pageNum <= 10; pageNum += 1) {
      const gallery = await call<Page<{ id: number; title: string; cover: string }>>(
        t.app,
        "GET",
        "navigation/getChoiceTemplateList",
        { params: { pageSize: 50, pageNum } },
      );
      expect(gallery.body.data.total).toBe(officialTemplates.length);
      cards.push(...gallery.body.data.list);
    }
    expect(cards).toHaveLength(officialTemplates.length);
    for (const card of cards) {
      expect(card.cover, card.title).toMatch(/^\/template-covers\/[a-z]+-\d\.svg$/);
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
  }, 180_000);
});
