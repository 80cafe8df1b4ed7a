import type { CodeFilter } from "../api/results.ts";
import type { CompareOp, Condition } from "../survey/definition/condition.ts";
import type { SurveyDefinition } from "../survey/definition/definition.ts";
import type { Question } from "../survey/definition/question.ts";
import { toNumber } from "../survey/expression/value.ts";
import { formatValueType } from "../survey/types/helpers/formats.ts";

/**
 * A condition over stored facts, ready to become SQL: each leaf is "the response has a fact …". Built from
 * the logic editor's condition tree so that a response matches exactly when core's `evaluateCondition` over
 * its stored answers holds (stored answers are the visible ones, so scope and facts agree).
 */
export type FactPredicate =
  | { kind: "and"; items: FactPredicate[] }
  | { kind: "or"; items: FactPredicate[] }
  | { kind: "not"; item: FactPredicate }
  | { kind: "const"; value: boolean }
  /** Has a fact with one of these keys. */
  | { kind: "hasKey"; keys: string[] }
  /** Has any fact of the question (answered). */
  | { kind: "answered"; questionId: string }
  /** Has a fact of the question whose key is one of `keys` or starts with `prefix`, with `column op value`. */
  | {
      kind: "compare";
      questionId: string;
      keys: string[];
      prefix: string | null;
      column: "num" | "text";
      op: CompareOp;
      value: number | string;
    }
  /** Has the 编码 (its keywords in the question's open texts, or tagged into it by hand, and not out of it). */
  | { kind: "code"; codeId: number };

export type FilterPlan =
  | { ok: true; predicate: FactPredicate }
  | { ok: false; reason: "unsupportedKind" | "unsupportedCompare"; questionId?: string };

/** Where a compare leaf's value lives, and how core reads it (number, or text such as dates). */
interface ValueTarget {
  keys: string[];
  prefix: string | null;
  reads: "number" | "text" | "dateText";
}

/** The fact holding `$q` / `$q.key` (see facts.ts); null when the value is a list, a label or unknown. */
function valueTarget(question: Question, key: string | undefined): ValueTarget | null {
  const q = question.id;
  const only = (reads: ValueTarget["reads"], target: Omit<ValueTarget, "reads">) => ({ ...target, reads });
  switch (question.type) {
    case "number":
    case "slider":
    case "star":
    case "nps":
    case "likert":
    case "table":
    case "file":
      return key === undefined ? only("number", { keys: [], prefix: `num:${q}:` }) : null;
    case "date":
      return key === undefined ? only("dateText", { keys: [], prefix: `num:${q}:` }) : null;
    case "time":
      return key === undefined ? only("dateText", { keys: [], prefix: `value:${q}:` }) : null;
    case "dateRange":
      if (key === undefined) return only("number", { keys: [], prefix: `num:${q}:` });
      return key === "start" || key === "end"
        ? only("dateText", { keys: [`text:${q}:${key}`], prefix: null })
        : null;
    case "text": {
      if (key !== undefined) return null;
      const type = formatValueType(question.config.format);
      return only(type === "number" ? "number" : type === "string" ? "text" : "dateText", {
        keys: [`text:${q}`],
        prefix: null,
      });
    }
    case "textarea":
      return key === undefined ? only("text", { keys: [`text:${q}`], prefix: null }) : null;
    case "personal":
      if (key !== undefined) return null;
      return only(question.config.preset === "age" ? "number" : "text", {
        keys: [`text:${q}`],
        prefix: null,
      });
    case "multiBlank":
    case "inlineBlank": {
      const blank = question.config.blanks.find((candidate) => candidate.id === key);
      if (!blank) return null;
      const type = formatValueType(blank.format);
      return only(type === "number" ? "number" : type === "string" ? "text" : "dateText", {
        keys: [`blank:${q}:${blank.id}`, `text:${q}:${blank.id}`],
        prefix: null,
      });
    }
    case "matrixScale":
      return question.config.rows.some((row) => row.id === key)
        ? only("number", { keys: [], prefix: `num:${q}:${key}:` })
        : null;
    case "allocation":
      return question.config.options.some((option) => option.id === key)
        ? only("number", { keys: [], prefix: `num:${q}:${key}:` })
        : null;
    case "ranking":
      return question.config.options.some((option) => option.id === key)
        ? only("number", { keys: [], prefix: `rank:${q}:${key}:` })
        : null;
    default:
      return null;
  }
}

/**
 * Core compares numerically when either side is a number (both must read as numbers), otherwise as text.
 * A number-valued fact keeps the value in `num`; a text fact keeps the text and, in `num`, its number
 * reading — so every case becomes one column test, or is known false.
 */
