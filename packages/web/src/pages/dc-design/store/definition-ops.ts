import {
  countInlineBlanks,
  type Page,
  type Question,
  type QuestionType,
  type SurveyDefinition,
  standaloneQuestion,
} from "@wjgj/core";
import { createQuestion } from "../lib/question-meta.ts";
import { collectIds, nextId, nextIds } from "./ids.ts";

/**
 * Pure edits of a draft definition. Each returns a new definition that shares every untouched page and
 * question with the old one (so memoised rows skip them), or the very same object when nothing changed
 * (so no-op edits neither dirty the draft nor land in the undo history).
 */

export interface QuestionLocation {
  pageIndex: number;
  questionIndex: number;
}

/** Where a new or moved question goes: a page and an index among its questions. */
export interface InsertPoint {
  pageId: string;
  index: number;
}

export function locateQuestion(definition: SurveyDefinition, id: string): QuestionLocation | null {
  for (let p = 0; p < definition.pages.length; p += 1) {
    const questionIndex = definition.pages[p]?.questions.findIndex((question) => question.id === id) ?? -1;
    if (questionIndex >= 0) return { pageIndex: p, questionIndex };
  }
  return null;
}

export function findQuestion(definition: SurveyDefinition, id: string): Question | undefined {
  const at = locateQuestion(definition, id);
  return at ? definition.pages[at.pageIndex]?.questions[at.questionIndex] : undefined;
}

function withPages(definition: SurveyDefinition, pages: Page[]): SurveyDefinition {
  return { ...definition, pages };
}

function replacePage(definition: SurveyDefinition, pageIndex: number, page: Page): SurveyDefinition {
  const pages = definition.pages.slice();
  pages[pageIndex] = page;
  return withPages(definition, pages);
}

export function mapQuestion(
  definition: SurveyDefinition,
  id: string,
  update: (question: Question) => Question,
): SurveyDefinition {
  const at = locateQuestion(definition, id);
  const page = at ? definition.pages[at.pageIndex] : undefined;
  const question = at ? page?.questions[at.questionIndex] : undefined;
  if (!at || !page || !question) return definition;
  const next = update(question);
  if (next === question) return definition;
  const questions = page.questions.slice();
  questions[at.questionIndex] = next;
  return replacePage(definition, at.pageIndex, { ...page, questions });
}

/** Default insert point: right after `afterId`, or at the end of the last page. */
export function insertPointAfter(definition: SurveyDefinition, afterId: string | null): InsertPoint {
  const at = afterId ? locateQuestion(definition, afterId) : null;
  const page = at ? definition.pages[at.pageIndex] : definition.pages[definition.pages.length - 1];
  if (!page) return { pageId: "", index: 0 };
  return { pageId: page.id, index: at ? at.questionIndex + 1 : page.questions.length };
}

export function insertQuestion(
  definition: SurveyDefinition,
  question: Question,
  at: InsertPoint,
): SurveyDefinition {
  const pageIndex = definition.pages.findIndex((page) => page.id === at.pageId);
  const page = definition.pages[pageIndex];
  if (!page) return definition;
  const questions = page.questions.slice();
  questions.splice(Math.max(0, Math.min(at.index, questions.length)), 0, question);
  return replacePage(definition, pageIndex, { ...page, questions });
}

/** Splits a page at `at.index`: the questions from there on move to a new page right after it. */
export function splitPage(
  definition: SurveyDefinition,
  at: InsertPoint,
): { definition: SurveyDefinition; pageId: string } {
  const pageIndex = definition.pages.findIndex((page) => page.id === at.pageId);
  const page = definition.pages[pageIndex];
  if (!page) return { definition, pageId: "" };
  const pageId = nextId(collectIds(definition), "p");
  const index = Math.max(0, Math.min(at.index, page.questions.length));
  const pages = definition.pages.slice();
  pages.splice(
    pageIndex,
    1,
    { ...page, questions: page.questions.slice(0, index) },
    { id: pageId, questions: page.questions.slice(index) },
  );
  return { definition: withPages(definition, pages), pageId };
}

