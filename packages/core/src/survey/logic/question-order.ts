import type { SurveyDefinition } from "../definition/definition.ts";
import { seededShuffle } from "../shared/random.ts";
import type { Plan } from "./plan.ts";

/** A stretch of a shuffled page whose items trade places with each other (see `questionOrderSchema`). */
export interface ShuffleRun {
  /** Page id plus the run's number on the page: with the respondent's seed it seeds the shuffle. */
  key: string;
  ids: readonly string[];
}

const structural = new Set(["paragraph", "divider", "group"]);
const runsCache = new WeakMap<SurveyDefinition, readonly ShuffleRun[]>();

/** Items pinned to their slot: the designer's choice, plus layout and 题组 members, which structure the page. */
function fixedIds(definition: SurveyDefinition): Set<string> {
  const fixed = new Set(definition.settings.randomizeQuestions?.fixedIds ?? []);
  for (const page of definition.pages) {
    for (const question of page.questions) {
      if (!structural.has(question.type)) continue;
      fixed.add(question.id);
      if (question.type === "group") for (const id of question.config.memberIds) fixed.add(id);
    }
  }
  return fixed;
}

/** Runs of two or more movable items; an item alone in its run never moves, so it is not listed. */
export function shuffleRuns(definition: SurveyDefinition): readonly ShuffleRun[] {
  const known = runsCache.get(definition);
  if (known) return known;
  const setting = definition.settings.randomizeQuestions;
  const runs: ShuffleRun[] = [];
  if (setting) {
    const pages = setting.pageIds ? new Set(setting.pageIds) : null;
    const fixed = fixedIds(definition);
    for (const page of definition.pages) {
      if (pages && !pages.has(page.id)) continue;
      let current: string[] = [];
      const flush = () => {
        if (current.length > 1) runs.push({ key: `${page.id}#${runs.length}`, ids: current });
        current = [];
      };
      for (const question of page.questions) {
        if (fixed.has(question.id)) flush();
        else current.push(question.id);
      }
      flush();
    }
  }
  runsCache.set(definition, runs);
  return runs;
}

const orderCache = new WeakMap<Plan, { seed: string | undefined; order: readonly number[] }>();

/**
 * Question node indexes in the order the respondent sees them. Logic is evaluated in definition order
 * whatever this order is; only what is listed and how it is numbered follows it. One seed per plan is cached
 * (a session keeps its seed; the server sees a new seed per response, so a larger cache would only grow).
 */
export function displayOrder(plan: Plan, seed: string | undefined): readonly number[] {
  const cached = orderCache.get(plan);
  if (cached && cached.seed === seed) return cached.order;
  const order: number[] = [];
  for (const node of plan.nodes) if (node.kind === "question") order.push(node.index);
  const runs = seed === undefined ? [] : shuffleRuns(plan.definition);
  if (runs.length > 0 && seed !== undefined) {
    // Slot k of a run shows the k-th item of the run's shuffled list.
    const replacement = new Map<string, string>();
    for (const run of runs) {
      const shuffled = seededShuffle(run.ids, `${seed}:${run.key}`);
      run.ids.forEach((id, k) => {
        replacement.set(id, shuffled[k] ?? id);
      });
    }
    for (let i = 0; i < order.length; i++) {
      const id = plan.nodes[order[i] ?? -1]?.id;
      const swapped = id === undefined ? undefined : replacement.get(id);
      if (swapped !== undefined) order[i] = plan.indexById.get(swapped) ?? (order[i] as number);
    }
  }
  orderCache.set(plan, { seed, order });
  return order;
}
