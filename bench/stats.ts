// `npm run bench -- stats`: 1,000,000 responses to a 20-question questionnaire, written straight into a
// temporary SQLite database with the same layout the submit path keeps (responses, response_facts from
// core's responseFacts, counters), then: default per-question statistics through the real route (counters
// only), against a GROUP BY over the stored answers table in the same run; also a one-condition filtered
// statistics call and a two-question cross-analysis; the response list newest first and sorted by 用时; the
// first filtered call's background index build and the first filtered call after reopening the database (the
// index read back from its snapshot), each with the worst wait of a cheap call another client makes every 50 ms
// meanwhile. Last line: one JSON object.
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { buildApp } from "../packages/server/src/app.ts";
import { resultsIndex } from "../packages/server/src/commands/results/fact-bitset-cache.ts";
import { responseCount } from "../packages/server/src/db/tables/questionnaires.ts";
import { type BulkSpec, median, openBulkBench } from "./_bulk-responses.ts";
import { benchSession, openBenchContext } from "./_setup.ts";

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 1_000_000);
const log = (text: string) => process.stderr.write(`${text}\n`);

const labels = ["非常满意", "满意", "一般", "不满意", "非常不满意"];
const options = labels.map((label, j) => ({ id: `o${j}`, label }));

/** 20 questions: 12 单选, 4 多选, 2 星级, 1 数字, 1 单行文本. */
function definition() {
  const questions = Array.from({ length: 20 }, (_, i) => {
    const id = `q${i + 1}`;
    const title = `第${i + 1}题 您对该项服务的评价`;
    if (i < 12) return { id, type: "single", title, config: { options } };
    if (i < 16) return { id, type: "multiple", title, config: { options } };
    if (i < 18) return { id, type: "star", title, config: { max: 5 } };
    if (i === 18) return { id, type: "number", title: "您的年龄", config: {} };
    return { id, type: "text", title: "您的建议", config: {} };
  });
  return { schemaVersion: 1, kind: "survey", title: "服务满意度调查", pages: [{ id: "p1", questions }] };
}

function answersOf(next: () => number): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (let i = 0; i < 20; i += 1) {
    if (next() < 0.12) continue; // optional questions left blank
    const id = `q${i + 1}`;
    if (i < 12) answers[id] = { optionId: `o${Math.floor(next() * next() * 5)}` };
    else if (i < 16) {
      const picked = options.filter(() => next() < 0.35).map((o) => o.id);
      if (picked.length > 0) answers[id] = { optionIds: picked };
    } else if (i < 18) answers[id] = 1 + Math.floor(next() * 5);
    else if (i === 18) answers[id] = 18 + Math.floor(next() * 50);
    else answers[id] = ["服务很好", "希望更快一些", "价格偏高", "很满意"][Math.floor(next() * 4)];
  }
  return answers;
}

const PHONE = "13900000001";

const spec: BulkSpec = {
  name: "stats",
  layout: 2,
  responses: RESPONSES,
  phone: PHONE,
  title: "服务满意度调查",
  definition: definition(),
  answersOf,
};