export interface AddResult {
  definition: SurveyDefinition;
  /** The new question, or null for a page break (which adds a page instead). */
  questionId: string | null;
  /** The page a page break created. */
  pageId?: string;
}

export function addQuestion(definition: SurveyDefinition, type: QuestionType, at: InsertPoint): AddResult {
  if (type === "pageBreak") {
    const split = splitPage(definition, at);
    return { definition: split.definition, questionId: null, pageId: split.pageId };
  }
  const id = nextId(collectIds(definition), "q");
  const question = createQuestion(type, id);
  if (!question) return { definition, questionId: null };
  const next = insertQuestion(definition, question, at);
  return { definition: next, questionId: next === definition ? null : id };
}

/**
 * 从题库添加: copies of questions from elsewhere (a question bank) inserted in order at `at`, each with a fresh
 * id and without logic naming other questions (core's `standaloneQuestion`: those questions are not here).
 * Options keep their ids (unique per question).
 */
export function insertQuestions(
  definition: SurveyDefinition,
  questions: readonly Question[],
  at: InsertPoint,
): { definition: SurveyDefinition; questionIds: string[] } {
  const pageIndex = definition.pages.findIndex((page) => page.id === at.pageId);
  const page = definition.pages[pageIndex];
  if (!page || questions.length === 0) return { definition, questionIds: [] };
  const ids = nextIds(collectIds(definition), "q", questions.length);
  const copies = questions.map(
    (question, index) => ({ ...standaloneQuestion(structuredClone(question)), id: ids[index] }) as Question,
  );
  const list = page.questions.slice();
  list.splice(Math.max(0, Math.min(at.index, list.length)), 0, ...copies);
  return { definition: replacePage(definition, pageIndex, { ...page, questions: list }), questionIds: ids };
}

function removeAt(definition: SurveyDefinition, at: QuestionLocation): SurveyDefinition {
  const page = definition.pages[at.pageIndex];
  if (!page) return definition;
  const questions = page.questions.filter((_, index) => index !== at.questionIndex);
  return replacePage(definition, at.pageIndex, { ...page, questions });
}

/** Removes a question and its membership in 题组; logic that still names it is left for checkDefinition to flag. */
export function removeQuestion(definition: SurveyDefinition, id: string): SurveyDefinition {
  const at = locateQuestion(definition, id);
  if (!at) return definition;
  let next = removeAt(definition, at);
  for (const page of next.pages) {
    for (const question of page.questions) {
      if (question.type === "group" && question.config.memberIds.includes(id)) {
        next = mapQuestion(next, question.id, (group) =>
          group.type === "group"
            ? {
                ...group,
                config: { ...group.config, memberIds: group.config.memberIds.filter((m) => m !== id) },
              }
            : group,
        );
      }
    }
  }
  return next;
}

/** Moves a question to `to.index` of page `to.pageId`, the index counted after taking it out. */
export function moveQuestion(definition: SurveyDefinition, id: string, to: InsertPoint): SurveyDefinition {
  const from = locateQuestion(definition, id);
  const question = from ? definition.pages[from.pageIndex]?.questions[from.questionIndex] : undefined;
  if (!from || !question) return definition;
  const targetPage = definition.pages[from.pageIndex];
  if (targetPage?.id === to.pageId && from.questionIndex === to.index) return definition;
  if (!definition.pages.some((page) => page.id === to.pageId)) return definition;
  return insertQuestion(removeAt(definition, from), question, to);
}

