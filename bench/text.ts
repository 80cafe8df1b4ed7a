// `npm run bench -- text`: 文本分析 of 100,000 open answers (issue #35). A questionnaire of 部门 (five options) and
// 建议 (多行文本) whose 100,000 responses each carry a different answer of about 40 characters, composed from
// phrases of feedback, written in bulk as the analysis bench writes its responses. Through the real route
// (statistics/getWordFrequencies): the first call (every answer read, segmented and kept by the results index's
// positions), then the same call again (served from the kept words), and the call under a filter (部门 = 1, a
// fifth). The baseline, in the same run: the same texts read and the same segmentation done answer by answer
// through the segmenter's plain API (`Segmenter.cut` per answer), counted in a Map — checked to give the same
// top words. The segmenter is loaded before either is timed (a quarter of a second, once per process).
// Last line: one JSON object with words_ms, baseline_ms, cached_ms.
import fs from "node:fs";
import type { ResultsFilter, WordFrequencies } from "@wjgj/core";
import { buildApp } from "../packages/server/src/app.ts";
import { resultsIndex } from "../packages/server/src/commands/results/fact-bitset-cache.ts";
import { questionTexts } from "../packages/server/src/commands/results/text/corpus.ts";
import {
  countable,
  meaningful,
  Segmenter,
  wordKey,
} from "../packages/server/src/commands/results/text/segmenter.ts";
import { builtInStopWords } from "../packages/server/src/commands/results/text/stop-words.ts";
import { responseCount } from "../packages/server/src/db/tables/questionnaires.ts";
import { type BulkSpec, median, openBulkBench } from "./_bulk-responses.ts";
import { benchSession } from "./_setup.ts";

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 100_000);
const log = (text: string) => process.stderr.write(`${text}\n`);

const definition = {
  schemaVersion: 1,
  kind: "survey",
  title: "员工意见征集",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "dept",
          type: "single",
          title: "您的部门",
          config: {
            options: ["销售部", "技术部", "市场部", "行政部", "财务部"].map((label, j) => ({
              id: `o${j}`,
              label,
            })),
          },
        },
        { id: "advice", type: "textarea", title: "您对公司有什么意见和建议？", config: {} },
      ],
    },
  ],
};

const SUBJECTS = [
  "食堂的饭菜",
  "办公环境",
  "加班制度",
  "报销流程",
  "培训机会",
  "晋升通道",
  "工资待遇",
  "年终奖金",
  "团建活动",
  "考勤系统",
  "班车路线",
  "会议安排",
  "绩效考核",
  "领导的沟通方式",
  "新人的带教",
  "办公电脑",
  "网络速度",
  "空调温度",
  "停车位",
  "健身房",
  "下午茶",
  "年假天数",
  "五险一金",
  "跨部门协作",
  "项目排期",
  "客户反馈",
  "产品质量",
  "售后服务",
];
const COMMENTS = [
  "还可以再改善一下",
  "价格有点贵",
  "经常卡顿影响效率",
  "希望能多一些选择",
  "整体比较满意",
  "流程太复杂了",
  "需要更加透明公开",
  "最近明显变好了",
  "和去年相比没有变化",
  "希望公司重视起来",
  "建议每个季度评估一次",
  "沟通成本太高",
  "审批等待时间太长",
  "同事们都有意见",
  "希望尽快解决",
  "感觉越来越差了",
  "做得很好要继续保持",
  "制度执行不到位",
  "信息通知不及时",
  "规则经常变来变去",
];
const LINKS = ["，", "。", "；", "！", "，另外", "，而且", "。还有就是"];

/** An answer of about 40 characters: two to three remarks on parts of work, with a word count that varies. */
function answersOf(next: () => number): Record<string, unknown> {
  const pick = (list: readonly string[]) => list[Math.floor(next() * list.length)] as string;
  let text = "";
  const parts = 2 + Math.floor(next() * 3);
  for (let i = 0; i < parts; i += 1)
    text += `${pick(SUBJECTS)}${pick(COMMENTS)}${i + 1 < parts ? pick(LINKS) : "。"}`;
  return { dept: { optionId: `o${Math.floor(next() * 5)}` }, advice: text };
}

