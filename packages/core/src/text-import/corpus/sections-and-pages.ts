import type { CorpusSample } from "./sample.ts";

/** 一、 section headings, [段落说明] with text, ===分页=== and [分页] with a page caption. */
export const sectionsAndPages: CorpusSample = {
  name: "分部分、段落说明与分页",
  text: `社区居民健康状况调查
一、基本信息
1. 您的年龄段[单选题]*
A. 18岁以下
B. 18-40岁
C. 41-60岁
D. 60岁以上
2. 您的居住时长[单选题]
A. 1年以内
B. 1-5年
C. 5年以上
========分页========
[段落说明]以下问题关于您的生活习惯
请根据最近一个月的实际情况作答。

3. 您每周运动几次？[单选题]
A. 从不
B. 1-2次
C. 3次及以上
[分页] 第三部分 意见反馈
4. 您希望社区增加哪些健康服务？[多行填空]
`,
  expected: {
    title: "社区居民健康状况调查",
    pages: [
      {
        id: "p1",
        questions: [
          { id: "s1", type: "paragraph", title: "一、基本信息" },
          { id: "q1", type: "single", required: true },
          { id: "q2", type: "single", required: false },
        ],
      },
      {
        id: "p2",
        questions: [
          {
            id: "s2",
            type: "paragraph",
            title: "以下问题关于您的生活习惯",
            description: "请根据最近一个月的实际情况作答。",
          },
          {
            id: "q3",
            type: "single",
            config: { options: [{ label: "从不" }, { label: "1-2次" }, { label: "3次及以上" }] },
          },
        ],
      },
      { id: "p3", title: "第三部分 意见反馈", questions: [{ id: "q4", type: "textarea" }] },
    ],
  },
  warningLines: [],
};
