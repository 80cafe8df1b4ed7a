import type { CorpusSample } from "./sample.ts";

/** Matrices three ways: a columns line among row lines, 行：/列： lines, and 行：/列： sections. */
export const matrixQuestions: CorpusSample = {
  name: "矩阵题：列标题行、行：列：写法、分段写法",
  text: `酒店入住体验评价
1. 请对本次入住的以下方面进行评价[矩阵单选题]*
非常不满意 不满意 一般 满意 非常满意
前台服务
客房卫生
早餐质量

2. 您通过哪些渠道了解以下产品？[矩阵多选题]
行：会员卡|积分商城
列：官网|App|朋友推荐|广告

3. 请为以下设施打分[矩阵量表题]
行标题：
健身房
游泳池
列标题：
很差
较差
一般
较好
很好
`,
  expected: {
    title: "酒店入住体验评价",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "matrixSingle",
            required: true,
            config: {
              rows: [
                { id: "q1_r1", label: "前台服务" },
                { id: "q1_r2", label: "客房卫生" },
                { id: "q1_r3", label: "早餐质量" },
              ],
              columns: [
                { id: "q1_c1", label: "非常不满意" },
                { label: "不满意" },
                { label: "一般" },
                { label: "满意" },
                { id: "q1_c5", label: "非常满意" },
              ],
            },
          },
          {
            id: "q2",
            type: "matrixMultiple",
            config: {
              rows: [{ label: "会员卡" }, { label: "积分商城" }],
              columns: [{ label: "官网" }, { label: "App" }, { label: "朋友推荐" }, { label: "广告" }],
            },
          },
          {
            id: "q3",
            type: "matrixScale",
            config: {
              rows: [{ label: "健身房" }, { label: "游泳池" }],
              scale: {
                points: 5,
                start: 1,
                minLabel: "很差",
                maxLabel: "很好",
                labels: ["很差", "较差", "一般", "较好", "很好"],
              },
            },
          },
        ],
      },
    ],
  },
  warningLines: [],
};
