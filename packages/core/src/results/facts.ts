import type { SurveyDefinition } from "../survey/definition/definition.ts";
import type { Question } from "../survey/definition/question.ts";
import { toNumber } from "../survey/expression/value.ts";
import { toEpochDay } from "../survey/shared/dates.ts";
import type { BookingAnswer } from "../survey/types/advanced/booking.ts";
import type { UploadedFile } from "../survey/types/advanced/file-upload.ts";
import type { ProductAnswer } from "../survey/types/advanced/product.ts";
import type { RegionAnswer } from "../survey/types/advanced/region.ts";
import type { MultipleAnswer, SingleAnswer } from "../survey/types/helpers/choice.ts";
import type { AllocationAnswer } from "../survey/types/rating/allocation.ts";
import { getQuestionType } from "../survey/types/registry.ts";
import type { DateRangeAnswer } from "../survey/types/text/date-range.ts";

/**
 * One fact a response contributes, stored as a row of `response_facts`: filters, filtered statistics and
 * cross-analysis read these instead of parsing answers. A fact's `key` is also its counter key when
 * `isCountedKey(key)`; `num`/`text` carry the value conditions compare and searches look into.
 *
 * Key families (`<q>` question id, `<o>` option/row id):
 * - `option:<q>:<o>`   an option the engine reports as chosen (`selected`): choices, matrix rows, ranked or
 *                      allocated items, cascader nodes. Quotas and `selected` conditions read these.
 * - `other:<q>:<o>`    a typed 其他 text (text), counted.
 * - `cell:<q>:<row>:<col>` a matrix cell (矩阵下拉: `<row>.<col>:<choice>`); 矩阵填空 cells carry their text.
 * - `num:<q>[:<sub>]:<value>` a numeric value as a histogram bucket (num = value): ratings, numbers,
 *                      sliders, date-range days, dates (epoch day, text = the date), 矩阵量表 rows,
 *                      比重 items, table row and file counts.
 * - `rank:<q>:<o>:<position>` a ranked item (num = position).
 * - `area:<q>:<province>` a region's province code (text = the names seen).
 * - `value:<q>:<value>` closed vocabularies: 个人信息 性别/民族, 时间 by hour (text = the time).
 * - `blank:<q>:<b>`    a filled blank (text, num = its number reading); `text:<q>:<b>` an empty one.
 * - `text:<q>[:<sub>]` free text (text, num = its number reading), not counted.
 * - `file:<q>:<i>`     an uploaded file (text = name, num = size), not counted.
 * - `sign:<q>`         a signature, not counted.
 * - `score:<q>`        an exam question's score (num; text "correct" | "wrong" | "pending" | "graded"),
 *                      question id "", not counted (the exam report aggregates them).
 * - `answered:<q>`     marks an answered 多选/排序/矩阵 question (see `answeredKeys`), counted.
 * - `quota:<id>`       a condition quota the response counts towards (question id ""), counted.
 * - `skipped:<q>`      a question the logic hid or jumped over (跳过), counted. Its question id is "": a
 *                      skipped question has no answer, and "answered" means "has a fact of the question".
 *
 * Every answered question has at least one fact, so "answered" is "has a fact" (`answered:<q>` counters).
 */
export interface Fact {
  questionId: string;
  key: string;
  num?: number | undefined;
  text?: string | undefined;
}

/** Text facts are searched and listed, never summed. */
const uncountedPrefixes = ["text:", "file:", "sign:", "score:"];

export function isCountedKey(key: string): boolean {
  return !uncountedPrefixes.some((prefix) => key.startsWith(prefix));
}

/** Longest text kept in a fact (search and listing); the full answer stays in the response. */
export const FACT_TEXT_MAX = 20_000;

const clip = (text: string) => (text.length > FACT_TEXT_MAX ? text.slice(0, FACT_TEXT_MAX) : text);

function textFact(questionId: string, key: string, text: string): Fact {
  const clipped = clip(text);
  const num = toNumber(clipped);
  return num === null ? { questionId, key, text: clipped } : { questionId, key, text: clipped, num };
}

function numFact(questionId: string, prefix: string, value: number, text?: string): Fact {
  const fact: Fact = { questionId, key: `${prefix}:${value}`, num: value };
  if (text !== undefined) fact.text = text;
  return fact;
}

function choiceFacts(q: string, chosen: readonly string[], otherTexts: Record<string, string>): Fact[] {
  const facts: Fact[] = chosen.map((id) => ({ questionId: q, key: `option:${q}:${id}` }));
  for (const id of chosen) {
    const other = (otherTexts[id] ?? "").trim();
    if (other !== "") facts.push({ questionId: q, key: `other:${q}:${id}`, text: clip(other) });
  }
  return facts;
}

