import { describe, expect, it } from "vitest";
import { parseSurveyText } from "./parse-survey-text.ts";

const text = `消防知识测验
1. 发生火灾时应拨打哪个电话？[单选题]（2分）
A. 110
B. 119
答案：B
【答案解析】119 是火警电话。
解析：110 是报警电话。
2. 灭火器使用前要先拔掉保险销。[判断题]
答案：对
3. 请简述逃生要点。[简答题]`;

describe("解析 lines", () => {
  it("become the question's 答案解析 in an exam, each line kept", () => {
    const { definition, warnings } = parseSurveyText(text, { kind: "exam" });
    const [q1, q2, q3] = definition.pages[0]?.questions ?? [];
    expect(q1).toMatchObject({ explanation: "119 是火警电话。\n110 是报警电话。" });
    expect(q2).not.toHaveProperty("explanation");
    expect(q3).not.toHaveProperty("explanation");
    expect(warnings).toEqual([]);
  });

  it("are ignored, with a warning on their line, where nobody would see them", () => {
    const { definition, warnings } = parseSurveyText(text, { kind: "survey" });
    expect(JSON.stringify(definition)).not.toContain("火警电话");
    expect(warnings).toContainEqual(
      expect.objectContaining({ line: 6, message: "答案解析只用于考试和知识竞赛，已忽略" }),
    );
  });
});
