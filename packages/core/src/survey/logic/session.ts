import type { SurveyDefinition } from "../definition/definition.ts";
import { deepEqual } from "../shared/equal.ts";
import { type Answers, evaluateStates } from "./evaluate.ts";
import { IndexQueue } from "./min-heap.ts";
import { computeComputed, computeQuestion, type NodeInputs } from "./node.ts";
import { type Plan, planOf, type ResolvedTarget } from "./plan.ts";
import { assembleResult, type EvaluationResult } from "./result.ts";
import type { EvaluationContext, NodeState } from "./state.ts";

/**
 * The respondent page's engine. The plan (order + dependency graph) is built once per definition;
 * `setAnswer` recomputes the changed question and then only nodes that read something that actually
 * changed, in plan order. A jump that starts or stops firing re-checks the range it skips.
 * Node computations are the same pure functions the whole evaluation uses, so results are identical.
 */
export class SurveySession {
  private readonly plan: Plan;
  private readonly raw = new Map<string, unknown>();
  private readonly states: NodeState[];
  /** Jumps currently firing, by source node index. */
  private readonly activeJumps = new Map<number, ResolvedTarget>();
  private readonly queue: IndexQueue;
  private readonly inputs: NodeInputs;
  private cached: EvaluationResult | null = null;

  constructor(
    readonly definition: SurveyDefinition,
    readonly context: EvaluationContext,
    answers: Answers = {},
  ) {
    this.plan = planOf(definition);
    for (const [id, value] of Object.entries(answers)) if (value !== undefined) this.raw.set(id, value);
    this.inputs = {
      plan: this.plan,
      context,
      raw: (id) => this.raw.get(id),
      state: (index) => this.states[index],
    };
    this.states = evaluateStates(this.plan, this.inputs.raw, context);
    this.states.forEach((state, index) => {
      if (state.kind === "question" && state.jump) this.activeJumps.set(index, state.jump);
    });
    this.queue = new IndexQueue(this.plan.nodes.length);
  }

  /** Sets (or with `undefined`, clears) one raw answer and brings every dependent node up to date. */
  setAnswer(questionId: string, value: unknown): void {
    const index = this.plan.indexById.get(questionId);
    if (value === undefined) this.raw.delete(questionId);
    else this.raw.set(questionId, value);
    if (index === undefined) return;
    this.cached = null;
    this.queue.push(index);
    this.drain();
  }

  answerOf(questionId: string): unknown {
    return this.raw.get(questionId);
  }

  /** The current evaluation, memoised until the next change. */
  result(): EvaluationResult {
    this.cached ??= assembleResult(this.plan, this.states, this.context);
    return this.cached;
  }

  private reachable(index: number): boolean {
    for (const [source, jump] of this.activeJumps) {
      if (source < index && (jump.kind !== "to" || index < jump.index)) return false;
    }
    return true;
  }

  private extent(source: number, jump: ResolvedTarget | null): number {
    if (!jump) return source;
    return jump.kind === "to" ? jump.index - 1 : this.plan.nodes.length - 1;
  }

  private drain(): void {
    for (let index = this.queue.pop(); index !== undefined; index = this.queue.pop()) {
      const node = this.plan.nodes[index];
      const before = this.states[index];
      if (!node || !before) continue;
      const after =
        node.kind === "question"
          ? computeQuestion(node, this.inputs, this.reachable(index))
          : computeComputed(node, this.inputs);
      if (deepEqual(before, after)) continue;
      this.states[index] = after;
      for (const dependent of this.plan.dependents[index] ?? []) this.queue.push(dependent);
      const oldJump = before.kind === "question" ? before.jump : null;
      const newJump = after.kind === "question" ? after.jump : null;
      if (!deepEqual(oldJump, newJump)) this.handleJumpChange(index, oldJump, newJump);
    }
  }

  private handleJumpChange(
    index: number,
    oldJump: ResolvedTarget | null,
    newJump: ResolvedTarget | null,
  ): void {
    if (newJump) this.activeJumps.set(index, newJump);
    else this.activeJumps.delete(index);
    const last = Math.max(this.extent(index, oldJump), this.extent(index, newJump));
    for (let k = index + 1; k <= last; k++) {
      if (this.plan.nodes[k]?.kind === "question") this.queue.push(k);
    }
  }
}

export function createSession(
  definition: SurveyDefinition,
  context: EvaluationContext,
  answers: Answers = {},
): SurveySession {
  return new SurveySession(definition, context, answers);
}
