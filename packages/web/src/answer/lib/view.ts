import type { PageView } from "@wjgj/core/pages/answer";
import type { EvaluationResult, SurveyDefinition, SurveySession } from "@wjgj/core/survey/index";

export type EngineModule = typeof import("./engine.ts");

let pending: Promise<EngineModule> | null = null;

/** The engine chunk, fetched once; started as early as possible so it races the hydration. */
export function loadEngine(): Promise<EngineModule> {
  pending ??= import("./engine.ts");
  return pending;
}

export function toView(result: EvaluationResult): PageView {
  return {
    visibleQuestions: result.visibleQuestions,
    options: result.options,
    numbers: result.numbers,
    texts: result.texts,
    pagePath: result.pagePath,
    errors: result.errors,
    warnings: result.warnings,
    answers: result.answers,
    valid: result.valid,
    end: result.end,
  };
}

export function sessionView(session: SurveySession): PageView {
  return toView(session.result());
}

/** Which page each question sits on, and the questions by id. */
export interface DefinitionIndex {
  pageOf: Map<string, string>;
  questions: Map<string, SurveyDefinition["pages"][number]["questions"][number]>;
  pageTitles: Map<string, string | undefined>;
}

const indexes = new WeakMap<SurveyDefinition, DefinitionIndex>();

export function indexDefinition(definition: SurveyDefinition): DefinitionIndex {
  const known = indexes.get(definition);
  if (known) return known;
  const index: DefinitionIndex = { pageOf: new Map(), questions: new Map(), pageTitles: new Map() };
  for (const page of definition.pages) {
    index.pageTitles.set(page.id, page.title);
    for (const question of page.questions) {
      index.pageOf.set(question.id, page.id);
      index.questions.set(question.id, question);
    }
  }
  indexes.set(definition, index);
  return index;
}

/** The first page of a view only: what the server inlines for the browser's first render. */
export function firstPageOnly(view: PageView, index: DefinitionIndex): PageView {
  const first = view.pagePath[0];
  const onFirst = (id: string) => index.pageOf.get(id) === first;
  const pick = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([id]) => onFirst(id)));
  return {
    ...view,
    visibleQuestions: view.visibleQuestions.filter(onFirst),
    options: pick(view.options),
    numbers: pick(view.numbers),
    texts: pick(view.texts),
    errors: pick(view.errors),
    warnings: pick(view.warnings),
    answers: {},
  };
}

const LAYOUT = new Set(["paragraph", "divider", "group"]);

export function isAnswerable(type: string): boolean {
  return !LAYOUT.has(type);
}

/** Today in China (UTC+8), as the server's submit check computes it. */
export function chinaToday(now = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}
