import { messages, ResultCode, type TextDictionary, type WordFrequencies } from "@wjgj/core";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { isTextKey } from "@wjgj/core/text/answer-texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { adviceQuestion, departmentQuestion } from "../../../test/text-fixtures.ts";
import { TextTokenizer } from "../../commands/results/text/corpus.ts";
import { Segmenter, wordKey } from "../../commands/results/text/segmenter.ts";
import { builtInStopWords } from "../../commands/results/text/stop-words.ts";
import { countTexts } from "../../commands/results/text/word-frequencies.ts";

/**
 * 文本分析 (issue #35): statistics/getWordFrequencies over the filtered valid responses, checked against the
 * same answers counted here from the rows (`countTexts`, the path the corpus cache replaces); the creator's
 * dictionary (statistics/getTextDictionary, saveTextDictionary) and the refusals in Chinese.
 */
let t: TestContext;
let owner: BuiltUser;
let q: { id: number; publicId: string; revisionId: number };

const definition = buildSurvey([
  departmentQuestion,
  adviceQuestion,
  {
    id: "channel",
    type: "single",
    title: "您从哪里知道我们",
    config: {
      options: [
        { id: "ad", label: "广告" },
        { id: "other", label: "其他", other: {} },
      ],
    },
  },
  { id: "age", type: "number", title: "年龄", config: {} },
]);

