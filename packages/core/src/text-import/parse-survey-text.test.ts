import { describe, expect, it } from "vitest";
import { checkDefinition, parseDefinition } from "../survey/index.ts";
import { corpus } from "./corpus/index.ts";
import { parseSurveyText } from "./parse-survey-text.ts";

describe("text import corpus", () => {
  it("has at least 15 pasted questionnaires", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(15);
  });

  it.each(corpus.map((sample) => [sample.name, sample] as const))("%s", (_name, sample) => {
    const { definition, warnings } = parseSurveyText(sample.text, sample.kind ? { kind: sample.kind } : {});
    expect(definition).toMatchObject(sample.expected);
    expect([...new Set(warnings.map((warning) => warning.line))]).toEqual(sample.warningLines);
    // What the importer returns is what the server will accept and the designer can open without errors.
    expect(parseDefinition(definition).ok).toBe(true);
    expect(checkDefinition(definition).filter((issue) => issue.level === "error")).toEqual([]);
  });
});
