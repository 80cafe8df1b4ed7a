import type { SurveyDefinition } from "../definition/definition.ts";
import type { Option } from "../definition/option.ts";
import { collectRefs } from "../expression/ast.ts";
import { parseExpression } from "../expression/parser.ts";
import { checkExpressionTypes, type TypeProblem } from "../expression/typecheck.ts";
import type { ValueType } from "../expression/value.ts";
import type { Plan, QuestionNode } from "../logic/plan.ts";
import { error, type Issue } from "../shared/issue.ts";
import { surveyMessages as m } from "../shared/messages.ts";

export type Path = readonly (string | number)[];

/**
 * Who reads a reference: the node at `at` may read nodes before it. Jump rules may also read their own
 * question (`allowSelf`); page conditions read only what precedes the page (`page`, for the wording).
 */
export interface Reader {
  at: number;
  allowSelf?: boolean;
  page?: boolean;
}

/** Shared lookups for the definition checks; everything here reads the compiled plan. */
export class CheckContext {
  readonly issues: Issue[] = [];
  private readonly computedTypes = new Map<string, ValueType>();

  constructor(
    readonly definition: SurveyDefinition,
    readonly plan: Plan,
  ) {}

  report(code: keyof typeof m, message: string, path: Path): void {
    this.issues.push(error(code, message, path));
  }

  questionNode(id: string): QuestionNode | undefined {
    const node = this.plan.nodes[this.plan.indexById.get(id) ?? -1];
    return node?.kind === "question" ? node : undefined;
  }

  isComputed(id: string): boolean {
    return this.definition.computed.some((computed) => computed.id === id);
  }

  /** Options a question may offer: its own, or its select-join source's (transitively). */
  optionsOf(node: QuestionNode, seen: Set<string> = new Set()): readonly Option[] | null {
    const source = node.question.optionSource;
    if (source) {
      const from = this.questionNode(source.questionId);
      if (!from || seen.has(from.id)) return [];
      seen.add(node.id);
      return this.optionsOf(from, seen);
    }
    return node.module.options?.(node.question.config) ?? null;
  }

  /** A reference to `id`: it must exist and come before the reader (or, for jumps, be the reader). */
  checkRef(id: string, reader: Reader, path: Path): boolean {
    const index = this.plan.indexById.get(id);
    if (index === undefined) {
      this.report("missingQuestion", m.missingQuestion(id), path);
      return false;
    }
    if (!this.readable(index, reader)) {
      this.reportLater(id, reader, path);
      return false;
    }
    return true;
  }

  private readable(index: number, reader: Reader): boolean {
    return index < reader.at || (index === reader.at && reader.allowSelf === true);
  }

  private reportLater(id: string, reader: Reader, path: Path): void {
    if (reader.page) this.report("pageLaterReference", m.pageLaterReference(id), path);
    else this.report("laterReference", m.laterReference(id), path);
  }

  /** Static type of `$id.key` on a question; undefined when the question has no such key. */
  keyType(node: QuestionNode, key: string | undefined): ValueType | undefined {
    const { module, question } = node;
    if (module.valueTypeOf) return module.valueTypeOf(question.config, key);
    return key === undefined ? module.valueType : undefined;
  }

  computedType(id: string, visiting: Set<string> = new Set()): ValueType {
    const known = this.computedTypes.get(id);
    if (known) return known;
    const computed = this.definition.computed.find((candidate) => candidate.id === id);
    if (!computed || visiting.has(id)) return "any";
    visiting.add(id);
    const parsed = parseExpression(computed.expression);
    const type = parsed.ok
      ? checkExpressionTypes(parsed.expr, { refType: (ref, key) => this.refType(ref, key, visiting) })
      : "any";
    visiting.delete(id);
    this.computedTypes.set(id, type);
    return type;
  }

  refType(id: string, key: string | undefined, visiting: Set<string> = new Set()): ValueType | undefined {
    const node = this.questionNode(id);
    // An unknown key is reported on its own (unknownKey); typing it `any` avoids a second, vaguer issue.
    if (node) return this.keyType(node, key) ?? "any";
    return this.isComputed(id) ? this.computedType(id, visiting) : undefined;
  }

  /** Syntax, references (existing, earlier, with existing keys) and types of an expression. */
  checkExpression(source: string, reader: Reader, path: Path): void {
    const parsed = parseExpression(source);
    if (!parsed.ok) {
      this.report("expressionSyntax", m.expressionSyntax(`${parsed.message}（位置${parsed.at + 1}）`), path);
      return;
    }
    const problems: TypeProblem[] = [];
    checkExpressionTypes(parsed.expr, { refType: (id, key) => this.refType(id, key) }, problems);
    for (const problem of problems) {
      if (problem.kind === "missingRef")
        this.report("missingQuestion", m.missingQuestion(problem.id ?? ""), path);
      else if (problem.kind === "type")
        this.report("expressionType", m.expressionType(problem.message), path);
      else this.report("expressionSyntax", m.expressionSyntax(problem.message), path);
    }
    for (const { id: ref, key } of problems.length === 0 ? collectRefs(parsed.expr) : []) {
      const index = this.plan.indexById.get(ref);
      if (index !== undefined && !this.readable(index, reader)) this.reportLater(ref, reader, path);
      const node = this.questionNode(ref);
      if (node && key !== undefined && this.keyType(node, key) === undefined)
        this.report("unknownKey", m.unknownKey(ref, key), path);
    }
  }
}
