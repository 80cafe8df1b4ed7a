import type { Condition } from "../definition/condition.ts";
import type { ComputedValue, SurveyDefinition } from "../definition/definition.ts";
import type { Question } from "../definition/question.ts";
import { collectRefs, type Expr } from "../expression/ast.ts";
import type { AnyQuestionModule } from "../types/module.ts";
import { moduleOf } from "../types/registry.ts";
import { cachedExpression, conditionRefs, pipeRefs } from "./refs.ts";

export interface QuestionNode {
  kind: "question";
  index: number;
  id: string;
  question: Question;
  module: AnyQuestionModule;
  pageIndex: number;
  /** Index of the 题组 whose members include this question, if any. */
  groupIndex: number | null;
  /** The page's own show condition, read through a scope that ends where the page starts. */
  pageShowIf: Condition | undefined;
  pageStart: number;
  hasPipes: boolean;
  /** Jump rules resolved to node indexes (null = invalid target, ignored). */
  jumps: readonly (ResolvedTarget | null)[];
}

export interface ComputedNode {
  kind: "computed";
  index: number;
  id: string;
  computed: ComputedValue;
  expr: Expr | null;
}

export type PlanNode = QuestionNode | ComputedNode;
export type ResolvedTarget = { kind: "to"; index: number } | { kind: "submit" } | { kind: "screenOut" };

/**
 * A definition compiled once: one linear order of nodes (questions and computed values) in which every node
 * may only read nodes before it. Reads of later nodes see "no value". This makes the dependency graph a DAG
 * by construction, so whole and incremental evaluation agree and cannot loop, even on definitions that
 * `checkDefinition` rejects (it reports such forward references to the designer).
 */
export interface Plan {
  definition: SurveyDefinition;
  nodes: readonly PlanNode[];
  indexById: ReadonlyMap<string, number>;
  /** dependents[j] = nodes reading node j (only later nodes). */
  dependents: readonly number[][];
  pageIds: readonly string[];
  /** Index of each page's first node (the next page's, or the end, for an empty page). */
  pageStarts: readonly number[];
}

const plans = new WeakMap<SurveyDefinition, Plan>();

export function planOf(definition: SurveyDefinition): Plan {
  let plan = plans.get(definition);
  if (!plan) {
    plan = buildPlan(definition);
    plans.set(definition, plan);
  }
  return plan;
}

/** Where each computed value goes: right after the last question it (transitively) reads. */
function computedRanks(
  definition: SurveyDefinition,
  questionPosition: Map<string, number>,
): Map<string, [number, number]> {
  const byId = new Map(definition.computed.map((computed) => [computed.id, computed]));
  const ranks = new Map<string, [number, number]>();
  const visiting = new Set<string>();
  const rankOf = (id: string): [number, number] => {
    const known = ranks.get(id);
    if (known) return known;
    const computed = byId.get(id);
    if (!computed || visiting.has(id)) return [-1, 0]; // cycle members: the checker reports them
    visiting.add(id);
    let position = -1;
    let depth = 0;
    const expr = cachedExpression(computed.expression);
    for (const ref of expr ? collectRefs(expr) : []) {
      const questionAt = questionPosition.get(ref.id);
      if (questionAt !== undefined) position = Math.max(position, questionAt);
      else if (byId.has(ref.id) && !visiting.has(ref.id)) {
        const [p, d] = rankOf(ref.id);
        position = Math.max(position, p);
        depth = Math.max(depth, d + 1);
      }
    }
    visiting.delete(id);
    const rank: [number, number] = [position, depth];
    ranks.set(id, rank);
    return rank;
  };
  for (const computed of definition.computed) rankOf(computed.id);
  return ranks;
}

function questionReads(question: Question): Set<string> {
  const reads = new Set<string>();
  if (question.showIf) conditionRefs(question.showIf, reads);
  for (const jump of question.jumps ?? []) if (jump.when) conditionRefs(jump.when, reads);
  if (question.selectConnect) reads.add(question.selectConnect.questionId);
  if (question.optionSource) reads.add(question.optionSource.questionId);
  pipeRefs(question.title, reads);
  pipeRefs(question.description, reads);
  const options = "options" in question.config ? question.config.options : [];
  for (const option of options) {
    if (option.showIf) conditionRefs(option.showIf, reads);
    pipeRefs(option.label, reads);
  }
  return reads;
}

