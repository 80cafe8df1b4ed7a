import { describe, expect, it } from "vitest";
import { chineseNumber, numberedHeaderOf, optionPiecesOf, sectionOf, splitItems } from "./lines.ts";
import { pageBreakOf, parseMarkers } from "./markers.ts";

describe("numbered question lines", () => {
  it.each([
    ["1. 您的性别", 1, "您的性别"],
    ["12、您的年龄", 12, "您的年龄"],
    ["3）您的职业", 3, "您的职业"],
    ["（4）您的学历", 4, "您的学历"],
    ["Q5 您的收入", 5, "您的收入"],
    ["q6：您的爱好", 6, "您的爱好"],
    ["第十二题 您的建议", 12, "您的建议"],
  ])("%s", (line, number, text) => {
    expect(numberedHeaderOf(line)).toEqual({ number, text, required: false });
  });

  it("takes a leading * as required", () => {
    expect(numberedHeaderOf("*2. 手机号")).toEqual({ number: 2, text: "手机号", required: true });
  });

  it("does not take decimals, ranges or scale lines for question numbers", () => {
    expect(numberedHeaderOf("1.5万元以上")).toBeUndefined();
    expect(numberedHeaderOf("18-25岁")).toBeUndefined();
    expect(numberedHeaderOf("1 2 3 4 5")).toBeUndefined();
  });

  it("reads Chinese numerals", () => {
    expect(chineseNumber("二十五")).toBe(25);
    expect(chineseNumber("一百零三")).toBe(103);
    expect(chineseNumber("十")).toBe(10);
    expect(chineseNumber("甲")).toBeUndefined();
  });

  it("recognises section headings but not option text", () => {
    expect(sectionOf("二、工作情况")).toBe("二、工作情况");
    expect(sectionOf("第三部分 意见反馈")).toBe("第三部分 意见反馈");
    expect(sectionOf("一般")).toBeUndefined();
  });
});

describe("option lines", () => {
  it("splits several lettered options on one line", () => {
    expect(optionPiecesOf("A.男  B.女  C.保密")).toEqual([
      { letter: "A", text: "男" },
      { letter: "B", text: "女" },
      { letter: "C", text: "保密" },
    ]);
  });

  it("keeps words that start with a capital letter whole", () => {
    expect(optionPiecesOf("App推送")).toEqual([{ text: "App推送" }]);
    expect(optionPiecesOf("T恤")).toEqual([{ text: "T恤" }]);
  });

  it("reads bullets as the kind of choice they draw", () => {
    expect(optionPiecesOf("□ 消息 □ 支付")).toEqual([
      { text: "消息", bullet: "multiple" },
      { text: "支付", bullet: "multiple" },
    ]);
    expect(optionPiecesOf("○ 会")).toEqual([{ text: "会", bullet: "single" }]);
  });

  it("splits matrix column lists on the separator people use", () => {
    expect(splitItems("满意|一般|不满意")).toEqual(["满意", "一般", "不满意"]);
    expect(splitItems("满意、一般、不满意")).toEqual(["满意", "一般", "不满意"]);
    expect(splitItems("满意 一般  不满意")).toEqual(["满意", "一般", "不满意"]);
  });
});

describe("markers", () => {
  it("removes type markers, required marks and points from the title", () => {
    expect(parseMarkers("您的性别[单选题]*")).toEqual({ type: "single", required: true, rest: "您的性别" });
    expect(parseMarkers("下列说法正确的是【多选题】（3分）")).toEqual({
      type: "multiple",
      required: false,
      points: 3,
      rest: "下列说法正确的是",
    });
  });

  it("keeps selection hints in the title and reads them", () => {
    expect(parseMarkers("您喜欢的水果（最多选2项）")).toMatchObject({
      selection: { max: 2 },
      rest: "您喜欢的水果（最多选2项）",
    });
    expect(parseMarkers("候选人[多选题，选3项]")).toMatchObject({
      type: "multiple",
      selection: { min: 3, max: 3 },
    });
  });

  it("leaves ordinary brackets alone", () => {
    expect(parseMarkers("您的年龄（周岁）")).toEqual({ required: false, rest: "您的年龄（周岁）" });
    expect(parseMarkers("[注意]请如实填写")).toEqual({ required: false, rest: "[注意]请如实填写" });
  });

  it("recognises page breaks with and without captions", () => {
    expect(pageBreakOf("[分页]")).toEqual({});
    expect(pageBreakOf("=====分页=====")).toEqual({});
    expect(pageBreakOf("【分页】第二部分")).toEqual({ title: "第二部分" });
    expect(pageBreakOf("分页设置很方便")).toBeUndefined();
  });
});
