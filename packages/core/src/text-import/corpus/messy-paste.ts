import type { CorpusSample } from "./sample.ts";

/** A messy paste: CRLF, full-width spaces, 1） numbering, a) options, a duplicate option, a skipped number. */
export const messyPaste: CorpusSample = {
  name: "杂乱粘贴：CRLF、全角空格、题号不连续、重复选项",
  text: "大学生睡眠质量调查\r\n本调查匿名进行　　\r\n　\r\n1）你通常几点入睡？\r\na) 22点前\r\nb) 22点-24点\r\nc) 24点以后\r\n2）你每天睡眠时长大约是？　\r\na) 不足6小时\r\nb) 6-8小时\r\nb) 6-8小时\r\nc) 8小时以上\r\n4）你是否有午睡习惯？\r\na) 有\r\nb) 没有\r\n(5) 影响你睡眠的主要因素有哪些？[多选题]\r\nA、学业压力  B、手机娱乐  C、宿舍噪音  D、其他___\r\n",
  expected: {
    title: "大学生睡眠质量调查",
    description: "本调查匿名进行",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "single",
            title: "你通常几点入睡？",
            config: { options: [{ label: "22点前" }, { label: "22点-24点" }, { label: "24点以后" }] },
          },
          {
            id: "q2",
            type: "single",
            config: {
              options: [
                { label: "不足6小时" },
                { label: "6-8小时" },
                { label: "6-8小时" },
                { label: "8小时以上" },
              ],
            },
          },
          { id: "q3", type: "single", title: "你是否有午睡习惯？" },
          {
            id: "q4",
            type: "multiple",
            config: {
              options: [
                { label: "学业压力" },
                { label: "手机娱乐" },
                { label: "宿舍噪音" },
                { label: "其他", other: { textRequired: false } },
              ],
            },
          },
        ],
      },
    ],
  },
  // The repeated option (line 11) and the jump from 2 to 4 (line 13).
  warningLines: [11, 13],
};