async function main() {
  // The measured queries run on a database opened the way the server opens it (WAL, synchronous=FULL).
  const opened = await openBulkBench(spec);
  const { dataDir, config, user } = opened;
  let { handle, ctx } = opened;
  try {
    const token = await benchSession(ctx, user, 7);
    const created = await handle.db
      .selectFrom("questionnaires")
      .select("id")
      .where(responseCount, "=", RESPONSES)
      .executeTakeFirstOrThrow();
    let app = await buildApp(ctx);

    const time = async (path: string, payload: Record<string, unknown>) => {
      const startedAt = performance.now();
      const response = await app.inject({
        method: "POST",
        url: `/wjgj/api/${path}`,
        headers: { token },
        payload,
      });
      const elapsed = performance.now() - startedAt;
      const body = response.json() as {
        code: number;
        msg: string;
        data: { total?: number; progress?: number };
      };
      if (body.code !== 200 && body.code !== 503) throw new Error(`${path}: ${body.msg}`);
      return { elapsed, body };
    };
    const runs = async (times: number, fn: () => Promise<number>) => {
      const values: number[] = [];
      for (let i = 0; i < times; i += 1) values.push(await fn());
      return median(values);
    };
    /** The median time of `times` calls of `path` with `payload`. */
    const timed = (times: number, path: string, payload: Record<string, unknown>) =>
      runs(times, async () => (await time(path, payload)).elapsed);
    /**
     * Another client asking a cheap question (user/getUserInfo) every 50 ms while `during` runs: the worst
     * time from when a call was due to its answer — what a creator elsewhere, or a respondent, waits.
     */
    const worstWaitDuring = async <T>(during: () => Promise<T>) => {
      let worst = 0;
      let running = true;
      const poll = (async () => {
        let due = performance.now();
        while (running) {
          await app.inject({ method: "GET", url: "/wjgj/api/user/getUserInfo", headers: { token } });
          worst = Math.max(worst, performance.now() - due);
          due += 50;
          const rest = due - performance.now();
          if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
          else due = performance.now();
        }
      })();
      try {
        return { value: await during(), worst };
      } finally {
        running = false;
        await poll;
        // `worst` is read after the poller's last call.
      }
    };

    const first = await time("statistics/getQuestionStatistics", { id: created.id });
    if (first.body.data.total !== RESPONSES) throw new Error(`total ${first.body.data.total}`);
    const ours = await timed(21, "statistics/getQuestionStatistics", { id: created.id });
    log(`  default statistics (counters): ${ours.toFixed(1)} ms`);
    const baseline = await runs(3, async () => {
      const startedAt = performance.now();
      const db = new SQLite(path.join(dataDir, "wjgj.sqlite"), { readonly: true });
      db.prepare(
        "select key, count(*) as count from response_facts_all where questionnaire_id = ? group by key",
      ).all(created.id);
      db.close();
      return performance.now() - startedAt;
    });
    log(`  GROUP BY over the stored answers: ${baseline.toFixed(1)} ms`);
    const filter = { condition: { kind: "selected", questionId: "q1", optionIds: ["o0"], match: "any" } };
    const filterCall = () => time("statistics/getQuestionStatistics", { id: created.id, filter });
    // Filters and cross-analysis are answered from a bitset index of the facts. The first filtered call on a
    // database without its snapshot starts the build in the background and answers 正在准备筛选数据; the
    // page asks again (here every 200 ms) until it is ready. Meanwhile the instance keeps serving.
    const build = await worstWaitDuring(async () => {
      const startedAt = performance.now();
      let progressShown = -1;
      for (;;) {
        const reply = await filterCall();
        if (reply.body.code === 200) return { elapsed: performance.now() - startedAt, body: reply.body };
        if ((reply.body.data.progress ?? 0) >= progressShown + 25) {
          progressShown = reply.body.data.progress ?? 0;
          log(`    ${reply.body.msg}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
    log(
      `  index build (filtered calls answer 正在准备筛选数据 meanwhile): ${(build.value.elapsed / 1000).toFixed(1)} s; ` +
        `worst wait of a cheap call every 50 ms meanwhile: ${build.worst.toFixed(0)} ms`,
    );
    // Every bench response is valid: the filtered total is the number of facts of the chosen option.
    const chosen = await handle.db
      .selectFrom("response_facts_all")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("questionnaireId", "=", created.id)
      .where("key", "=", "option:q1:o0")
      .executeTakeFirstOrThrow();
    if (build.value.body.data.total !== Number(chosen.count))
      throw new Error(`filtered total ${build.value.body.data.total}, expected ${chosen.count}`);
    const filtered = await timed(11, "statistics/getQuestionStatistics", { id: created.id, filter });
    log(`  filtered statistics (one condition, warm): ${filtered.toFixed(1)} ms`);
    const crosstab = await timed(11, "statistics/getCrossAnalysis", {
      id: created.id,
      rowQuestionIds: ["q1"],
      columnQuestionId: "q2",
    });
    log(`  cross-analysis q1 × q2 (warm): ${crosstab.toFixed(1)} ms`);
    // The response list, 20 a page, each row with its 序号 (its place among all the responses, by id).
    // Newest first (the baseline) a page holds neighbouring ids; sorted by 用时 its responses lie anywhere
    // in the questionnaire (the bench's durations follow the answer patterns spread over the ids).
    const listPage = (sort: string, pageNum: number) =>
      timed(5, "answer/getAnswerList", { id: created.id, sort, pageNum, pageSize: 20 });
    const newestPage = await listPage("timeDesc", 1);
    const durationPage = await listPage("durationDesc", 1);
    const durationMiddle = await listPage("durationAsc", Math.floor(RESPONSES / 40));
    log(
      `  response list, 20 a page: newest first ${newestPage.toFixed(1)} ms; by 用时 ${durationPage.toFixed(1)} ms, ` +
        `its middle page ${durationMiddle.toFixed(1)} ms`,
    );
    const index = await resultsIndex(ctx).get(handle.db, handle.dialect, created.id);
    const bytesPerResponse = index.bytes() / index.size;
    log(
      `  index memory: ${(index.bytes() / 1048576).toFixed(1)} MB, ${bytesPerResponse.toFixed(1)} bytes per response`,
    );

    // A restart: the snapshot written after the build is read back by the new instance's first filtered call.
    await resultsIndex(ctx).flush();
    await app.close();
    await handle.destroy();
    ({ handle, ctx } = await openBenchContext(config));
    app = await buildApp(ctx);
    const cold = await worstWaitDuring(filterCall);
    if (cold.value.body.code !== 200 || cold.value.body.data.total !== Number(chosen.count))
      throw new Error(`after reopening: ${cold.value.body.msg} ${cold.value.body.data.total}`);
    log(
      `  first filtered call after reopening (reads the snapshot): ${cold.value.elapsed.toFixed(0)} ms; ` +
        `worst wait of a cheap call meanwhile: ${cold.worst.toFixed(0)} ms`,
    );
    await app.close();
    await handle.destroy();
    process.stdout.write(
      `${JSON.stringify({
        bench: "stats",
        responses: RESPONSES,
        ours_ms: Math.round(ours * 10) / 10,
        baseline_ms: Math.round(baseline * 10) / 10,
        filtered_ms: Math.round(filtered * 10) / 10,
        crosstab_ms: Math.round(crosstab * 10) / 10,
        list_newest_ms: Math.round(newestPage * 10) / 10,
        list_by_duration_ms: Math.round(durationPage * 10) / 10,
        list_by_duration_middle_ms: Math.round(durationMiddle * 10) / 10,
        list_by_duration_ratio: Math.round((durationPage / newestPage) * 100) / 100,
        build_ms: Math.round(build.value.elapsed),
        build_worst_wait_ms: Math.round(build.worst),
        cold_filtered_ms: Math.round(cold.value.elapsed),
        cold_worst_wait_ms: Math.round(cold.worst),
        index_bytes_per_response: Math.round(bytesPerResponse * 10) / 10,
      })}\n`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
