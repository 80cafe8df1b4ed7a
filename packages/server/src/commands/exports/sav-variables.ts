/**
 * The SPSS variables of an export and each response's values (the file itself: sav.ts).
 *
 * Rules, and why:
 * - Names are ASCII and stable, so syntax written against one export runs on the next: Q<题号> for a
 *   one-variable question, Q<n>_<row> per matrix row, Q<n>_<A, B, …> per multi-select option; the
 *   question title (and sub-item) is the label, as statistics software shows labels, not names.
 * - Single choices are codes 1..k in the latest revision's option order, with the options as value labels
 *   (an option removed since answers system-missing); multi-selects are one 0/1 variable per option.
 * - Numbers, ratings, NPS and sliders are scale variables; matrix-scale rows ordinal; choices nominal. A
 *   scale's points keep their numbers, labelled where the designer captioned them (量表's ends or every
 *   point, NPS's 0 and 10, 星级's stars), as the respondent saw them.
 * - Two user-missing codes, declared as missing so analyses leave them out, keep apart a question the
 *   response's logic hid or jumped over (未显示, its `skipped:` fact) from one left empty (未作答): -2 and -1,
 *   or -999999998 and -999999999 for numbers that may be negative, where -1 could be an answer.
 * - Everything else (text, dates, blanks, uploads …) is text as the spreadsheet shows it, one string variable
 *   per spreadsheet column, as wide as its longest value (measured before writing, ≤ 255 bytes).
 */
import {
  getQuestionType,
  type Question,
  responseSourceNames,
  scalePointLabels,
  exportFileTexts as texts,
} from "@wjgj/core";
import { answerTexts } from "@wjgj/core/text/answer-texts";
import type { Cell } from "./cells.ts";
import { columnTitle, plain } from "./columns.ts";
import type { ExportLayout, ResponseSlice } from "./rows.ts";
import { SAV_MAX_STRING, type SavValue, type SavVariable, spssDateTime, utf8Cut } from "./sav.ts";

interface MissingCodes {
  notShown: number;
  notAnswered: number;
}
const SMALL_CODES: MissingCodes = { notShown: -2, notAnswered: -1 };
const LARGE_CODES: MissingCodes = { notShown: -999_999_998, notAnswered: -999_999_999 };

/** The variables of one question and how an answer fills them (from `values[at]` on). */
interface SavQuestion {
  questionId: string;
  variables: SavVariable[];
  codes: MissingCodes | null;
  fill(values: SavValue[], at: number, answer: unknown, question: Question, response: ResponseSlice): void;
}

export interface SavLayout {
  variables: SavVariable[];
  /** Indexes of string variables: their widths are measured from the data before the file is written. */
  strings: number[];
  values(response: ResponseSlice, seq: number, answered: Map<string, Question> | undefined): SavValue[];
  /** The variable cases are weighted by, when the file carries 统计分析's 加权. */
  weight?: string;
}

/** 统计分析's saved 加权 as an export carries it: the margin variables' names and a response's weight by its codes. */
export interface ExportWeighting {
  margins: readonly string[];
  weightOf(codes: readonly SavValue[]): number;
}

/**
 * The layout with a last variable `weight`: each response's raking weight, read from its codes of the margin
 * variables as 统计分析 reads it (a combination not raked, or a margin not answered, weighs 1). Answers null when
 * a margin variable is not in this layout (a file without personal data leaves some questions out).
 */
export function weightedLayout(sav: SavLayout, weighting: ExportWeighting): SavLayout | null {
  const at = weighting.margins.map((name) => sav.variables.findIndex((v) => v.name === name));
  if (at.some((index) => index < 0)) return null;
  const weight: SavVariable = { name: "weight", label: texts.weight, width: 0, measure: "scale", format: 4 };
  return {
    variables: [...sav.variables, weight],
    strings: sav.strings,
    weight: weight.name,
    values(response, seq, answered) {
      const values = sav.values(response, seq, answered);
      values.push(weighting.weightOf(at.map((index) => values[index] ?? null)));
      return values;
    },
  };
}

const singleTypes = new Set(["single", "dropdown", "imageSingle", "trueFalse", "voteSingle"]);
const multipleTypes = new Set(["multiple", "imageMultiple", "voteMultiple"]);
const scaleTypes = new Set(["number", "star", "nps", "likert", "slider"]);

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function missingLabels(codes: MissingCodes): [number, string][] {
  return [
    [codes.notAnswered, texts.spssNotAnswered],
    [codes.notShown, texts.spssNotShown],
  ];
}

function numeric(
  name: string,
  label: string,
  measure: SavVariable["measure"],
  codes: MissingCodes,
  labels: readonly (readonly [number, string])[] = [],
  decimals = 0,
): SavVariable {
  return {
    name,
    label,
    width: 0,
    measure,
    format: decimals,
    valueLabels: [...labels, ...missingLabels(codes)],
    missing: [codes.notAnswered, codes.notShown],
  };
}