/**
 * `answered:<q>` for types whose answer has no single fact to count responses by (several options, rows or
 * ranks): filtered statistics then count "answered" by key like everything else, without DISTINCT.
 */
const answeredFact = (q: string): Fact => ({ questionId: q, key: `answered:${q}` });

const optionFacts = (q: string, ids: readonly string[]): Fact[] =>
  ids.map((id) => ({ questionId: q, key: `option:${q}:${id}` }));

/** Facts of one answered question; `answer` passed the type's validation (stored answers did). */
export function questionFacts(question: Question, answer: unknown): Fact[] {
  const q = question.id;
  switch (question.type) {
    case "single":
    case "dropdown":
    case "imageSingle":
    case "trueFalse":
    case "voteSingle":
    case "appointment": {
      const single = answer as SingleAnswer;
      return choiceFacts(
        q,
        [single.optionId],
        single.otherText ? { [single.optionId]: single.otherText } : {},
      );
    }
    case "booking":
      // 预约: a single choice whose option is the slot key (`option:<q>:2026-12-05T09:00-10:00`).
      return choiceFacts(q, [(answer as BookingAnswer).slot], {});
    case "product":
      // 商品: a multiple choice of products (`option:<q>:<productId>`), however many lines and pieces.
      return [
        answeredFact(q),
        ...optionFacts(q, [...new Set((answer as ProductAnswer).lines.map((line) => line.itemId))]),
      ];
    case "multiple":
    case "imageMultiple":
    case "voteMultiple": {
      const multiple = answer as MultipleAnswer;
      return [answeredFact(q), ...choiceFacts(q, multiple.optionIds, multiple.otherTexts ?? {})];
    }
    case "cascader":
      return optionFacts(q, (answer as { path: string[] }).path);
    case "text":
    case "textarea":
      return [textFact(q, `text:${q}`, String(answer).trim())];
    case "personal": {
      const value = String(answer).trim();
      const facts = [textFact(q, `text:${q}`, value)];
      if (question.config.preset === "gender" || question.config.preset === "ethnicity")
        facts.push({ questionId: q, key: `value:${q}:${value}`, text: value });
      return facts;
    }
    case "multiBlank":
    case "inlineBlank": {
      const blanks = answer as Record<string, string>;
      return question.config.blanks.map((blank) => {
        const text = (blanks[blank.id] ?? "").trim();
        return text === ""
          ? { questionId: q, key: `text:${q}:${blank.id}`, text: "" }
          : textFact(q, `blank:${q}:${blank.id}`, text);
      });
    }
    case "number":
    case "slider":
    case "star":
    case "nps":
    case "likert":
      return [numFact(q, `num:${q}`, answer as number)];
    case "date": {
      const date = answer as string;
      return [numFact(q, `num:${q}`, toEpochDay(date), date)];
    }
    case "time": {
      const time = answer as string;
      return [{ questionId: q, key: `value:${q}:${time.slice(0, 2)}`, text: time }];
    }
    case "dateRange": {
      const range = answer as DateRangeAnswer;
      return [
        numFact(q, `num:${q}`, toEpochDay(range.end) - toEpochDay(range.start) + 1),
        { questionId: q, key: `text:${q}:start`, text: range.start },
        { questionId: q, key: `text:${q}:end`, text: range.end },
      ];
    }
    case "allocation": {
      const points = answer as AllocationAnswer;
      // Every item, zeros included: `$q.<item>` reads 0 for an item given nothing.
      return [
        ...optionFacts(
          q,
          Object.keys(points).filter((id) => (points[id] ?? 0) > 0),
        ),
        ...question.config.options.map((option) =>
          numFact(q, `num:${q}:${option.id}`, points[option.id] ?? 0),
        ),
      ];
    }
    case "ranking": {
      const order = answer as string[];
      return [
        answeredFact(q),
        ...optionFacts(q, order),
        ...order.map((id, index) => numFact(q, `rank:${q}:${id}`, index + 1)),
      ];
    }
    case "matrixSingle":
      return matrixFacts(q, answer as Record<string, string>, (row, col) => [
        { questionId: q, key: `cell:${q}:${row}:${col}` },
      ]);
    case "matrixMultiple":
      return [answeredFact(q)].concat(
        Object.entries(answer as Record<string, string[]>)
          .filter(([, picked]) => picked.length > 0)
          .flatMap(([row, picked]) => [
            { questionId: q, key: `option:${q}:${row}` },
            ...picked.map((col) => ({ questionId: q, key: `cell:${q}:${row}:${col}` })),
          ]),
      );
    case "matrixScale":
      return matrixFacts(q, answer as Record<string, number>, (row, point) => [
        numFact(q, `num:${q}:${row}`, point),
      ]);
    case "matrixFill":
      return matrixFacts(q, answer as Record<string, Record<string, string>>, (row, cells) =>
        Object.entries(cells)
          .filter(([, text]) => text.trim() !== "")
          .map(([col, text]) => ({ questionId: q, key: `cell:${q}:${row}:${col}`, text: clip(text.trim()) })),
      );
    case "matrixDropdown":
      return matrixFacts(q, answer as Record<string, Record<string, string>>, (row, cells) =>
        Object.entries(cells).map(([col, choice]) => ({
          questionId: q,
          key: `cell:${q}:${row}.${col}:${choice}`,
        })),
      );
    case "table": {
      const rows = answer as unknown[];
      const text = getQuestionType(question.type)?.toText(question.config, answer, []) ?? "";
      return [numFact(q, `num:${q}`, rows.length, clip(text))];
    }
    case "file": {
      const files = answer as UploadedFile[];
      return [
        numFact(q, `num:${q}`, files.length),
        ...files.map((file, index) => ({
          questionId: q,
          key: `file:${q}:${index}`,
          text: file.name,
          num: file.size,
        })),
      ];
    }
    case "signature": {
      // Inline PNG data can be megabytes: only stored addresses are kept in the fact.
      const url = String(answer);
      return [{ questionId: q, key: `sign:${q}`, text: url.startsWith("data:") ? "" : clip(url) }];
    }
    case "region": {
      const region = answer as RegionAnswer;
      const province = region.codes[0] ?? "";
      return [{ questionId: q, key: `area:${q}:${province}`, text: (region.names ?? region.codes).join("") }];
    }
    case "paragraph":
    case "divider":
    case "group":
      return [];
  }
}