function compareLeaf(question: Question, condition: Extract<Condition, { kind: "compare" }>): FilterPlan {
  const target = valueTarget(question, condition.key);
  if (!target) return { ok: false, reason: "unsupportedCompare", questionId: question.id };
  const base = {
    kind: "compare" as const,
    questionId: question.id,
    keys: target.keys,
    prefix: target.prefix,
    op: condition.op,
  };
  const literal = condition.value;
  if (condition.op === "contains") {
    // A number's text form (formatNumber) is not stored: only text values can be searched.
    if (target.reads === "number")
      return { ok: false, reason: "unsupportedCompare", questionId: question.id };
    return { ok: true, predicate: { ...base, column: "text", value: String(literal) } };
  }
  if (target.reads === "number") {
    const number = toNumber(literal);
    if (number === null) return { ok: true, predicate: { kind: "const", value: false } };
    return { ok: true, predicate: { ...base, column: "num", value: number } };
  }
  if (typeof literal === "number") {
    // Dates and times never read as numbers; plain text does when it is one (its `num`).
    if (target.reads === "dateText") return { ok: true, predicate: { kind: "const", value: false } };
    return { ok: true, predicate: { ...base, column: "num", value: literal } };
  }
  return { ok: true, predicate: { ...base, column: "text", value: literal } };
}

function planAll(
  conditions: readonly Condition[],
  questions: ReadonlyMap<string, Question>,
  kind: "and" | "or",
): FilterPlan {
  const items: FactPredicate[] = [];
  for (const condition of conditions) {
    const plan = planCondition(condition, questions);
    if (!plan.ok) return plan;
    // A group inside a group of the same kind adds nothing but nesting: its items join this one.
    if (plan.predicate.kind === kind) items.push(...plan.predicate.items);
    else items.push(plan.predicate);
  }
  return { ok: true, predicate: { kind, items } };
}

function planCondition(condition: Condition, questions: ReadonlyMap<string, Question>): FilterPlan {
  switch (condition.kind) {
    case "all":
      return planAll(condition.conditions, questions, "and");
    case "any":
      return planAll(condition.conditions, questions, "or");
    case "not": {
      const inner = planCondition(condition.condition, questions);
      if (!inner.ok) return inner;
      // not(not(x)) is x: one nesting level less in the SQL.
      if (inner.predicate.kind === "not") return { ok: true, predicate: inner.predicate.item };
      return { ok: true, predicate: { kind: "not", item: inner.predicate } };
    }
    case "selected":
    case "notSelected": {
      const keys = condition.optionIds.map((id) => `option:${condition.questionId}:${id}`);
      const chosen: FactPredicate =
        condition.match === "any"
          ? { kind: "hasKey", keys }
          : { kind: "and", items: keys.map((key) => ({ kind: "hasKey", keys: [key] })) };
      if (condition.kind === "selected") return { ok: true, predicate: chosen };
      // notSelected any = not every one chosen; notSelected all = none chosen.
      const opposite: FactPredicate =
        condition.match === "any"
          ? { kind: "and", items: keys.map((key) => ({ kind: "hasKey", keys: [key] })) }
          : { kind: "hasKey", keys };
      return { ok: true, predicate: { kind: "not", item: opposite } };
    }
    case "answered":
      return { ok: true, predicate: { kind: "answered", questionId: condition.questionId } };
    case "notAnswered":
      return {
        ok: true,
        predicate: { kind: "not", item: { kind: "answered", questionId: condition.questionId } },
      };
    case "compare": {
      const question = questions.get(condition.questionId);
      // An unknown question reads as unanswered, where every comparison is false.
      return question
        ? compareLeaf(question, condition)
        : { ok: true, predicate: { kind: "const", value: false } };
    }
    case "computed":
    case "expression":
      return { ok: false, reason: "unsupportedKind" };
  }
}

/** Translates a filter condition over this definition, or says why it cannot be used for statistics. */
export function planFilter(definition: SurveyDefinition, condition: Condition): FilterPlan {
  const questions = new Map(
    definition.pages.flatMap((page) => page.questions.map((question) => [question.id, question] as const)),
  );
  return planCondition(condition, questions);
}

/** A filter's 编码 as a predicate: any of the codes, all of them, or none of them. */
export function planCodes(codes: CodeFilter): FactPredicate {
  const leaves = [...new Set(codes.codeIds)].map((codeId): FactPredicate => ({ kind: "code", codeId }));
  if (leaves.length === 0) return { kind: "const", value: codes.match !== "any" };
  if (codes.match === "all") return { kind: "and", items: leaves };
  const any: FactPredicate =
    leaves.length === 1 ? (leaves[0] as FactPredicate) : { kind: "or", items: leaves };
  return codes.match === "any" ? any : { kind: "not", item: any };
}
