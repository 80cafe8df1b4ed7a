import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkDefinition, parseDefinition, type Question } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { buildDocx, buildExcel, buildLsa } from "./fixtures/build-files.ts";
import { excelFixtures } from "./fixtures/excel-specs.ts";
import type { Expectation } from "./fixtures/expectation.ts";
import { buildLss } from "./fixtures/lss-builder.ts";
import { lssFixtures } from "./fixtures/lss-specs.ts";
import { surveyJsFixtures } from "./fixtures/surveyjs-expectations.ts";
import { wordFixtures } from "./fixtures/word-specs.ts";
import { excelTemplate, type ImportPreview, previewImport } from "./index.ts";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");

type Ok = Extract<ImportPreview, { ok: true }>;

function questionsOf(preview: Ok): Question[] {
  return preview.definition.pages.flatMap((page) => page.questions);
}

/** Imported, valid for core (parse and every definition check, warnings included), and as expected. */
function expectImported(preview: ImportPreview, expected: Expectation): Ok {
  if (!preview.ok) throw new Error(`import refused: ${preview.message}`);
  const parsed = parseDefinition(preview.definition);
  expect(parsed.ok).toBe(true);
  expect(checkDefinition(preview.definition)).toEqual([]);
  expect(preview.counts.mapped, preview.report.join("\n")).toBe(expected.mapped);
  expect(preview.counts.skipped).toBe(expected.skipped ?? 0);
  expect(preview.counts.questions).toBe(preview.counts.mapped + preview.counts.skipped);
  expect(preview.title.trim()).not.toBe("");
  const byId = new Map(questionsOf(preview).map((question) => [question.id, question]));
  for (const [id, type] of Object.entries(expected.types ?? {})) expect(byId.get(id)?.type, id).toBe(type);
  for (const id of expected.logic ?? [])
    expect(byId.get(id)?.showIf, `${id} keeps its condition`).toBeDefined();
  for (const line of expected.report ?? [])
    expect(
      preview.report.some((text) => line.test(text)),
      `${line} in\n${preview.report.join("\n")}`,
    ).toBe(true);
  if (expected.kind) expect(preview.definition.kind).toBe(expected.kind);
  if (expected.pages) expect(preview.definition.pages).toHaveLength(expected.pages);
  return preview;
}

describe("SurveyJS JSON", () => {
  const files = fs.readdirSync(path.join(fixtures, "surveyjs")).filter((name) => name.endsWith(".json"));

  it("has an expectation for each of at least 10 files", () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(files.sort()).toEqual(Object.keys(surveyJsFixtures).sort());
  });

  for (const [file, expected] of Object.entries(surveyJsFixtures)) {
    it(`imports ${file}`, async () => {
      const bytes = fs.readFileSync(path.join(fixtures, "surveyjs", file));
      expectImported(await previewImport({ fileName: file, bytes }), expected);
    });
  }

  it("maps logic, correct answers, piping and settings as SurveyJS means them", async () => {
    const read = async (file: string) =>
      expectImported(
        await previewImport({
          fileName: file,
          bytes: fs.readFileSync(path.join(fixtures, "surveyjs", file)),
        }),
        surveyJsFixtures[file] as Expectation,
      );
    const logic = new Map(questionsOf(await read("logic.json")).map((q) => [q.id, q]));
    expect(logic.get("devices")?.showIf).toEqual({
      kind: "notSelected",
      questionId: "has_internet",
      optionIds: ["no"],
      match: "any",
    });
    expect(logic.get("gaming_lag")?.showIf).toEqual({
      kind: "all",
      conditions: [
        { kind: "selected", questionId: "devices", optionIds: ["console", "tv"], match: "all" },
        { kind: "compare", questionId: "speed", op: "lt", value: 3 },
      ],
    });
    const devices = logic.get("devices");
    const iot = devices?.type === "multiple" ? devices.config.options.find((o) => o.id === "iot") : undefined;
    expect(iot?.showIf).toEqual({
      kind: "selected",
      questionId: "provider",
      optionIds: ["telecom", "unicom"],
      match: "any",
    });

    const quiz = await read("quiz-scores.json");
    const port = questionsOf(quiz).find((q) => q.id === "http_port");
    expect(port?.scoring).toEqual({ mode: "single", points: 1 });
    expect(port?.type === "single" && port.config.options.find((o) => o.correct)?.label).toBe("443");
    expect(quiz.definition.settings.exam?.timeLimitMinutes).toBe(10);

    const localized = await read("product-feedback-localized.json");
    expect(localized.title).toBe("产品反馈问卷");
    expect(questionsOf(localized).at(-1)?.title).toContain("{{usage}}");

    const nps = await read("nps.json");
    expect(nps.definition.settings.numbering).toBe("none");
  });
});

