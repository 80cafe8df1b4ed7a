import { definitionSchema } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { chosenLabels } from "./counters.ts";

const choice = (id: string, options: { id: string; label: string; hidden?: boolean }[]) => ({
  id,
  type: "multiple",
  title: id,
  config: { options },
});

/** The revision as published; a 随机组卷 paper drawn from it adds a question from the bank (`bank`). */
const revision = definitionSchema.parse({
  schemaVersion: 1,
  kind: "survey",
  title: "标签",
  pages: [
    {
      id: "p1",
      questions: [
        choice("plain", [
          { id: "x", label: "甲" },
          { id: "y", label: "乙" },
        ]),
        choice("piped", [{ id: "x", label: "官网（{{gender}}）" }]),
        choice("hidden", [{ id: "x", label: "丙", hidden: true }]),
      ],
    },
  ],
});
const paper = definitionSchema.parse({
  ...revision,
  pages: [
    {
      ...revision.pages[0],
      questions: [...(revision.pages[0]?.questions ?? []), choice("bank", [{ id: "x", label: "丁" }])],
    },
  ],
});
const answers = {
  plain: { optionIds: ["x", "y"] },
  piped: { optionIds: ["x"] },
  hidden: { optionIds: ["x"] },
  bank: { optionIds: ["x"] },
};
// As the engine offered them: the piped label filled in, an option drawn from another question (选项引用).
const offered = {
  plain: [
    { id: "x", label: "甲" },
    { id: "y", label: "乙" },
    { id: "z", label: "引用的选项" },
  ],
  piped: [{ id: "x", label: "官网（男）" }],
  hidden: [{ id: "x", label: "丙" }],
  bank: [{ id: "x", label: "丁" }],
};

describe("chosenLabels", () => {
  it("keeps only what the answered revision cannot tell", () => {
    const withJoined = { ...answers, plain: { optionIds: ["x", "z"] } };
    expect(chosenLabels(paper, offered, withJoined, revision)).toEqual({
      plain: { z: "引用的选项" },
      piped: { x: "官网（男）" },
      hidden: { x: "丙" },
      bank: { x: "丁" },
    });
    // A response that chose only what the revision writes stores nothing.
    expect(chosenLabels(paper, offered, { plain: { optionIds: ["x", "y"] } }, revision)).toEqual({});
  });

  it("keeps every chosen label when no revision is given", () => {
    expect(chosenLabels(paper, offered, answers)).toEqual({
      plain: { x: "甲", y: "乙" },
      piped: { x: "官网（男）" },
      hidden: { x: "丙" },
      bank: { x: "丁" },
    });
  });
});
