import type { Condition } from "./condition.ts";
import type { SurveyDefinition } from "./definition.ts";
import type { Option } from "./option.ts";
import type { Question } from "./question.ts";

/** Makes a new id with the given one-letter prefix (`p` page, `q` question, `o` option, `c` computed…). */
export type IdMaker = (prefix: string) => string;

/** Same grammar as the expression lexer: `$id` or `$id.key`. */
const refPattern = /\$([A-Za-z_][A-Za-z0-9_-]*)(?:\.([A-Za-z_][A-Za-z0-9_-]*))?/g;
const pipePattern = /\{\{(\s*)([A-Za-z_][A-Za-z0-9_-]*)(?:\.([A-Za-z_][A-Za-z0-9_-]*))?(\s*)\}\}/g;

const answerKeys = new Set(["id", "count", "score", "start", "end", "label"]);

function optionsOf(question: Question): readonly Option[] {
  const config = question.config as { options?: unknown };
  return Array.isArray(config.options) ? (config.options as Option[]) : [];
}

/**
 * A copy of `definition` in which every page, question, option, computed value and quota has a new id,
 * and every reference to them follows: jumps, show logic (page, question, option), select-connect,
 * select-join, groups, random-order settings, expressions (`$q1`, `$q1.a`), piped text (`{{q1}}`) and
 * condition keys. Used when a template becomes someone's questionnaire, so no two share ids.
 * Option ids are unique per question, so they are mapped per question; a question joining the options of
 * another (optionSource) shows the source's option ids, and references to it use the source's map.
 */
export function withFreshIds(definition: SurveyDefinition, makeId: IdMaker): SurveyDefinition {
  const global = new Map<string, string>();
  const optionMaps = new Map<string, Map<string, string>>();
  const sourceOf = new Map<string, string>();
  const claim = (id: string, prefix: string) => {
    if (!global.has(id)) global.set(id, makeId(prefix));
  };
  for (const page of definition.pages) {
    claim(page.id, "p");
    for (const question of page.questions) {
      claim(question.id, "q");
      const options = new Map<string, string>();
      for (const option of optionsOf(question)) options.set(option.id, makeId("o"));
      optionMaps.set(question.id, options);
      if (question.optionSource) sourceOf.set(question.id, question.optionSource.questionId);
    }
  }
  for (const computed of definition.computed) claim(computed.id, "c");
  for (const quota of definition.quotas) claim(quota.id, "k");

  const id = (old: string) => global.get(old) ?? old;
  /** The option map that applies to answers of `questionId` (its source's, for select-join). */
  const optionMapOf = (questionId: string): Map<string, string> | undefined => {
    let current = questionId;
    for (let hops = 0; hops < 20 && sourceOf.has(current); hops++) current = sourceOf.get(current) as string;
    return optionMaps.get(current);
  };
  const option = (questionId: string, old: string) => optionMapOf(questionId)?.get(old) ?? old;
  // Keys that name a property of the answer, not an option (`$q1.score`, `$q1.count`…).
  const key = (questionId: string, old: string | undefined) =>
    old === undefined || answerKeys.has(old) ? old : option(questionId, old);

  const expression = (source: string) =>
    source.replace(refPattern, (_all, ref: string, k?: string) =>
      k === undefined ? `$${id(ref)}` : `$${id(ref)}.${key(ref, k)}`,
    );
  const text = <T extends string | undefined>(value: T): T =>
    (value?.includes("{{")
      ? value.replace(
          pipePattern,
          (_all, before: string, ref: string, k: string | undefined, after: string) =>
            k === undefined
              ? `{{${before}${id(ref)}${after}}}`
              : `{{${before}${id(ref)}.${key(ref, k)}${after}}}`,
        )
      : value) as T;

  const condition = (node: Condition): Condition => {
    switch (node.kind) {
      case "all":
      case "any":
        return { ...node, conditions: node.conditions.map(condition) };
      case "not":
        return { ...node, condition: condition(node.condition) };
      case "selected":
      case "notSelected":
        return {
          ...node,
          questionId: id(node.questionId),
          optionIds: node.optionIds.map((o) => option(node.questionId, o)),
        };
      case "compare": {
        const mapped = key(node.questionId, node.key);
        return { ...node, questionId: id(node.questionId), ...(mapped === undefined ? {} : { key: mapped }) };
      }
      case "answered":
      case "notAnswered":
        return { ...node, questionId: id(node.questionId) };
      case "computed":
        return { ...node, computedId: id(node.computedId) };
      case "expression":
        return { ...node, expression: expression(node.expression) };
      default:
        return node;
    }
  };
  const maybe = (node: Condition | undefined) => (node ? condition(node) : undefined);

  const question = (q: Question): Question => {
    const own = optionMaps.get(q.id) ?? new Map<string, string>();
    const config: Record<string, unknown> = { ...(q.config as Record<string, unknown>) };
    if (Array.isArray(config.options)) {
      config.options = (config.options as Option[]).map((o) => ({
        ...o,
        id: own.get(o.id) ?? o.id,
        label: text(o.label),
        ...(o.description === undefined ? {} : { description: text(o.description) }),
        ...(o.showIf ? { showIf: condition(o.showIf) } : {}),
      }));
    }
    if (Array.isArray(config.memberIds)) config.memberIds = (config.memberIds as string[]).map(id);
    const next = {
      ...q,
      id: id(q.id),
      title: text(q.title),
      config,
    } as Question & Record<string, unknown>;
    if (q.description !== undefined) next.description = text(q.description);
    if (q.showIf) next.showIf = condition(q.showIf);
    if (q.jumps) {
      next.jumps = q.jumps.map((jump) => ({
        ...(jump.when ? { when: condition(jump.when) } : {}),
        target:
          jump.target.kind === "question"
            ? { kind: "question", questionId: id(jump.target.questionId) }
            : jump.target.kind === "page"
              ? { kind: "page", pageId: id(jump.target.pageId) }
              : jump.target,
      }));
    }
    if (q.selectConnect) {
      const source = q.selectConnect.questionId;
      next.selectConnect = {
        ...q.selectConnect,
        questionId: id(source),
        links: q.selectConnect.links.map((link) => ({
          optionId: own.get(link.optionId) ?? link.optionId,
          sourceOptionIds: link.sourceOptionIds.map((o) => option(source, o)),
        })),
      };
    }
    if (q.optionSource) next.optionSource = { ...q.optionSource, questionId: id(q.optionSource.questionId) };
    return next;
  };

  const order = definition.settings.randomizeQuestions;
  return {
    ...definition,
    ...(definition.description === undefined ? {} : { description: text(definition.description) }),
    pages: definition.pages.map((page) => ({
      ...page,
      id: id(page.id),
      ...(page.title === undefined ? {} : { title: text(page.title) }),
      ...(page.description === undefined ? {} : { description: text(page.description) }),
      ...(page.showIf ? { showIf: maybe(page.showIf) } : {}),
      questions: page.questions.map(question),
    })),
    computed: definition.computed.map((c) => ({ ...c, id: id(c.id), expression: expression(c.expression) })),
    quotas: definition.quotas.map((quota) => ({ ...quota, id: id(quota.id), when: condition(quota.when) })),
    settings: order
      ? {
          ...definition.settings,
          randomizeQuestions: {
            ...order,
            ...(order.pageIds ? { pageIds: order.pageIds.map(id) } : {}),
            fixedIds: order.fixedIds.map(id),
          },
        }
      : definition.settings,
  };
}