/** A, B, … Z, AA, AB, … (spreadsheet column letters). */
function letters(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function optionsOf(question: Question) {
  return getQuestionType(question.type)?.options?.(question.config) ?? [];
}

function mayBeNegative(question: Question): boolean {
  const config = question.config as { range?: { min?: number }; min?: number };
  if (question.type === "number") return (config.range?.min ?? -1) < 0;
  if (question.type === "slider") return (config.min ?? 0) < 0;
  return false;
}

function choiceQuestion(question: Question, name: string, title: string): Omit<SavQuestion, "questionId"> {
  const options = optionsOf(question);
  const codes = new Map(options.map((o, i) => [o.id, i + 1]));
  const labels = options.map((o, i): [number, string] => [i + 1, plain(o.label)]);
  return {
    variables: [numeric(name, title, "nominal", SMALL_CODES, labels)],
    codes: SMALL_CODES,
    fill(values, at, answer) {
      const { optionId } = record(answer);
      values[at] = typeof optionId === "string" ? (codes.get(optionId) ?? null) : SMALL_CODES.notAnswered;
    },
  };
}

function multipleQuestion(question: Question, name: string, title: string): Omit<SavQuestion, "questionId"> {
  const options = optionsOf(question);
  const labels: [number, string][] = [
    [0, texts.spssNotChosen],
    [1, texts.spssChosen],
  ];
  return {
    variables: options.map((o, i) =>
      numeric(`${name}_${letters(i)}`, texts.spssItem(title, plain(o.label)), "nominal", SMALL_CODES, labels),
    ),
    codes: SMALL_CODES,
    fill(values, at, answer) {
      const chosen = record(answer).optionIds;
      if (!Array.isArray(chosen)) return;
      options.forEach((o, i) => {
        values[at + i] = chosen.includes(o.id) ? 1 : 0;
      });
    },
  };
}

function matrixQuestion(question: Question, name: string, title: string): Omit<SavQuestion, "questionId"> {
  const config = question.config as {
    rows?: { id: string; label: string }[];
    columns?: { id: string; label: string }[];
  };
  const rows = config.rows ?? [];
  const single = question.type === "matrixSingle";
  const columns = single ? (config.columns ?? []) : [];
  const codes = new Map(columns.map((c, i) => [c.id, i + 1]));
  const labels = single
    ? columns.map((c, i): [number, string] => [i + 1, plain(c.label)])
    : scalePointLabels(question);
  return {
    variables: rows.map((r, i) =>
      numeric(
        `${name}_${i + 1}`,
        texts.spssItem(title, plain(r.label)),
        single ? "nominal" : "ordinal",
        SMALL_CODES,
        labels,
      ),
    ),
    codes: SMALL_CODES,
    fill(values, at, answer) {
      const byRow = record(answer);
      rows.forEach((r, i) => {
        const value = byRow[r.id];
        if (single)
          values[at + i] = typeof value === "string" ? (codes.get(value) ?? null) : SMALL_CODES.notAnswered;
        else values[at + i] = typeof value === "number" ? value : SMALL_CODES.notAnswered;
      });
    },
  };
}

function scaleQuestion(question: Question, name: string, title: string): Omit<SavQuestion, "questionId"> {
  const codes = mayBeNegative(question) ? LARGE_CODES : SMALL_CODES;
  const decimals =
    question.type === "number" ? ((question.config as { decimals?: number }).decimals ?? 0) : 0;
  return {
    variables: [numeric(name, title, "scale", codes, scalePointLabels(question), decimals)],
    codes,
    fill(values, at, answer) {
      if (typeof answer === "number") values[at] = answer;
    },
  };
}

/** Any other type: its spreadsheet columns as text, labelled `title` or `title: sub-item`. */
function textQuestion(
  columns: ExportLayout["questions"][number],
  name: string,
  title: string,
): Omit<SavQuestion, "questionId"> {
  const sub = `${columns.number}、${title}—`;
  const many = columns.headers.length > 1;
  const row: Cell[] = new Array(columns.headers.length).fill(null);
  return {
    variables: columns.headers.map((header, i) => ({
      name: many ? `${name}_${i + 1}` : name,
      label: header.startsWith(sub) ? texts.spssItem(title, header.slice(sub.length)) : title,
      width: 1,
      measure: "nominal",
    })),
    codes: null,
    fill(values, at, answer, question, response) {
      row.fill(null);
      columns.fill(row, 0, answer, undefined, question, response.id);
      row.forEach((cell, i) => {
        values[at + i] = cell === null ? null : String(cell);
      });
    },
  };
}

function questionVariables(layout: ExportLayout): SavQuestion[] {
  return layout.questions.map((columns) => {
    const question = layout.latest.get(columns.questionId) as Question;
    const name = `Q${columns.number}`;
    const title = columnTitle(question);
    const build = singleTypes.has(question.type)
      ? choiceQuestion(question, name, title)
      : multipleTypes.has(question.type)
        ? multipleQuestion(question, name, title)
        : question.type === "matrixSingle" || question.type === "matrixScale"
          ? matrixQuestion(question, name, title)
          : scaleTypes.has(question.type)
            ? scaleQuestion(question, name, title)
            : textQuestion(columns, name, title);
    return { questionId: columns.questionId, ...build };
  });
}

/** The export's variables: metadata first (as in the spreadsheet), then the questions'. */
export function savLayout(layout: ExportLayout): SavLayout {
  const meta: SavVariable[] = [
    { name: "seq", label: texts.seq, width: 0, measure: "scale" },
    { name: "response_id", label: texts.responseId, width: 0, measure: "nominal", digits: 12 },
    { name: "submitted", label: texts.submittedAt, width: 0, measure: "scale", format: "datetime" },
    { name: "duration", label: `${texts.duration}（${texts.seconds}）`, width: 0, measure: "scale" },
    { name: "source", label: texts.source, width: 1, measure: "nominal" },
    ...(layout.withStatus
      ? [
          {
            name: "status",
            label: texts.status,
            width: 0,
            measure: "nominal",
            valueLabels: [
              [1, texts.valid],
              [0, texts.invalid],
            ],
          } satisfies SavVariable,
        ]
      : []),
    ...(layout.withScore ? [{ name: "score", label: texts.score, width: 0, measure: "scale" } as const] : []),
  ];
  const questions = questionVariables(layout);
  // 计算值: numbers as kept at submit (a text result, or a response kept before values were, is missing).
  const computed = layout.computed.map(
    (c, i): SavVariable => ({
      name: `calc${i + 1}`,
      label: c.name || `${texts.computed}${i + 1}`,
      width: 0,
      measure: "scale",
      format: 2,
    }),
  );
  // 编码: 1 when the response's texts of the question have the code, 0 when not, missing without a text.
  const codes = layout.codes.map(
    (code): SavVariable => ({
      name: code.variable,
      label: code.label,
      width: 0,
      measure: "nominal",
      valueLabels: [
        [0, texts.codeNo],
        [1, texts.codeYes],
      ],
    }),
  );
  const variables = [...meta, ...questions.flatMap((q) => q.variables), ...computed, ...codes];
  const strings = variables.flatMap((v, i) => (v.width > 0 ? [i] : []));
  return {
    variables,
    strings,
    values(response, seq, answered) {
      const values: SavValue[] = new Array(variables.length).fill(null);
      values[0] = seq;
      values[1] = response.id;
      values[2] = spssDateTime(response.submittedAt);
      values[3] = response.durationSeconds;
      values[4] = responseSourceNames[response.source] ?? response.source;
      let at = 5;
      if (layout.withStatus) values[at++] = response.status === "invalid" ? 0 : 1;
      if (layout.withScore) values[at++] = response.score;
      const answers = response.opened ?? parseObject(response.answers);
      for (const q of questions) {
        const answer = answers[q.questionId];
        const end = at + q.variables.length;
        if (response.skipped?.has(q.questionId)) {
          if (q.codes) values.fill(q.codes.notShown, at, end);
        } else if (answer === undefined || answer === null) {
          if (q.codes) values.fill(q.codes.notAnswered, at, end);
        } else {
          const question = answered?.get(q.questionId) ?? layout.latest.get(q.questionId);
          try {
            if (question) q.fill(values, at, answer, question, response);
          } catch {
            // An answer shaped by an older type of this question stays empty rather than losing the case.
          }
        }
        at = end;
      }
      if (computed.length > 0) {
        const kept = response.computed ? parseObject(response.computed) : {};
        layout.computed.forEach((c, i) => {
          const value = kept[c.id];
          values[at + i] = typeof value === "number" && Number.isFinite(value) ? value : null;
        });
        at += computed.length;
      }
      layout.codes.forEach((code, i) => {
        const question = answered?.get(code.questionId) ?? layout.latest.get(code.questionId);
        const found = question ? answerTexts(question, answers[code.questionId]) : [];
        values[at + i] = found.length === 0 ? null : code.has(response.id, found) ? 1 : 0;
      });
      return values;
    },
  };
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Widens the layout's string variables to hold `values` (called on every case before writing). */
export function measureStrings(layout: SavLayout, values: readonly SavValue[]): void {
  for (const i of layout.strings) {
    const value = values[i];
    const variable = layout.variables[i] as SavVariable;
    if (typeof value === "string" && variable.width < SAV_MAX_STRING) {
      variable.width = Math.max(variable.width, utf8Cut(value, SAV_MAX_STRING).length);
    }
  }
}