/** 上移/下移: one step, crossing into the neighbouring page at a page boundary. */
export function moveQuestionBy(definition: SurveyDefinition, id: string, delta: -1 | 1): SurveyDefinition {
  const at = locateQuestion(definition, id);
  const page = at ? definition.pages[at.pageIndex] : undefined;
  if (!at || !page) return definition;
  const index = at.questionIndex + delta;
  if (index >= 0 && index < page.questions.length)
    return moveQuestion(definition, id, { pageId: page.id, index });
  const neighbour = definition.pages[at.pageIndex + delta];
  if (!neighbour) return definition;
  return moveQuestion(definition, id, {
    pageId: neighbour.id,
    index: delta < 0 ? neighbour.questions.length : 0,
  });
}

export function moveQuestionToPage(
  definition: SurveyDefinition,
  id: string,
  pageId: string,
): SurveyDefinition {
  const target = definition.pages.find((page) => page.id === pageId);
  const from = locateQuestion(definition, id);
  if (!target || !from || definition.pages[from.pageIndex]?.id === pageId) return definition;
  return moveQuestion(definition, id, { pageId, index: target.questions.length });
}

/** A copy right below the original, with a fresh id; options keep theirs (they are unique per question). */
export function duplicateQuestion(definition: SurveyDefinition, id: string): AddResult {
  const at = locateQuestion(definition, id);
  const page = at ? definition.pages[at.pageIndex] : undefined;
  const question = at ? page?.questions[at.questionIndex] : undefined;
  if (!at || !page || !question) return { definition, questionId: null };
  const copyId = nextId(collectIds(definition), "q");
  const copy = { ...structuredClone(question), id: copyId };
  return {
    definition: insertQuestion(definition, copy, { pageId: page.id, index: at.questionIndex + 1 }),
    questionId: copyId,
  };
}

/** A new empty page after `afterPageId` (or at the end). */
export function addPage(
  definition: SurveyDefinition,
  afterPageId?: string,
): { definition: SurveyDefinition; pageId: string } {
  const pageId = nextId(collectIds(definition), "p");
  const index = afterPageId ? definition.pages.findIndex((page) => page.id === afterPageId) + 1 : 0;
  const pages = definition.pages.slice();
  pages.splice(index > 0 ? index : pages.length, 0, { id: pageId, questions: [] });
  return { definition: withPages(definition, pages), pageId };
}

/** Removes a page break: the page's questions join the previous page (the next one for the first page). */
export function removePage(definition: SurveyDefinition, pageId: string): SurveyDefinition {
  const index = definition.pages.findIndex((page) => page.id === pageId);
  const page = definition.pages[index];
  if (!page || definition.pages.length < 2) return definition;
  const pages = definition.pages.slice();
  if (index > 0) {
    const previous = pages[index - 1] as Page;
    pages.splice(index - 1, 2, { ...previous, questions: [...previous.questions, ...page.questions] });
  } else {
    const next = pages[1] as Page;
    pages.splice(0, 2, { ...next, questions: [...page.questions, ...next.questions] });
  }
  return withPages(definition, pages);
}

export function updatePage(
  definition: SurveyDefinition,
  pageId: string,
  patch: Partial<Omit<Page, "id" | "questions">>,
): SurveyDefinition {
  const index = definition.pages.findIndex((page) => page.id === pageId);
  const page = definition.pages[index];
  if (!page) return definition;
  return replacePage(definition, index, { ...page, ...patch });
}

/**
 * A new title. 横向填空 keeps one blank per ___ in its title, so typing or deleting ___ adds or drops blanks
 * at the end (existing blanks keep their ids and settings).
 */
export function retitle(question: Question, title: string): Question {
  if (question.title === title) return question;
  if (question.type !== "inlineBlank") return { ...question, title };
  const wanted = countInlineBlanks(title);
  const blanks = question.config.blanks;
  if (wanted === blanks.length || wanted === 0) return { ...question, title };
  const next = blanks.slice(0, wanted);
  const taken = new Set(blanks.map((blank) => blank.id));
  while (next.length < wanted) {
    const id = nextId(taken, "b");
    taken.add(id);
    next.push({ id, label: "", format: "none", required: true, patterns: [] });
  }
  return { ...question, title, config: { ...question.config, blanks: next } };
}