const PHONE = "13900000003";
const spec: BulkSpec = {
  name: "text",
  layout: 2,
  responses: RESPONSES,
  patterns: RESPONSES,
  phone: PHONE,
  title: "员工意见征集",
  definition,
  answersOf,
};

const { dataDir, handle, ctx, user } = await openBulkBench(spec);
try {
  const token = await benchSession(ctx, user, 7);
  const { id } = await handle.db
    .selectFrom("questionnaires")
    .select("id")
    .where(responseCount, "=", RESPONSES)
    .executeTakeFirstOrThrow();
  const app = await buildApp(ctx);
  const frequencies = async (filter: ResultsFilter) => {
    const started = performance.now();
    const reply = await app.inject({
      method: "POST",
      url: "/wjgj/api/statistics/getWordFrequencies",
      headers: { token },
      payload: { id, questionId: "advice", top: 100, filter },
    });
    const elapsed = performance.now() - started;
    const body = reply.json() as { code: number; msg: string; data: WordFrequencies };
    if (body.code !== 200) throw new Error(body.msg);
    return { elapsed, data: body.data };
  };

  log("building the results index and loading the segmenter …");
  await resultsIndex(ctx).get(handle.db, handle.dialect, id);
  const segmenter = await Segmenter.create();
  const stop = await builtInStopWords();

  // Baseline: the texts read, then each answer segmented on its own and counted.
  const started = performance.now();
  const counts = new Map<string, number>();
  let answers = 0;
  let characters = 0;
  const ids = (
    await handle.db
      .selectFrom("responses")
      .select("id")
      .where("questionnaireId", "=", id)
      .orderBy("id")
      .execute()
  ).map((row) => row.id);
  for await (const batch of questionTexts(handle.db, id, "advice", ids, 0, ids.length)) {
    for (const { texts } of batch) {
      answers += 1;
      for (const text of texts) {
        characters += text.length;
        for (const token of segmenter.cut(text)) {
          const word = token.trim();
          if (!countable(word) || !meaningful(word, segmenter.words) || stop.has(wordKey(word))) continue;
          counts.set(wordKey(word), (counts.get(wordKey(word)) ?? 0) + 1);
        }
      }
    }
  }
  const baseline = performance.now() - started;
  log(
    `  baseline: ${answers} answers of ${(characters / answers).toFixed(1)} characters on average, ${Math.round(baseline)} ms`,
  );

  const first = await frequencies({});
  log(
    `  first call: ${Math.round(first.elapsed)} ms (${first.data.answers} answers, ${first.data.distinctWords} words)`,
  );
  // The same words with the same counts: each word the route lists has the baseline's count, and the counts
  // run down the same way (ties may list different words of equal count).
  const topCounts = [...counts.values()].sort((a, b) => b - a).slice(0, first.data.words.length);
  const agrees =
    first.data.answers === answers &&
    first.data.words.every((w, i) => counts.get(wordKey(w.word)) === w.count && topCounts[i] === w.count);
  if (!agrees) throw new Error("the route and the baseline disagree");
  log(`  same top ${first.data.words.length} words and counts as the baseline`);

  const cached: number[] = [];
  for (let i = 0; i < 7; i += 1) cached.push((await frequencies({})).elapsed);
  const filtered: number[] = [];
  const dept = {
    condition: { kind: "selected", questionId: "dept", optionIds: ["o1"], match: "any" },
  } as ResultsFilter;
  for (let i = 0; i < 7; i += 1) filtered.push((await frequencies(dept)).elapsed);
  log(`  cached: ${median(cached).toFixed(1)} ms; filtered to one 部门: ${median(filtered).toFixed(1)} ms`);
  const rss = process.memoryUsage().rss;
  await app.close();
  await handle.destroy();
  process.stdout.write(
    `${JSON.stringify({
      bench: "text",
      answers,
      average_characters: Math.round((characters / answers) * 10) / 10,
      words_ms: Math.round(first.elapsed),
      baseline_ms: Math.round(baseline),
      words_over_baseline: Math.round((first.elapsed / baseline) * 100) / 100,
      cached_ms: Math.round(median(cached) * 10) / 10,
      filtered_ms: Math.round(median(filtered) * 10) / 10,
      rss_mb: Math.round(rss / 1048576),
    })}\n`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
