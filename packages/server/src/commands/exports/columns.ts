import {
  exportFileTexts,
  getQuestionType,
  type Option,
  type Question,
  type QuestionOfType,
  richTextToPlain,
  type SurveyDefinition,
} from "@wjgj/core";
import type { Cell } from "./cells.ts";
import type { FileLinks } from "./file-links.ts";

/** Labels of the options a response chose, as the respondent saw them: option (or row) id → label. */
export type Seen = Readonly<Record<string, string>> | undefined;

/**
 * The columns of one question: one for most types, one per sub-item for matrices (row, or row × column),
 * blanks, rank positions and allocation items. Sub-items come from the latest published revision; a
 * response to an older revision fills them by id, with that revision's labels.
 */
export interface QuestionColumns {
  questionId: string;
  /** 题号: position among answerable questions, from 1. */
  number: number;
  headers: string[];
  /**
   * Writes `headers.length` cells of one answer from `row[at]` on; `question` is the answered revision's,
   * `responseId` the response's (the 下载链接 of its files name it).
   */
  fill(row: Cell[], at: number, answer: unknown, seen: Seen, question: Question, responseId?: number): void;
}

/** Multi-choice answers are joined like 问卷星 does, so existing spreadsheets keep working. */
export const MULTI_JOIN = "┋";

const singleTypes = new Set(["single", "dropdown", "imageSingle", "trueFalse", "voteSingle"]);
const multipleTypes = new Set(["multiple", "imageMultiple", "voteMultiple"]);

/** Rich text as one line of plain text. */
export function plain(text: string): string {
  const bare = text.includes("<") || text.includes("&") ? richTextToPlain(text) : text;
  return bare.replace(/\s+/g, " ").trim();
}

const labelMaps = new WeakMap<object, Map<string, string>>();

/** id → label of a list of options, built once per (cached) revision's option list. */
function labelsOf(options: readonly Option[]): Map<string, string> {
  let map = labelMaps.get(options);
  if (!map) {
    map = new Map(options.map((option) => [option.id, plain(option.label)]));
    labelMaps.set(options, map);
  }
  return map;
}

function optionsOf(question: Question): readonly Option[] {
  return getQuestionType(question.type)?.options?.(question.config) ?? [];
}

/** What the respondent saw, else the answered revision's label, else the latest one's, else the id. */
function choiceText(id: string, seen: Seen, question: Question, latest: Question): string {
  return seen?.[id] ?? labelsOf(optionsOf(question)).get(id) ?? labelsOf(optionsOf(latest)).get(id) ?? id;
}