describe("LimeSurvey .lss", () => {
  it("has at least 10 files, each exactly what the builder writes", () => {
    expect(lssFixtures.length).toBeGreaterThanOrEqual(10);
    for (const { file, spec } of lssFixtures)
      expect(
        fs.readFileSync(path.join(fixtures, "limesurvey", file), "utf8"),
        `${file}: regenerate with node --import tsx src/imports/fixtures/generate.ts`,
      ).toBe(buildLss(spec));
  });

  for (const { file, expect: expected } of lssFixtures) {
    it(`imports ${file}`, async () => {
      const bytes = fs.readFileSync(path.join(fixtures, "limesurvey", file));
      expectImported(await previewImport({ fileName: file, bytes }), expected);
    });
  }

  it("maps relevance on subquestions, array cells, SGQA names and the legacy conditions table", async () => {
    const read = async (file: string) => {
      const fixture = lssFixtures.find((candidate) => candidate.file === file);
      if (!fixture) throw new Error(file);
      const preview = await previewImport({ fileName: file, bytes: Buffer.from(buildLss(fixture.spec)) });
      return new Map(questionsOf(expectImported(preview, fixture.expect)).map((q) => [q.id, q]));
    };
    const logic = await read("logic.lss");
    expect(logic.get("noShower")?.showIf).toEqual({
      kind: "all",
      conditions: [
        { kind: "notSelected", questionId: "extras", optionIds: ["SQ001"], match: "any" },
        { kind: "notSelected", questionId: "mode", optionIds: ["WALK"], match: "any" },
      ],
    });
    expect(logic.get("sgqa")?.showIf).toEqual({
      kind: "selected",
      questionId: "mode",
      optionIds: ["CAR"],
      match: "any",
    });
    const matrix = await read("matrix-heavy.lss");
    expect(matrix.get("kitchenWhy")?.showIf).toEqual({
      kind: "any",
      conditions: [
        { kind: "compare", questionId: "rooms", key: "R2", op: "eq", value: "Strongly disagree" },
        { kind: "compare", questionId: "rooms", key: "R2", op: "eq", value: "Disagree" },
      ],
    });
    const legacy = await read("legacy-conditions.lss");
    expect(legacy.get("symptoms")?.showIf).toEqual({
      kind: "any",
      conditions: [
        { kind: "selected", questionId: "reason", optionIds: ["ILL"], match: "any" },
        { kind: "selected", questionId: "reason", optionIds: ["INJ"], match: "any" },
      ],
    });
    const nps = await read("nps.lss");
    expect(nps.get("promoter")?.showIf).toEqual({
      kind: "selected",
      questionId: "NPS",
      optionIds: ["a9", "a10"],
      match: "any",
    });
    const exam = await read("exam-with-scores.lss");
    expect(exam.get("Q1")?.scoring).toEqual({ mode: "perOption" });
  });
});

describe("LimeSurvey .lsa archives", () => {
  for (const { file, spec, expect: expected } of lssFixtures) {
    const name = file.replace(/\.lss$/, ".lsa");
    it(`imports ${name}`, async () => {
      expectImported(await previewImport({ fileName: name, bytes: await buildLsa(spec) }), expected);
    });
  }
});

describe("Excel from the template", () => {
  it("has at least 10 files", () => expect(excelFixtures.length).toBeGreaterThanOrEqual(10));

  for (const spec of excelFixtures) {
    it(`imports ${spec.file}`, async () => {
      expectImported(
        await previewImport({ fileName: spec.file, bytes: await buildExcel(spec) }),
        spec.expect,
      );
    });
  }

  it("reads back its own template: example rows, the title sheet, an exam row and conditions", async () => {
    const preview = expectImported(
      await previewImport({ fileName: "问卷导入模板.xlsx", bytes: await excelTemplate() }),
      {
        mapped: 9,
        pages: 2,
        kind: "exam",
        types: { Q1: "single", Q3: "multiple", Q5: "matrixScale", Q6: "nps", Q7: "star", Q8: "personal" },
        logic: ["Q4", "Q8"],
      },
    );
    expect(preview.title).toBe("顾客满意度调查");
  });
});

describe("Word .docx through the text import", () => {
  it("has at least 10 files", () => expect(wordFixtures.length).toBeGreaterThanOrEqual(10));

  for (const spec of wordFixtures) {
    it(`imports ${spec.file}`, async () => {
      expectImported(await previewImport({ fileName: spec.file, bytes: await buildDocx(spec) }), spec.expect);
    });
  }
});
