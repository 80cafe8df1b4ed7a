import { describe, expect, it } from "vitest";
import { parseDefinition } from "../survey/definition/definition.ts";
import { practiceOrder, practiceQuestionsOf, recordPracticeResult } from "./practice.ts";

describe("刷题 order and 错题本", () => {
  const ids = ["q1", "q2", "q3", "q4"];

  it("asks in paper order, shuffled, or only the wrong ones", () => {
    const progress = { answered: { q1: false, q3: false, q2: true }, wrong: ["q3", "q1"] };
    expect(practiceOrder("sequential", ids, progress)).toEqual(ids);
    expect(practiceOrder("wrong", ids, progress)).toEqual(["q1", "q3"]);
    const shuffled = practiceOrder("random", ids, progress, () => 0);
    expect([...shuffled].sort()).toEqual(ids);
    expect(shuffled).not.toEqual(ids);
  });

  it("files a wrong answer in the book and takes it out once answered right", () => {
    let progress = { answered: {}, wrong: [] as string[] };
    progress = recordPracticeResult(progress, "q3", false, ids);
    progress = recordPracticeResult(progress, "q1", false, ids);
    expect(progress).toEqual({ answered: { q3: false, q1: false }, wrong: ["q1", "q3"] });
    progress = recordPracticeResult(progress, "q3", true, ids);
    expect(progress).toEqual({ answered: { q3: true, q1: false }, wrong: ["q1"] });
    // A question removed from the paper since leaves the book and the verdicts.
    expect(recordPracticeResult(progress, "q2", true, ["q2", "q3"])).toEqual({
      answered: { q3: true, q2: true },
      wrong: [],
    });
  });

  it("offers only questions it can judge, without their key", () => {
    const parsed = parseDefinition({
      schemaVersion: 1,
      kind: "exam",
      title: "测验",
      pages: [
        {
          id: "p1",
          questions: [
            {
              id: "q1",
              type: "trueFalse",
              title: "<b>地球是圆的</b>",
              config: {
                options: [
                  { id: "t", label: "对", correct: true },
                  { id: "f", label: "错" },
                ],
              },
              scoring: { mode: "single", points: 2 },
            },
            { id: "q2", type: "single", title: "未设答案", config: { options: [{ id: "a", label: "甲" }] } },
            {
              id: "q3",
              type: "text",
              title: "无参考答案",
              config: {},
              scoring: {
                mode: "text",
                points: 2,
                accepted: [],
                match: "exact",
                ignoreCase: true,
                ignoreSpaces: true,
              },
            },
          ],
        },
      ],
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(practiceQuestionsOf(parsed.definition)).toEqual([
      {
        id: "q1",
        title: "地球是圆的",
        answerKind: "single",
        // A 判断题 is answered by picking one, and is called what it is (it read 单选题 before).
        typeLabel: "判断题",
        options: [
          { id: "t", label: "对" },
          { id: "f", label: "错" },
        ],
      },
    ]);
  });
});
