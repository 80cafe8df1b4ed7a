import fc from "fast-check";
import type { Condition } from "../../survey/definition/condition.ts";
import type { SurveyDefinition } from "../../survey/definition/definition.ts";
import type { QuestionInput } from "../../survey/definition/question.ts";
import { buildSurvey } from "../../survey/testing/build.ts";

/**
 * Property-test fixture: one optional question of every answerable type (files excepted when `withFiles` is
 * false: they need stored uploads), with small configs so random answers collide and every bucket fills.
 */
const opts = (...ids: string[]) => ids.map((id) => ({ id, label: `选项${id.toUpperCase()}` }));
const otherOpt = { id: "o", label: "其他", other: { textRequired: false } };

const questions: QuestionInput[] = [
  { id: "qs", type: "single", title: "单选", config: { options: [...opts("a", "b", "c"), otherOpt] } },
  { id: "qm", type: "multiple", title: "多选", config: { options: [...opts("a", "b", "c"), otherOpt] } },
  { id: "qd", type: "dropdown", title: "下拉", config: { options: opts("a", "b") } },
  { id: "qv", type: "voteSingle", title: "投票", config: { options: opts("a", "b") } },
  {
    id: "qc",
    type: "cascader",
    title: "联动",
    config: {
      levels: ["省", "市"],
      nodes: [
        {
          id: "zj",
          label: "浙江",
          children: [
            { id: "hz", label: "杭州" },
            { id: "nb", label: "宁波" },
          ],
        },
        { id: "sh", label: "上海" },
      ],
    },
  },
  { id: "qt", type: "text", title: "单行", config: {} },
  { id: "qn2", type: "text", title: "数字文本", config: { format: "number" } },
  { id: "qa", type: "textarea", title: "多行", config: {} },
  {
    id: "qb",
    type: "multiBlank",
    title: "多项填空",
    config: {
      blanks: [
        { id: "b1", label: "姓名", required: false },
        { id: "b2", label: "年龄", format: "integer", required: false },
      ],
    },
  },
  { id: "qn", type: "number", title: "数字", config: { decimals: 1 } },
  { id: "qdt", type: "date", title: "日期", config: {} },
  { id: "qtm", type: "time", title: "时间", config: {} },
  { id: "qdr", type: "dateRange", title: "日期范围", config: {} },
  { id: "qst", type: "star", title: "星级", config: { max: 5 } },
  { id: "qnps", type: "nps", title: "NPS", config: {} },
  { id: "qlk", type: "likert", title: "量表", config: { points: 5, start: 1 } },
  { id: "qsl", type: "slider", title: "滑块", config: { min: 0, max: 10, step: 1 } },
  { id: "qal", type: "allocation", title: "比重", config: { options: opts("a", "b", "c"), total: 10 } },
  { id: "qrk", type: "ranking", title: "排序", config: { options: opts("a", "b", "c") } },
  {
    id: "qx1",
    type: "matrixSingle",
    title: "矩阵单选",
    config: { rows: opts("r1", "r2"), columns: opts("c1", "c2", "c3"), rowsRequired: false },
  },
  {
    id: "qx2",
    type: "matrixMultiple",
    title: "矩阵多选",
    config: { rows: opts("r1", "r2"), columns: opts("c1", "c2"), rowsRequired: false },
  },
  {
    id: "qx3",
    type: "matrixScale",
    title: "矩阵量表",
    config: { rows: opts("r1", "r2"), rowsRequired: false, scale: { points: 5, start: 1 } },
  },
  {
    id: "qx4",
    type: "matrixFill",
    title: "矩阵填空",
    config: { rows: opts("r1", "r2"), columns: opts("c1", "c2"), rowsRequired: false },
  },
  {
    id: "qx5",
    type: "matrixDropdown",
    title: "矩阵下拉",
    config: {
      rows: opts("r1", "r2"),
      rowsRequired: false,
      columns: [{ id: "k", label: "频率", choices: opts("x", "y") }],
    },
  },
  {
    id: "qtb",
    type: "table",
    title: "表格",
    config: { columns: [{ id: "name", label: "姓名" }], minRows: 1, maxRows: 3 },
  },
  { id: "qsg", type: "signature", title: "签名", config: {} },
  { id: "qrg", type: "region", title: "省份", config: { levels: 1 } },
  { id: "qpg", type: "personal", title: "性别", config: { preset: "gender" } },
  { id: "qpa", type: "personal", title: "年龄", config: { preset: "age" } },
  {
    id: "qap",
    type: "appointment",
    title: "预约",
    config: {
      options: [
        { id: "s1", label: "上午", quota: 100000 },
        { id: "s2", label: "下午", quota: 100000 },
      ],
    },
  },
];

