import type { Option } from "../definition/option.ts";
import type { EvalEnv } from "../expression/evaluate.ts";
import type { ExprValue } from "../expression/value.ts";
import { formatNumber, toText } from "../expression/value.ts";
import type { Plan, QuestionNode } from "./plan.ts";
import type { NodeState } from "./state.ts";

export interface AnswerView {
  node: QuestionNode;
  answer: unknown;
  options: readonly Option[];
}

export type StateReader = (index: number) => NodeState | undefined;

/**
 * What a node may see of the others: nodes strictly before `limit`; later nodes read as "no value".
 * A class rather than a bundle of closures: scopes are created per node recomputation, on the hot path.
 * It doubles as the expression language's environment (`ref`).
 */
export class Scope implements EvalEnv {
  constructor(
    private readonly plan: Plan,
    private readonly state: StateReader,
    private readonly limit: number,
    readonly today: string,
    /** A state that replaces the reader's for one index (a question's own fresh state, for jump rules). */
    private readonly own?: { index: number; state: NodeState },
  ) {}

  private read(index: number): NodeState | undefined {
    return this.own && index === this.own.index ? this.own.state : this.state(index);
  }

  answerOf(id: string): AnswerView | undefined {
    const index = this.plan.indexById.get(id);
    if (index === undefined || index >= this.limit) return undefined;
    const node = this.plan.nodes[index];
    const current = this.read(index);
    if (node?.kind !== "question" || current?.kind !== "question" || current.answer === undefined)
      return undefined;
    return { node, answer: current.answer, options: current.options ?? [] };
  }

  /** Options a question offers, answered or not (select-join reads them). */
  offeredOf(id: string): readonly Option[] | null {
    const index = this.plan.indexById.get(id);
    if (index === undefined || index >= this.limit) return null;
    const current = this.read(index);
    return current?.kind === "question" ? current.options : null;
  }

  computedOf(id: string): ExprValue {
    const index = this.plan.indexById.get(id);
    if (index === undefined || index >= this.limit) return null;
    const current = this.read(index);
    return current?.kind === "computed" ? current.value : null;
  }

  valueOf(id: string, key: string | undefined): ExprValue {
    const view = this.answerOf(id);
    if (view) return view.node.module.toValue(view.node.question.config, view.answer, view.options, key);
    return this.computedOf(id);
  }

  ref(id: string, key: string | undefined): ExprValue {
    return this.valueOf(id, key);
  }

  textOf(id: string, key: string | undefined): string {
    const view = this.answerOf(id);
    if (view && key === undefined)
      return view.node.module.toText(view.node.question.config, view.answer, view.options);
    const value = this.valueOf(id, key);
    return typeof value === "number" ? formatNumber(value) : toText(value);
  }
}
