import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { exportSurveyJs, type ImportPreview, previewImport } from "./index.ts";
import { parseSjsExpression, type SjsExpr, type SjsOperand } from "./surveyjs-expression.ts";
import { localized } from "./surveyjs-values.ts";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "surveyjs");
type Json = Record<string, unknown>;

/** Every element in order, panels opened (a panel is listed before what it holds). */
function elementsOf(survey: Json): Json[] {
  const out: Json[] = [];
  const walk = (elements: unknown) => {
    for (const element of (elements ?? []) as Json[]) {
      out.push(element);
      if (element.type === "panel") walk(element.elements);
    }
  };
  for (const page of (survey.pages ?? [{ elements: survey.elements }]) as Json[]) walk(page.elements);
  return out;
}

/** Choices, rows or columns as `{ value, text }` (SurveyJS lets a plain value stand for both). */
function items(list: unknown, locale?: string): { value: unknown; text: string }[] {
  return ((list ?? []) as unknown[]).map((item) =>
    typeof item === "object" && item !== null
      ? {
          value: (item as Json).value,
          text: localized((item as Json).text, locale) || String((item as Json).value),
        }
      : { value: item, text: String(item) },
  );
}

/** A condition's tree with names mapped to the exported ones and constants compared as SurveyJS does (loosely). */
function normalized(source: string, rename: (name: string) => string): unknown {
  const expr = parseSjsExpression(source);
  if (!expr) throw new Error(`unparsable ${source}`);
  const operand = (o: SjsOperand): unknown =>
    o.kind === "var"
      ? { var: rename(o.name) }
      : o.kind === "const"
        ? { const: String(o.value) }
        : { array: o.items.map(String) };
  const walk = (e: SjsExpr): unknown => {
    switch (e.kind) {
      case "and":
      case "or":
        return { [e.kind]: e.items.map(walk) };
      case "not":
        return { not: walk(e.expr) };
      case "binary":
        return { op: e.op, left: operand(e.left), right: operand(e.right) };
      case "unary":
        return { op: e.op, operand: operand(e.operand) };
      case "operand":
        return operand(e.operand);
    }
  };
  return walk(expr);
}

const sameType: Record<string, string> = { tagbox: "checkbox" };

const roundTrip = [
  "customer-satisfaction.json",
  "employee-engagement.json",
  "course-evaluation.json",
  "event-registration.json",
  "quiz-scores.json",
  "nps.json",
  "matrix-heavy.json",
  "logic.json",
  "chinese-only.json",
  "product-feedback-localized.json",
];

describe("SurveyJS → product → SurveyJS", () => {
  for (const file of roundTrip) {
    it(`keeps titles, choices, required flags and visibility logic of ${file}`, async () => {
      const original = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Json;
      const locale = typeof original.locale === "string" ? original.locale : undefined;
      const preview: ImportPreview = await previewImport({
        fileName: file,
        bytes: Buffer.from(JSON.stringify(original)),
      });
      if (!preview.ok) throw new Error(preview.message);
      const exported = exportSurveyJs(preview.definition);
      // Through JSON, as the download carries it.
      const again = JSON.parse(JSON.stringify(exported)) as Json;
      expect(again.title).toBe(localized(original.title, locale));

      const before = elementsOf(original);
      const after = elementsOf(again);
      expect(after).toHaveLength(before.length);
      const names = new Map(before.map((element, i) => [String(element.name), String(after[i]?.name)]));
      const rename = (name: string) => {
        const [base = "", ...rest] = name.split(".");
        return [names.get(base) ?? `?${base}`, ...rest].join(".");
      };
      const kept = new Set(
        preview.definition.pages
          .flatMap((page) => page.questions)
          .filter((q) => q.showIf)
          .map((q) => q.id),
      );

      before.forEach((source, i) => {
        const result = after[i] as Json;
        const at = `${file} ${String(source.name)}`;
        expect(result.type, at).toBe(sameType[String(source.type)] ?? source.type);
        if (source.type !== "html")
          expect(result.title, at).toBe(localized(source.title, locale) || source.name);
        expect(Boolean(result.isRequired), at).toBe(Boolean(source.isRequired));
        for (const key of ["choices", "rows", "columns", "rateValues"] as const) {
          if (
            source[key] === undefined ||
            source.type === "matrixdropdown" ||
            source.type === "matrixdynamic"
          )
            continue;
          expect(items(result[key]), `${at} ${key}`).toEqual(items(source[key], locale));
        }
        if (source.showOtherItem)
          expect(result.otherText ?? "其他", at).toBe(localized(source.otherText, locale) || "其他");
        if (source.correctAnswer !== undefined)
          expect(result.correctAnswer, at).toEqual(source.correctAnswer);
        for (const key of [
          "rateMin",
          "rateMax",
          "minRateDescription",
          "maxRateDescription",
          "inputType",
        ] as const)
          if (source[key] !== undefined && source.inputType !== "tel")
            expect(result[key], `${at} ${key}`).toEqual(source[key]);
        if (typeof source.visibleIf !== "string") expect(result.visibleIf, at).toBeUndefined();
        else if (kept.has(String(result.name)) || source.type === "panel")
          expect(
            normalized(String(result.visibleIf), (n) => n),
            at,
          ).toEqual(normalized(source.visibleIf, rename));
        else
          expect(
            preview.report.some((line) => line.includes(String(source.visibleIf))),
            at,
          ).toBe(true);
        const choices = items(source.choices);
        ((source.choices ?? []) as Json[]).forEach((choice, c) => {
          if (typeof choice !== "object" || typeof choice.visibleIf !== "string") return;
          const out = (result.choices as Json[]).find((item) => item.value === choices[c]?.value);
          expect(
            normalized(String(out?.visibleIf), (n) => n),
            at,
          ).toEqual(normalized(choice.visibleIf, rename));
        });
      });

      const pagesBefore = (original.pages ?? []) as Json[];
      const pagesAfter = (again.pages ?? []) as Json[];
      pagesBefore.forEach((page, i) => {
        if (typeof page.visibleIf === "string")
          expect(normalized(String(pagesAfter[i]?.visibleIf), (n) => n)).toEqual(
            normalized(page.visibleIf, rename),
          );
        if (page.title) expect(pagesAfter[i]?.title).toBe(localized(page.title, locale));
      });
    });
  }

  it("imports its own export to the same questions", async () => {
    for (const file of fs.readdirSync(dir)) {
      const first = await previewImport({ fileName: file, bytes: fs.readFileSync(path.join(dir, file)) });
      if (!first.ok) throw new Error(first.message);
      const second = await previewImport({
        fileName: file,
        bytes: Buffer.from(JSON.stringify(exportSurveyJs(first.definition))),
      });
      if (!second.ok) throw new Error(second.message);
      const strip = (preview: typeof first) =>
        preview.definition.pages
          .flatMap((page) => page.questions)
          .map((q) => ({ ...q, config: { ...q.config, align: undefined } }));
      expect(strip(second), file).toEqual(strip(first));
    }
  });

  it("reads our own JSON export back unchanged", async () => {
    const first = await previewImport({
      fileName: "logic.json",
      bytes: fs.readFileSync(path.join(dir, "logic.json")),
    });
    if (!first.ok) throw new Error(first.message);
    const again = await previewImport({
      fileName: "导出.json",
      bytes: Buffer.from(JSON.stringify(first.definition)),
    });
    expect(again.ok && again.definition).toEqual(first.definition);
  });
});
