import { wordKey } from "./segmenter.ts";

/**
 * Words that every questionnaire leaves out of frequencies, keywords and the cloud: the stopwords-iso list for
 * Chinese (`stopwords-zh`, 794 function words, pronouns and connectives: 的, 了, 我们, 因为…) and, from answering
 * habits that list does not cover, interjections and classifiers that stand alone after a number is dropped
 * (3天 → 天), and the words suggestions are phrased in (希望, 建议: every answer to 您有什么建议 has them). A
 * creator adds their own and may take a built-in one back by listing it as a custom word.
 */
const SUPPLEMENT = [
  "个",
  "次",
  "些",
  "位",
  "件",
  "块",
  "条",
  "张",
  "元",
  "号",
  "天",
  "月",
  "年",
  "日",
  "周",
  "岁",
  "分钟",
  "小时",
  "啊",
  "呀",
  "吧",
  "呢",
  "嘛",
  "哦",
  "嗯",
  "哈",
  "啦",
  "噢",
  "哇",
  "呗",
  "咯",
  "哈哈",
  "哈哈哈",
  "嘿嘿",
  "觉得",
  "感觉",
  "认为",
  "就是",
  "还是",
  "一下",
  "有点",
  "比较",
  "非常",
  "特别",
  "真的",
  "挺",
  "希望",
  "建议",
  "可以",
  "能够",
];

let builtIn: Promise<ReadonlySet<string>> | undefined;

/** The built-in stop words, read on first use. */
export function builtInStopWords(): Promise<ReadonlySet<string>> {
  builtIn ??= import("stopwords-zh/stopwords-zh.json", { with: { type: "json" } }).then(
    (module: { default: string[] }) => new Set([...module.default, ...SUPPLEMENT].map(wordKey)),
  );
  return builtIn;
}