function buildPlan(definition: SurveyDefinition): Plan {
  const flat = definition.pages.flatMap((page, pageIndex) =>
    page.questions.map((question) => ({ question, pageIndex, pageShowIf: page.showIf })),
  );
  const questionPosition = new Map(flat.map((entry, position) => [entry.question.id, position]));
  const ranks = computedRanks(definition, questionPosition);
  type Entry = { key: [number, number, number]; make: (index: number) => PlanNode; reads: Set<string> };
  const entries: Entry[] = flat.map(({ question, pageIndex, pageShowIf }, position) => ({
    key: [position, 0, 0],
    reads: pageShowIf ? conditionRefs(pageShowIf, questionReads(question)) : questionReads(question),
    make: (index) => ({
      kind: "question",
      index,
      id: question.id,
      question,
      module: moduleOf(question),
      pageIndex,
      groupIndex: null,
      pageShowIf,
      pageStart: 0,
      hasPipes:
        (question.title + (question.description ?? "")).includes("{{") ||
        JSON.stringify(question.config).includes("{{"),
      jumps: [],
    }),
  }));
  for (const computed of definition.computed) {
    const [position, depth] = ranks.get(computed.id) ?? [-1, 0];
    const expr = cachedExpression(computed.expression);
    entries.push({
      key: [position, 1, depth],
      reads: new Set(expr ? collectRefs(expr).map((ref) => ref.id) : []),
      make: (index) => ({ kind: "computed", index, id: computed.id, computed, expr }),
    });
  }
  entries.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2]);
  const nodes = entries.map((entry, index) => entry.make(index));
  const indexById = new Map<string, number>();
  for (const node of nodes) if (!indexById.has(node.id)) indexById.set(node.id, node.index);
  const dependents: number[][] = nodes.map(() => []);
  entries.forEach((entry, index) => {
    for (const id of entry.reads) {
      const source = indexById.get(id);
      if (source !== undefined && source < index) dependents[source]?.push(index);
    }
  });
  const pageStarts = startsOfPages(definition, nodes);
  linkGroupsAndJumps(definition, nodes, indexById, dependents, pageStarts);
  const pageIds = definition.pages.map((page) => page.id);
  return { definition, nodes, indexById, dependents, pageIds, pageStarts };
}

/** Computed values that only read earlier pages sit before a page's first question, so they count as earlier. */
function startsOfPages(definition: SurveyDefinition, nodes: readonly PlanNode[]): number[] {
  const starts: number[] = definition.pages.map(() => nodes.length);
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i];
    if (node?.kind === "question") starts[node.pageIndex] = i;
  }
  for (let p = starts.length - 2; p >= 0; p--) starts[p] = Math.min(starts[p] ?? 0, starts[p + 1] ?? 0);
  return starts;
}

function linkGroupsAndJumps(
  definition: SurveyDefinition,
  nodes: PlanNode[],
  indexById: Map<string, number>,
  dependents: number[][],
  pageStarts: readonly number[],
): void {
  const pageIndexById = new Map(definition.pages.map((page, index) => [page.id, index]));
  const pageStart = (pageIndex: number): number => pageStarts[pageIndex] ?? nodes.length;
  for (const node of nodes) {
    if (node.kind !== "question") continue;
    node.pageStart = pageStart(node.pageIndex);
    if (node.question.type === "group") {
      for (const memberId of node.question.config.memberIds) {
        const member = nodes[indexById.get(memberId) ?? -1];
        if (member?.kind === "question" && member.index > node.index && member.groupIndex === null) {
          member.groupIndex = node.index;
          dependents[node.index]?.push(member.index);
        }
      }
    }
    node.jumps = (node.question.jumps ?? []).map((jump): ResolvedTarget | null => {
      const target = jump.target;
      if (target.kind === "submit" || target.kind === "screenOut") return { kind: target.kind };
      const index =
        target.kind === "question"
          ? indexById.get(target.questionId)
          : pageStart(pageIndexById.get(target.pageId) ?? -1);
      if (target.kind === "page" && !pageIndexById.has(target.pageId)) return null;
      return index !== undefined && index > node.index ? { kind: "to", index } : null;
    });
  }
}
