import { describe, expect, it } from "vitest";
import { checkBankQuestion, matchesBankFilter, parseBankRows } from "./question-banks.ts";

const newId = (i: number) => `q${i}`;
const errorsOf = (rows: string[][]) =>
  parseBankRows(rows, newId).errors.map((e) => `第${e.row}行：${e.message}`);

describe("题库 import rows name the real fault", () => {
  it("says which row and what is wrong with it", () => {
    expect(
      errorsOf([
        ["二选一", "单选题", "A. 甲|B. 乙", "E", "5", "", "", ""],
        ["两个答案", "单选题", "A. 甲|B. 乙|C. 丙", "AC", "5", "", "", ""],
        ["判断", "判断题", "", "是", "2", "", "", ""],
        ["缺答案", "多选题", "A. 甲|B. 乙", "", "5", "", "", ""],
        ["", "单选题", "A. 甲|B. 乙", "A", "5", "", "", ""],
        ["数字答案", "多选题", "A. 甲|B. 乙", "1,2", "5", "", "", ""],
        ["一个选项", "单选题", "A. 甲", "A", "5", "", "", ""],
        ["填空", "填空题", "", "", "3", "", "", ""],
        ["分值", "单选题", "甲|乙", "A", "五", "", "", ""],
        ["难度", "单选题", "甲|乙", "A", "5", "", "", "极难"],
        ["题型", "问答题", "", "", "", "", "", ""],
        ["无题型", "", "", "", "", "", "", ""],
        ["标签", "单选题", "甲|乙", "A", "5", "", "一,二,三,四,五,六,七,八,九,十,十一", ""],
        ["多个超出", "多选题", "甲|乙|丙", "ADF", "5", "", "", ""],
      ]),
    ).toEqual([
      "第2行：答案E 超出选项范围（共2个选项）",
      "第3行：单选题只能有一个答案（填了AC）",
      "第4行：判断题答案应为“对”或“错”",
      "第5行：缺少答案，应填选项字母，如 A 或 AC",
      "第6行：缺少题目标题",
      "第7行：答案“1,2”应为选项字母，如 A 或 AC",
      "第8行：单选题至少需要2个选项（现有1个），用 | 或换行分隔",
      "第9行：填空题缺少参考答案，多个参考答案用 | 分隔",
      "第10行：分值“五”无效，应为1-100的整数",
      "第11行：难度“极难”无效，应为简单、中等或困难",
      "第12行：题型“问答题”无效，应为单选题、多选题、判断题或填空题",
      "第13行：缺少题型，应为单选题、多选题、判断题或填空题",
      "第14行：标签最多10个（现有11个）",
      "第15行：答案DF 超出选项范围（共3个选项）",
    ]);
  });

  it("takes letters written with separators, and a good file whole", () => {
    const { questions, errors } = parseBankRows(
      [["哪些可以扑灭油锅火", "多选题", "A. 锅盖|B. 水|C. 沙土", "a, c", "4", "", "消防", "中等"]],
      newId,
    );
    expect(errors).toEqual([]);
    expect(questions[0]?.question).toMatchObject({
      type: "multiple",
      config: {
        options: [{ label: "锅盖", correct: true }, { label: "水" }, { label: "沙土", correct: true }],
      },
    });
  });
});

const single = {
  id: "q1",
  type: "single",
  title: "发生火灾时应拨打",
  config: {
    options: [
      { id: "o1", label: "110" },
      { id: "o2", label: "119", correct: true },
    ],
  },
  scoring: { mode: "single", points: 5 },
  explanation: "119 是火警电话",
};

describe("checkBankQuestion: what a bank keeps", () => {
  it("keeps a keyed question of a bank type", () => {
    expect(checkBankQuestion(single)).toMatchObject({ ok: true, question: { title: "发生火灾时应拨打" } });
  });

  it("refuses, in words, a question without its key or of another type", () => {
    const message = (input: unknown) => {
      const result = checkBankQuestion(input);
      return result.ok ? "ok" : result.message;
    };
    const { scoring: _scoring, ...unscored } = single;
    expect(message(unscored)).toBe("请设置计分方式和正确答案：题库中的题目都要能判分");
    expect(
      message({
        ...single,
        config: {
          options: [
            { id: "o1", label: "110" },
            { id: "o2", label: "119" },
          ],
        },
      }),
    ).toBe("请勾选至少一个正确答案");
    expect(
      message({
        ...single,
        config: {
          options: [
            { id: "o1", label: "110", correct: true },
            { id: "o2", label: "119", correct: true },
          ],
        },
      }),
    ).toBe("单选题只能有一个正确答案（勾选了2个）");
    expect(message({ ...single, title: "<p> </p>" })).toBe("缺少题目标题");
    expect(message({ ...single, scoring: { mode: "single", points: 0 } })).toBe(
      "本题分值应为1-100的整数（现为0）",
    );
    expect(message({ ...single, scoring: { mode: "perOption" } })).toBe("单选题在题库中只能按正确答案计分");
    expect(
      message({
        ...single,
        config: {
          options: [
            { id: "o1", label: "110", correct: true },
            { id: "o2", label: "" },
          ],
        },
      }),
    ).toBe("第2个选项没有内容");
    expect(message({ ...single, type: "star", config: {} })).toBe(
      "题库只收单选题、多选题、判断题和填空题，不收“星级评分”",
    );
    expect(
      message({
        id: "t1",
        type: "text",
        title: "压力表指针应在",
        config: {},
        scoring: { mode: "text", points: 3, accepted: [" "] },
      }),
    ).toBe("填空题缺少参考答案，多个参考答案用 | 分隔");
  });
});

describe("matchesBankFilter", () => {
  const item = { question: single as never, tags: ["消防"], difficulty: 2 as const };
  it("filters by tag, difficulty and words anywhere in the question", () => {
    expect(matchesBankFilter(item, { tag: "消防", difficulty: 2 })).toBe(true);
    expect(matchesBankFilter(item, { tag: "用电" })).toBe(false);
    expect(matchesBankFilter(item, { difficulty: 1 })).toBe(false);
    expect(matchesBankFilter(item, { keyword: "119" })).toBe(true);
    expect(matchesBankFilter(item, { keyword: "火警" })).toBe(true);
    expect(matchesBankFilter(item, { keyword: "地震" })).toBe(false);
  });
});
