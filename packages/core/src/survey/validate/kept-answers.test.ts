import { describe, expect, it } from "vitest";
import { parseDefinition } from "../definition/definition.ts";
import { getQuestionType } from "../types/registry.ts";
import { validateSubmission } from "./validate-submission.ts";

const rows = [
  { id: "r1", label: "行1" },
  { id: "r2", label: "行2" },
];
const columns = [
  { id: "c1", label: "列1" },
  { id: "c2", label: "列2" },
];

/** Answers that choose only offered options/rows: nothing may read as "a hidden option was chosen". */
const cases = [
  ["allocation", { options: columns, total: 100 }, { c1: 60, c2: 40 }],
  ["ranking", { options: columns }, ["c2", "c1"]],
  ["matrixSingle", { rows, columns }, { r1: "c1", r2: "c2" }],
  ["matrixMultiple", { rows, columns }, { r1: ["c1"], r2: ["c1", "c2"] }],
  ["matrixFill", { rows, columns }, { r1: { c1: "a", c2: "b" }, r2: { c1: "c", c2: "d" } }],
  ["matrixScale", { rows, scale: { points: 5 } }, { r1: 5, r2: 3 }],
  [
    "matrixDropdown",
    { rows, columns: [{ id: "f", label: "频率", choices: columns }] },
    { r1: { f: "c1" }, r2: { f: "c2" } },
  ],
] as const;

describe("answers that keep every offered option", () => {
  it.each(cases)(
    "%s: restrict keeps the very answer, and the server's check accepts it",
    (type, config, answer) => {
      const parsed = parseDefinition({
        schemaVersion: 1,
        kind: "survey",
        title: "t",
        pages: [{ id: "p1", questions: [{ id: "q", type, title: "题", config }] }],
      });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      const offered = new Set([...rows, ...columns].map((option) => option.id));
      expect(getQuestionType(type)?.restrict?.(answer as never, offered)).toBe(answer);
      const result = validateSubmission(parsed.definition, { q: answer }, { today: "2026-01-01", seed: "s" });
      expect(result.errors).toEqual([]);
      expect(result.answers.q).toEqual(answer);
    },
  );
});