const fileQuestion: QuestionInput = { id: "qf", type: "file", title: "附件", config: { maxCount: 2 } };

export function everyTypeDefinition(withFiles = false): SurveyDefinition {
  return buildSurvey(withFiles ? [...questions, fileQuestion] : questions);
}

const words = fc.constantFrom("苹果", "香蕉", "apple", "Apple", "10", "9", "2.5", "北京 朝阳", "x");
const subset = <T>(items: readonly T[]) => fc.subarray([...items], { minLength: 1 });
const signature = "data:image/png;base64,iVBORw0KGgo=";

/** A valid answer for each question of the fixture. */
export const answerArbs: Record<string, fc.Arbitrary<unknown>> = {
  qs: fc.oneof(
    fc.constantFrom("a", "b", "c").map((optionId) => ({ optionId })),
    words.map((otherText) => ({ optionId: "o", otherText })),
  ),
  qm: fc
    .tuple(subset(["a", "b", "c", "o"]), words)
    .map(([optionIds, text]) =>
      optionIds.includes("o") ? { optionIds, otherTexts: { o: text } } : { optionIds },
    ),
  qd: fc.constantFrom("a", "b").map((optionId) => ({ optionId })),
  qv: fc.constantFrom("a", "b").map((optionId) => ({ optionId })),
  qc: fc.constantFrom(["zj", "hz"], ["zj", "nb"], ["sh"]).map((path) => ({ path })),
  qt: words,
  qn2: fc.constantFrom("1", "2", "10", "2.5", "-3"),
  qa: words,
  qb: fc
    .record({
      b1: fc.option(words, { nil: undefined }),
      b2: fc.option(fc.constantFrom("18", "30", "7"), { nil: undefined }),
    })
    .filter((blanks) => blanks.b1 !== undefined || blanks.b2 !== undefined)
    .map((blanks) => Object.fromEntries(Object.entries(blanks).filter(([, value]) => value !== undefined))),
  qn: fc.constantFrom(0, 1.5, 3, 3, 10, -2, 100.5),
  qdt: fc.constantFrom("2024-01-01", "2024-06-15", "2023-12-31", "2000-02-29"),
  qtm: fc.constantFrom("08:30", "08:05", "12:00", "23:59"),
  qdr: fc.constantFrom(
    { start: "2024-06-01", end: "2024-06-03" },
    { start: "2024-06-01", end: "2024-06-01" },
    { start: "2024-05-30", end: "2024-06-09" },
  ),
  qst: fc.integer({ min: 1, max: 5 }),
  qnps: fc.integer({ min: 0, max: 10 }),
  qlk: fc.integer({ min: 1, max: 5 }),
  qsl: fc.integer({ min: 0, max: 10 }),
  qal: fc
    .tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }))
    .map(([x, y]) => [Math.min(x, y), Math.max(x, y)] as const)
    .map(([x, y]) =>
      Object.fromEntries(Object.entries({ a: x, b: y - x, c: 10 - y }).filter(([, v]) => v > 0)),
    ),
  qrk: fc.shuffledSubarray(["a", "b", "c"], { minLength: 3, maxLength: 3 }),
  qx1: fc
    .record({
      r1: fc.option(fc.constantFrom("c1", "c2", "c3"), { nil: undefined }),
      r2: fc.option(fc.constantFrom("c1", "c2", "c3"), { nil: undefined }),
    })
    .map(compact)
    .filter(nonEmpty),
  qx2: fc
    .record({ r1: fc.subarray(["c1", "c2"]), r2: fc.subarray(["c1", "c2"]) })
    .map((rows) => Object.fromEntries(Object.entries(rows).filter(([, picked]) => picked.length > 0)))
    .filter(nonEmpty),
  qx3: fc
    .record({
      r1: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      r2: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
    })
    .map(compact)
    .filter(nonEmpty),
  qx4: fc
    .record({
      r1: fc.option(fc.record({ c1: words, c2: words }), { nil: undefined }),
      r2: fc.option(fc.record({ c1: words, c2: words }), { nil: undefined }),
    })
    .map(compact)
    .filter(nonEmpty),
  qx5: fc
    .record({
      r1: fc.option(fc.constantFrom("x", "y"), { nil: undefined }),
      r2: fc.option(fc.constantFrom("x", "y"), { nil: undefined }),
    })
    .map((rows) =>
      Object.fromEntries(Object.entries(compact(rows)).map(([row, choice]) => [row, { k: choice }])),
    )
    .filter(nonEmpty),
  qtb: fc.array(
    words.map((name) => ({ name })),
    { minLength: 1, maxLength: 3 },
  ),
  qsg: fc.constant(signature),
  qrg: fc.constantFrom("110000", "310000", "440000").map((code) => ({ codes: [code] })),
  qpg: fc.constantFrom("男", "女"),
  qpa: fc.constantFrom("18", "30", "65"),
  qap: fc.constantFrom("s1", "s2").map((optionId) => ({ optionId })),
};