/** Matrix rows answered: `option:<q>:<row>` (as the engine's `selected`) plus the cells of the row. */
function matrixFacts<V>(
  q: string,
  answer: Record<string, V>,
  cells: (row: string, value: V) => Fact[],
): Fact[] {
  return [
    answeredFact(q),
    ...Object.entries(answer).flatMap(([row, value]) => [
      { questionId: q, key: `option:${q}:${row}` },
      ...cells(row, value),
    ]),
  ];
}

/**
 * Every fact of one response: its answered questions (stored answers are normalised, so present means
 * answered) and the condition quotas it counts towards. Pure: recomputing from the stored answers gives the
 * same rows, which is what keeps counters and facts equal to a recount.
 */
export function responseFacts(
  definition: SurveyDefinition,
  answers: Readonly<Record<string, unknown>>,
  quotaKeys: readonly string[] = [],
  skipped: readonly string[] = [],
): Fact[] {
  const facts: Fact[] = [];
  for (const page of definition.pages) {
    for (const question of page.questions) {
      const answer = answers[question.id];
      if (answer === undefined || answer === null) continue;
      facts.push(...questionFacts(question, answer));
    }
  }
  for (const key of quotaKeys) if (key.startsWith("quota:")) facts.push({ questionId: "", key });
  facts.push(...skippedFacts(skipped));
  return dedupe(facts);
}

/** `skipped:<q>` facts of the questions a response skipped (see `skippedQuestionIds`). */
export function skippedFacts(skipped: readonly string[]): Fact[] {
  return skipped.map((id) => ({ questionId: "", key: `skipped:${id}` }));
}

/** One fact per key (the table's primary key): a repeated id in a tampered answer must not break the insert. */
function dedupe(facts: Fact[]): Fact[] {
  const seen = new Set<string>();
  return facts.filter((fact) => {
    if (seen.has(fact.key)) return false;
    seen.add(fact.key);
    return true;
  });
}

/** Response-level metadata that counters are kept for besides the facts. */
export interface ResponseMeta {
  /** China date of submission, YYYY-MM-DD. */
  day: string;
  source: string;
}

/**
 * Counter keys one valid response adds (each by 1): `total`, `day:<date>`, `source:<s>`, `answered:<q>` per
 * answered question, and every counted fact key. The answering duration is summed under `duration` separately.
 */
export function counterKeysOf(facts: readonly Fact[], meta: ResponseMeta): string[] {
  const keys = new Set<string>(["total", `day:${meta.day}`, `source:${meta.source}`]);
  for (const fact of facts) {
    if (fact.questionId !== "") keys.add(`answered:${fact.questionId}`);
    if (isCountedKey(fact.key)) keys.add(fact.key);
  }
  return [...keys];
}
