import { describe, expect, it } from "vitest";
import type { Question } from "../definition/question.ts";
import { answerKeyText, paperPoints } from "./answer-key.ts";

const question = (q: Record<string, unknown>) => q as unknown as Question;

describe("answerKeyText", () => {
  it("names the correct options of a choice question, joined like a multi-choice answer", () => {
    const multiple = question({
      id: "q1",
      type: "multiple",
      title: "哪些可以灭油锅火",
      config: {
        options: [
          { id: "a", label: "<b>锅盖</b>", correct: true },
          { id: "b", label: "水" },
          { id: "c", label: "沙土", correct: true },
        ],
      },
      scoring: { mode: "partial", points: 4, perOption: 2 },
    });
    expect(answerKeyText(multiple)).toBe("锅盖┋沙土");
  });

  it("lists a fill-in's accepted answers and each blank's in the blanks' order, under their labels", () => {
    expect(
      answerKeyText(
        question({
          id: "q2",
          type: "text",
          title: "颜色",
          config: {},
          scoring: { mode: "text", points: 5, accepted: ["绿色", "绿"], match: "exact" },
        }),
      ),
    ).toBe("绿色 或 绿");
    expect(
      answerKeyText(
        question({
          id: "q3",
          type: "multiFill",
          title: "电话",
          config: {
            blanks: [
              { id: "b2", label: "火警" },
              { id: "b1", label: "" },
            ],
          },
          scoring: { mode: "blanks", pointsPerBlank: 2, accepted: { b1: ["110"], b2: ["119"] } },
        }),
      ),
    ).toBe("火警：119；填空2：110");
  });

  it("is empty where no single answer is right: hand-graded, per-option scales, unscored", () => {
    expect(
      answerKeyText(
        question({
          id: "e",
          type: "textarea",
          title: "简述",
          config: {},
          scoring: { mode: "manual", points: 10 },
        }),
      ),
    ).toBe("");
    expect(answerKeyText(question({ id: "s", type: "single", title: "性别", config: { options: [] } }))).toBe(
      "",
    );
  });
});

describe("paperPoints", () => {
  const exam = (showPointsOnPaper?: boolean) =>
    ({
      schemaVersion: 1,
      kind: "exam",
      title: "安全知识考试",
      pages: [
        {
          id: "p1",
          questions: [
            {
              id: "q1",
              type: "single",
              title: "灭火器的压力表指针在哪个区域表示正常",
              config: {
                options: [
                  { id: "a", label: "红区" },
                  { id: "b", label: "绿区", correct: true },
                ],
              },
              scoring: { mode: "single", points: 5 },
            },
            {
              id: "q2",
              type: "multiBlank",
              title: "报警电话",
              config: {
                blanks: [
                  { id: "b1", label: "火警" },
                  { id: "b2", label: "急救" },
                ],
              },
              scoring: { mode: "blanks", pointsPerBlank: 2, accepted: { b1: ["119"], b2: ["120"] } },
            },
            { id: "q3", type: "text", title: "姓名", config: {} },
          ],
        },
      ],
      computed: [],
      quotas: [],
      settings: { numbering: "dynamic", allowBack: true, exam: { showPointsOnPaper } },
    }) as unknown as Parameters<typeof paperPoints>[0];

  it("gives each scored question's full points when the exam shows them, and nothing otherwise", () => {
    expect(paperPoints(exam(true))).toEqual({ q1: 5, q2: 4 });
    expect(paperPoints(exam(false))).toEqual({});
    expect(paperPoints(exam(undefined))).toEqual({});
  });
});
