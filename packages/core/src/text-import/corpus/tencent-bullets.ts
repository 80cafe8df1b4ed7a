import type { CorpusSample } from "./sample.ts";

/** 腾讯问卷 copied from the answer page: ○ for single choice, □ for multiple, * before the number. */
export const tencentBullets: CorpusSample = {
  name: "腾讯问卷复制：○ □ 符号选项",
  text: `2024年用户体验调研

*1. 您使用我们App的频率是？
○ 每天多次
○ 每天一次
○ 每周几次
○ 很少使用

*2. 您经常使用哪些功能？
□ 消息
□ 朋友圈
□ 小程序
□ 支付
□ 其他（请注明）

3. 您会向朋友推荐我们的App吗？
○ 会　　○ 不会　　○ 不确定
`,
  expected: {
    title: "2024年用户体验调研",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "single",
            title: "您使用我们App的频率是？",
            required: true,
            config: {
              options: [
                { label: "每天多次" },
                { label: "每天一次" },
                { label: "每周几次" },
                { label: "很少使用" },
              ],
            },
          },
          {
            id: "q2",
            type: "multiple",
            required: true,
            config: {
              options: [
                { label: "消息" },
                { label: "朋友圈" },
                { label: "小程序" },
                { label: "支付" },
                { label: "其他", other: { textRequired: false } },
              ],
            },
          },
          {
            id: "q3",
            type: "single",
            required: false,
            config: { options: [{ label: "会" }, { label: "不会" }, { label: "不确定" }] },
          },
        ],
      },
    ],
  },
  warningLines: [],
};