function withOther(label: string, otherText: string | undefined): string {
  return otherText && otherText.trim() !== "" ? exportFileTexts.other(label, otherText.trim()) : label;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): Cell {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** The one-column fallback: numbers stay numbers, everything else is the type's own text. */
function genericCell(answer: unknown, seen: Seen, question: Question): Cell {
  if (typeof answer === "number") return answer;
  const module = getQuestionType(question.type);
  if (!module) return JSON.stringify(answer);
  const options = optionsOf(question);
  const shown = seen ? options.map((o) => (seen[o.id] ? { ...o, label: seen[o.id] as string } : o)) : options;
  return text(module.toText(question.config, answer, shown));
}

type Build = (
  latest: Question,
  head: (sub?: string) => string,
  links?: FileLinks,
) => Omit<QuestionColumns, "questionId" | "number">;

function sameType<T extends Question["type"]>(question: Question, type: T): QuestionOfType<T> | undefined {
  return question.type === type ? (question as QuestionOfType<T>) : undefined;
}

const single: Build = (latest, head) => ({
  headers: [head()],
  fill(row, at, answer, seen, question) {
    const { optionId, otherText } = record(answer);
    if (typeof optionId !== "string") return;
    const label = choiceText(optionId, seen, question, latest);
    row[at] = withOther(label, typeof otherText === "string" ? otherText : undefined);
  },
});

const multiple: Build = (latest, head) => ({
  headers: [head()],
  fill(row, at, answer, seen, question) {
    const { optionIds, otherTexts } = record(answer);
    if (!Array.isArray(optionIds)) return;
    const others = record(otherTexts);
    row[at] = optionIds
      .map((id: string) => {
        const other = others[id];
        return withOther(
          choiceText(id, seen, question, latest),
          typeof other === "string" ? other : undefined,
        );
      })
      .join(MULTI_JOIN);
  },
});

/** Matrices: one column per latest row (or row × column); cells by id from the answered revision. */
function perRow(
  latest: Question,
  head: (sub?: string) => string,
  rows: readonly Option[],
  cell: (rowAnswer: unknown, question: Question) => Cell,
): ReturnType<Build> {
  const rowIds = rows.map((r) => r.id);
  return {
    headers: rows.map((r) => head(plain(r.label))),
    fill(row, at, answer, _seen, question) {
      const byRow = record(answer);
      for (let i = 0; i < rowIds.length; i += 1) {
        const value = byRow[rowIds[i] as string];
        if (value !== undefined) row[at + i] = cell(value, question.type === latest.type ? question : latest);
      }
    },
  };
}

function perRowAndColumn(
  head: (sub?: string) => string,
  rows: readonly Option[],
  columns: readonly { id: string; label: string }[],
  cell: (value: unknown, columnId: string, question: Question) => Cell,
  latest: Question,
): ReturnType<Build> {
  const headers = rows.flatMap((r) => columns.map((c) => head(`${plain(r.label)}—${plain(c.label)}`)));
  return {
    headers,
    fill(row, at, answer, _seen, question) {
      const source = question.type === latest.type ? question : latest;
      const byRow = record(answer);
      let i = at;
      for (const r of rows) {
        const cells = record(byRow[r.id]);
        for (const c of columns) {
          const value = cells[c.id];
          if (value !== undefined) row[i] = cell(value, c.id, source);
          i += 1;
        }
      }
    },
  };
}

function columnLabel(question: Question, latest: Question, id: string): string {
  const own = (question.config as { columns?: Option[] }).columns;
  const fallback = (latest.config as { columns?: Option[] }).columns;
  return (own && labelsOf(own).get(id)) ?? (fallback && labelsOf(fallback).get(id)) ?? id;
}

function dropdownChoice(question: Question, columnId: string, choiceId: string): string {
  const config = sameType(question, "matrixDropdown")?.config;
  const choices = config?.columns.find((c) => c.id === columnId)?.choices ?? [];
  return labelsOf(choices).get(choiceId) ?? choiceId;
}

const builders: Partial<Record<Question["type"], Build>> = {
  matrixSingle: (latest, head) =>
    perRow(latest, head, sameType(latest, "matrixSingle")?.config.rows ?? [], (value, question) =>
      typeof value === "string" ? columnLabel(question, latest, value) : null,
    ),
  matrixMultiple: (latest, head) =>
    perRow(latest, head, sameType(latest, "matrixMultiple")?.config.rows ?? [], (value, question) =>
      Array.isArray(value)
        ? value.map((id: string) => columnLabel(question, latest, id)).join(MULTI_JOIN)
        : null,
    ),
  matrixScale: (latest, head) =>
    perRow(latest, head, sameType(latest, "matrixScale")?.config.rows ?? [], (value) =>
      typeof value === "number" ? value : null,
    ),
  matrixFill: (latest, head) => {
    const config = sameType(latest, "matrixFill")?.config;
    return perRowAndColumn(head, config?.rows ?? [], config?.columns ?? [], (value) => text(value), latest);
  },
  matrixDropdown: (latest, head) => {
    const config = sameType(latest, "matrixDropdown")?.config;
    return perRowAndColumn(
      head,
      config?.rows ?? [],
      config?.columns ?? [],
      (value, columnId, question) =>
        typeof value === "string" ? dropdownChoice(question, columnId, value) : null,
      latest,
    );
  },
  file: (latest, head, links) => withFileLinks(latest, head, links),
  signature: (latest, head, links) => withFileLinks(latest, head, links),
  multiBlank: (latest, head) => blanks(latest, head),
  inlineBlank: (latest, head) => blanks(latest, head),
  ranking: (latest, head) => {
    const config = sameType(latest, "ranking")?.config;
    const count = Math.min(config?.rankCount ?? Number.POSITIVE_INFINITY, config?.options.length ?? 0);
    return {
      headers: Array.from({ length: count }, (_, i) => head(exportFileTexts.rankPosition(i + 1))),
      fill(row, at, answer, seen, question) {
        if (!Array.isArray(answer)) return;
        for (let i = 0; i < count && i < answer.length; i += 1) {
          row[at + i] = choiceText(String(answer[i]), seen, question, latest);
        }
      },
    };
  },
  allocation: (latest, head) => {
    const options = sameType(latest, "allocation")?.config.options ?? [];
    return {
      headers: options.map((o) => head(plain(o.label))),
      fill(row, at, answer) {
        const points = record(answer);
        options.forEach((o, i) => {
          const value = points[o.id];
          if (typeof value === "number") row[at + i] = value;
        });
      },
    };
  },
};

function blanks(latest: Question, head: (sub?: string) => string): ReturnType<Build> {
  const list = (latest.config as { blanks?: { id: string; label: string }[] }).blanks ?? [];
  return {
    headers: list.map((b, i) => head(plain(b.label) || exportFileTexts.blank(i + 1))),
    fill(row, at, answer) {
      const filled = record(answer);
      list.forEach((b, i) => {
        row[at + i] = text(filled[b.id]);
      });
    },
  };
}

/**
 * 文件上传 and 电子签名: the file names (or [签名]) as before, and beside them 下载链接 — a signed, expiring link
 * per file, one a line — when the export makes links (file-links.ts).
 */
const withFileLinks: Build = (latest, head, links) => {
  if (!links) return generic(latest, head);
  return {
    headers: [head(), head(exportFileTexts.fileLinks)],
    fill(row, at, answer, seen, question, responseId) {
      row[at] = genericCell(answer, seen, question);
      if (responseId === undefined) return;
      const count = Array.isArray(answer)
        ? answer.length
        : typeof answer === "string" && answer !== ""
          ? 1
          : 0;
      if (count === 0) return;
      row[at + 1] = Array.from({ length: count }, (_, i) => links.link(responseId, question.id, i)).join(
        "\n",
      );
    },
  };
};

const generic: Build = (_latest, head) => ({
  headers: [head()],
  fill(row, at, answer, seen, question) {
    row[at] = genericCell(answer, seen, question);
  },
});

/** The question columns of a definition (its answerable questions, numbered in order). */
export function questionColumns(definition: SurveyDefinition, links?: FileLinks): QuestionColumns[] {
  const result: QuestionColumns[] = [];
  for (const question of definition.pages.flatMap((page) => page.questions)) {
    if (!getQuestionType(question.type)?.answerable) continue;
    const number = result.length + 1;
    result.push({ questionId: question.id, number, ...columnsOfQuestion(question, String(number), links) });
  }
  return result;
}

/** The title a question's columns carry: its plain title, else its type's name. */
export function columnTitle(question: Question): string {
  return plain(question.title) || getQuestionType(question.type)?.name || question.id;
}

/** One question's columns, headed `${label}、${title}` (and `—${sub-item}` per sub-item column). */
export function columnsOfQuestion(
  question: Question,
  label: string,
  links?: FileLinks,
): Pick<QuestionColumns, "headers" | "fill"> {
  const title = columnTitle(question);
  const head = (sub?: string) => (sub === undefined ? `${label}、${title}` : `${label}、${title}—${sub}`);
  const build =
    builders[question.type] ??
    (singleTypes.has(question.type) ? single : multipleTypes.has(question.type) ? multiple : generic);
  return build(question, head, links);
}
