import type { CorpusSample } from "./sample.ts";

/** A vote: [多选题，最多选3项] inside the marker, 【单选题】, numbers with "." and options without letters. */
export const voteSelection: CorpusSample = {
  name: "投票：标记内的可选项数",
  kind: "vote",
  text: `“最美志愿者”评选投票
请从以下候选人中选出您心目中的最美志愿者。
1.请选出您支持的候选人[多选题，最多选3项]*
张晓明（社区服务 320 小时）
李华（助老助残 280 小时）
王芳（环保宣传 260 小时）
赵磊（义务支教 300 小时）
2.您是通过什么途径了解本次评选的？【单选题】
微信公众号
社区公告栏
朋友介绍
`,
  expected: {
    title: "“最美志愿者”评选投票",
    kind: "vote",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "multiple",
            title: "请选出您支持的候选人",
            required: true,
            config: {
              options: [
                { label: "张晓明（社区服务 320 小时）" },
                { label: "李华（助老助残 280 小时）" },
                { label: "王芳（环保宣传 260 小时）" },
                { label: "赵磊（义务支教 300 小时）" },
              ],
              selection: { max: 3 },
            },
          },
          {
            id: "q2",
            type: "single",
            config: { options: [{ label: "微信公众号" }, { label: "社区公告栏" }, { label: "朋友介绍" }] },
          },
        ],
      },
    ],
  },
  warningLines: [],
};