/** Sales mention 价格 and the product 极光问卷; engineers mention 系统 卡顿. */
const salesAdvice = [
  "价格太贵了，希望价格能便宜一些。",
  "极光问卷的价格有点高，但是服务很好。",
  "希望增加培训机会，价格再优惠一点！",
  "服务态度很好，极光问卷用起来很方便。",
];
const techAdvice = ["系统经常卡顿，影响工作效率。", "希望优化系统，减少卡顿。", "没有什么建议"];

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  q = await publishedQuestionnaire(t, owner, definition);
  for (let i = 0; i < 12; i += 1) {
    const sales = i % 2 === 0;
    const list = sales ? salesAdvice : techAdvice;
    await submitAnswers(t, q, {
      group: { optionId: sales ? "a" : "b" },
      advice: list[Math.floor(i / 2) % list.length],
      channel: i % 3 === 0 ? { optionId: "other", otherText: "朋友推荐的" } : { optionId: "ad" },
      age: 20 + i,
    });
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function frequencies(json: Record<string, unknown>, token = owner.token) {
  return call<WordFrequencies>(t.app, "POST", "statistics/getWordFrequencies", {
    token,
    json: { id: q.id, ...json },
  });
}

async function ok(json: Record<string, unknown>): Promise<WordFrequencies> {
  const res = await frequencies(json);
  expect(res.body.msg).toBe("操作成功");
  return res.body.data;
}

/** The reference: the valid responses' texts read here and counted answer by answer. */
async function reference(questionId: string, responseIds?: number[]) {
  const rows = await t.db
    .selectFrom("response_facts as f")
    .innerJoin("responses as r", "r.id", "f.responseId")
    .select(["f.responseId", "f.key", "f.text"])
    .where("f.questionnaireId", "=", q.id)
    .where("f.questionId", "=", questionId)
    .where("r.status", "=", "valid")
    .where("f.text", "is not", null)
    .where("f.text", "<>", "")
    .$if(responseIds !== undefined, (qb) => qb.where("f.responseId", "in", responseIds ?? []))
    .orderBy("f.responseId")
    .execute();
  const dictionary = await call<TextDictionary>(t.app, "GET", "statistics/getTextDictionary", {
    token: owner.token,
    params: { id: q.id },
  });
  const tokenizer = new TextTokenizer(await Segmenter.create(dictionary.body.data.words));
  const counts = countTexts(
    tokenizer,
    rows.filter((row) => isTextKey(row.key)),
  );
  const stop = new Set([...(await builtInStopWords()), ...dictionary.body.data.stopWords.map(wordKey)]);
  const expected = new Map<string, { count: number; answers: number }>();
  counts.words.forEach((word, id) => {
    if (!stop.has(wordKey(word)) || dictionary.body.data.words.includes(word))
      expected.set(word, { count: counts.counts[id] as number, answers: counts.documents[id] as number });
  });
  return { answers: counts.answers, expected };
}

function asMap(result: WordFrequencies) {
  return new Map(result.words.map((w) => [w.word, { count: w.count, answers: w.answers }]));
}

describe("statistics/getWordFrequencies", () => {
  it("counts the words of every valid answer as the rows counted one by one do, without stop words", async () => {
    const result = await ok({ questionId: "advice", top: 500 });
    const { answers, expected } = await reference("advice");
    expect(result.answers).toBe(12);
    expect(answers).toBe(12);
    expect(asMap(result)).toEqual(expected);
    expect(result.distinctWords).toBe(expected.size);
    // The six sales responses give answers 1, 2, 3, 4, 1, 2: 价格 twice in the first, once in the second and third.
    const price = result.words.find((w) => w.word === "价格");
    expect(price).toMatchObject({ count: 7, answers: 5, percentage: 41.7 });
    const stop = await builtInStopWords();
    for (const w of [...result.words, ...result.keywords]) {
      expect(stop.has(wordKey(w.word)), w.word).toBe(false);
      expect(w.word).not.toMatch(/^[\p{P}\s\d]+$/u);
    }
    // Ordered by count, then responses; keywords by TF-IDF weight.
    for (let i = 1; i < result.words.length; i += 1)
      expect((result.words[i - 1] as { count: number }).count).toBeGreaterThanOrEqual(
        (result.words[i] as { count: number }).count,
      );
    for (let i = 1; i < result.keywords.length; i += 1)
      expect((result.keywords[i - 1] as { weight: number }).weight).toBeGreaterThanOrEqual(
        (result.keywords[i] as { weight: number }).weight,
      );
    expect(result.keywords.find((w) => w.word === "卡顿")?.weight).toBeGreaterThan(0);
  });

  it("counts only the responses of the filter", async () => {
    const result = await ok({
      questionId: "advice",
      top: 500,
      filter: { condition: { kind: "selected", questionId: "group", optionIds: ["b"], match: "any" } },
    });
    const tech = await t.db
      .selectFrom("responses")
      .select("id")
      .where("questionnaireId", "=", q.id)
      .where("answers", "like", '%"b"%')
      .execute();
    const { expected } = await reference(
      "advice",
      tech.map((row) => row.id),
    );
    expect(result.answers).toBe(6);
    expect(asMap(result)).toEqual(expected);
    expect(result.words.map((w) => w.word)).toContain("卡顿");
    expect(result.words.map((w) => w.word)).not.toContain("价格");
  });

  it("reads the 其他 texts of a choice question", async () => {
    const result = await ok({ questionId: "channel" });
    expect(result.answers).toBe(4);
    expect(result.words.find((w) => w.word === "朋友")).toMatchObject({
      count: 4,
      answers: 4,
      percentage: 100,
    });
  });

  it("takes in responses submitted after the first count, and leaves out those marked invalid", async () => {
    const before = await ok({ questionId: "advice", top: 500 });
    const id = await submitAnswers(t, q, {
      group: { optionId: "b" },
      advice: "登录页面经常闪退，闪退以后数据丢失",
      channel: { optionId: "ad" },
    });
    const after = await ok({ questionId: "advice", top: 500 });
    expect(after.answers).toBe(before.answers + 1);
    expect(after.words.find((w) => w.word === "闪退")).toMatchObject({ count: 2, answers: 1 });
    const marked = await call(t.app, "POST", "answer/markInvalid", {
      token: owner.token,
      json: { id: q.id, responseIds: [id] },
    });
    expect(marked.body.msg).toBe("操作成功");
    const invalid = await ok({ questionId: "advice", top: 500 });
    expect(invalid.answers).toBe(before.answers);
    expect(invalid.words.find((w) => w.word === "闪退")).toBeUndefined();
    expect(asMap(invalid)).toEqual((await reference("advice")).expected);
  });

  it("refuses a question without open text, an unknown question and a bad word count in Chinese", async () => {
    for (const [json, message] of [
      [{ questionId: "age" }, messages.textNotAnalysable],
      [{ questionId: "group" }, messages.textNotAnalysable],
      [{ questionId: "nope" }, messages.resultQuestionInvalid],
      [{ questionId: "advice", top: 5 }, messages.wordTopInvalid],
      [{ questionId: "advice", top: "很多" }, messages.wordTopInvalid],
    ] as const) {
      const res = await frequencies(json);
      expect(res.body.code, JSON.stringify(json)).toBe(ResultCode.invalidInput);
      expect(res.body.msg).toBe(message);
    }
  });

  it("is open to a team's 数据查看 member and closed to strangers", async () => {
    const viewer = await buildUser(t);
    const stranger = await buildUser(t);
    await buildTeamMember(t, q.id, viewer, "viewer");
    expect((await frequencies({ questionId: "advice" }, viewer.token)).body.msg).toBe("操作成功");
    expect((await frequencies({ questionId: "advice" }, stranger.token)).body.code).toBe(
      ResultCode.forbidden,
    );
  });
});

describe("statistics/saveTextDictionary", () => {
  async function save(json: Record<string, unknown>, token = owner.token) {
    return call<TextDictionary>(t.app, "POST", "statistics/saveTextDictionary", {
      token,
      json: { id: q.id, ...json },
    });
  }

  it("keeps custom words whole and leaves out custom stop words", async () => {
    const plain = await ok({ questionId: "advice", top: 500 });
    expect(plain.words.map((w) => w.word)).not.toContain("极光问卷");
    const saved = await save({ words: "极光问卷\n\n  极光问卷  \n", stopWords: ["希望", "服务"] });
    expect(saved.body.msg).toBe("操作成功");
    expect(saved.body.data).toMatchObject({ words: ["极光问卷"], stopWords: ["希望", "服务"] });
    expect(saved.body.data.builtInStopWords).toBeGreaterThan(700);
    expect(saved.body.data.updatedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const custom = await ok({ questionId: "advice", top: 500 });
    // Answers 2 (given twice) and 4 name it.
    expect(custom.words.find((w) => w.word === "极光问卷")).toMatchObject({ count: 3, answers: 3 });
    expect(custom.words.map((w) => w.word)).not.toContain("希望");
    expect(custom.words.map((w) => w.word)).not.toContain("服务");
    expect(asMap(custom)).toEqual((await reference("advice")).expected);

    const read = await call<TextDictionary>(t.app, "GET", "statistics/getTextDictionary", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(read.body.data.words).toEqual(["极光问卷"]);
    await save({ words: [], stopWords: [] });
  });

  it("refuses a line too long, a word with a space, too many words and wrong types in Chinese", async () => {
    for (const [json, message] of [
      [{ words: "这是一个超过二十个字的非常非常非常长的句子而不是词" }, messages.textDictionaryWordTooLong],
      [{ stopWords: ["好 的"] }, messages.textDictionaryWordInvalid],
      [{ words: Array.from({ length: 2001 }, (_, i) => `词${i}`) }, messages.textDictionaryTooMany],
      [{ words: [1, 2] }, messages.textDictionaryInvalid],
      [{ words: { a: 1 } }, messages.textDictionaryInvalid],
    ] as const) {
      const res = await save(json);
      expect(res.body.code, JSON.stringify(json).slice(0, 80)).toBe(ResultCode.invalidInput);
      expect(res.body.msg).toBe(message);
    }
  });

  it("is for those who manage the responses", async () => {
    const viewer = await buildUser(t);
    await buildTeamMember(t, q.id, viewer, "viewer");
    const read = await call(t.app, "GET", "statistics/getTextDictionary", {
      token: viewer.token,
      params: { id: q.id },
    });
    expect(read.body.msg).toBe("操作成功");
    expect((await save({ words: ["极光问卷"] }, viewer.token)).body.code).toBe(ResultCode.forbidden);
  });
});