function compact<V>(record: Record<string, V | undefined>): Record<string, V> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Record<
    string,
    V
  >;
}

function nonEmpty(record: object): boolean {
  return Object.keys(record).length > 0;
}

/** A response: each question answered with probability ~2/3. */
export const responseArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    Object.fromEntries(
      Object.entries(answerArbs).map(([id, arb]) => [id, fc.option(arb, { nil: undefined, freq: 2 })]),
    ),
  )
  .map((answers) => compact(answers));

/** Filter conditions over the fixture that the statistics filter supports. */
export const conditionArb: fc.Arbitrary<Condition> = fc.letrec<{ condition: Condition }>((tie) => ({
  condition: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({
      kind: fc.constantFrom("selected" as const, "notSelected" as const),
      questionId: fc.constantFrom("qs", "qm", "qc", "qx1", "qrk", "qal"),
      optionIds: subset(["a", "b", "o", "zj", "hz", "r1", "r2"]),
      match: fc.constantFrom("any" as const, "all" as const),
    }),
    fc.record({
      kind: fc.constantFrom("answered" as const, "notAnswered" as const),
      questionId: fc.constantFrom("qs", "qt", "qn", "qx3", "qb"),
    }),
    fc.oneof(
      fc.record({
        kind: fc.constant("compare" as const),
        questionId: fc.constantFrom("qn", "qst", "qsl", "qnps", "qn2", "qpa", "qtb"),
        op: fc.constantFrom("eq", "ne", "gt", "lt", "ge", "le") as fc.Arbitrary<"eq">,
        value: fc.oneof(fc.constantFrom(0, 3, 5, 10, 1.5), fc.constantFrom("3", "x", "10")),
      }),
      fc
        .record({
          kind: fc.constant("compare" as const),
          questionId: fc.constantFrom("qt", "qa", "qn2", "qdt", "qtm"),
          op: fc.constantFrom("eq", "ne", "gt", "lt", "contains") as fc.Arbitrary<"eq">,
          value: fc.constantFrom("苹果", "apple", "10", "2024-06-15", "08", "12:00", "p", 9, 2.5),
        })
        // Numbers cannot be searched as text (the filter refuses it).
        .filter((c) => !(c.op === ("contains" as string) && c.questionId === "qn2")),
      fc
        .record({
          kind: fc.constant("compare" as const),
          questionId: fc.constant("qb"),
          key: fc.constantFrom("b1", "b2"),
          op: fc.constantFrom("eq", "ne", "gt", "le", "contains") as fc.Arbitrary<"eq">,
          value: fc.constantFrom("x", "18", 18, ""),
        })
        .filter((c) => !(c.op === ("contains" as string) && c.key === "b2")),
      fc.record({
        kind: fc.constant("compare" as const),
        questionId: fc.constant("qx3"),
        key: fc.constantFrom("r1", "r2"),
        op: fc.constantFrom("ge", "lt") as fc.Arbitrary<"ge">,
        value: fc.constantFrom(2, 4),
      }),
      fc.record({
        kind: fc.constant("compare" as const),
        questionId: fc.constant("qrk"),
        key: fc.constantFrom("a", "c"),
        op: fc.constantFrom("eq", "le") as fc.Arbitrary<"eq">,
        value: fc.constantFrom(1, 2),
      }),
      fc.record({
        kind: fc.constant("compare" as const),
        questionId: fc.constant("qal"),
        key: fc.constantFrom("a", "b"),
        op: fc.constantFrom("eq", "gt") as fc.Arbitrary<"eq">,
        value: fc.constantFrom(0, 3),
      }),
      fc.record({
        kind: fc.constant("compare" as const),
        questionId: fc.constant("qdr"),
        key: fc.constantFrom("start", "end", undefined),
        op: fc.constantFrom("eq", "gt", "le") as fc.Arbitrary<"eq">,
        value: fc.constantFrom("2024-06-01", 3, 1),
      }),
    ),
    fc.record({ kind: fc.constant("not" as const), condition: tie("condition") }),
    fc.record({
      kind: fc.constantFrom("all" as const, "any" as const),
      conditions: fc.array(tie("condition"), { maxLength: 3 }),
    }),
  ),
})).condition;
