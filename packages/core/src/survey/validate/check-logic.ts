import type { Condition } from "../definition/condition.ts";
import type { QuestionNode } from "../logic/plan.ts";
import { assertNever } from "../shared/assert-never.ts";
import { surveyMessages as m } from "../shared/messages.ts";
import type { CascaderNode } from "../types/choice/cascader.ts";
import { checkComparison } from "./check-compare.ts";
import type { CheckContext, Path, Reader } from "./check-context.ts";

function cascaderIds(nodes: readonly CascaderNode[], into: Set<string> = new Set()): Set<string> {
  for (const node of nodes) {
    into.add(node.id);
    cascaderIds(node.children ?? [], into);
  }
  return into;
}

/** Ids `selected`/`notSelected` may name on a question; null when it has nothing to select. */
function selectableIds(ctx: CheckContext, node: QuestionNode): Set<string> | null {
  if (node.question.type === "cascader") return cascaderIds(node.question.config.nodes);
  const options = ctx.optionsOf(node);
  return options ? new Set(options.map((option) => option.id)) : null;
}

/** Option-level checks of `selected`/`notSelected`: a choice-like question and options it really has. */
function checkOptionRefs(
  ctx: CheckContext,
  questionId: string,
  optionIds: readonly string[],
  path: Path,
): void {
  const node = ctx.questionNode(questionId);
  if (!node) return;
  const known = node.module.selected ? selectableIds(ctx, node) : null;
  if (!known) {
    ctx.report("notChoiceQuestion", m.notChoiceQuestion(questionId), path);
    return;
  }
  optionIds.forEach((id, index) => {
    if (!known.has(id)) ctx.report("missingOption", m.missingOption(id), [...path, "optionIds", index]);
  });
}

/** `answered`/`notAnswered`/`compare` read a value: the item must be able to hold one. */
function checkAnswerable(ctx: CheckContext, id: string, path: Path): boolean {
  const node = ctx.questionNode(id);
  if (!node || node.module.answerable) return true;
  ctx.report("notAnswerable", m.notAnswerable(id), [...path, "questionId"]);
  return false;
}

function checkCompare(ctx: CheckContext, condition: Extract<Condition, { kind: "compare" }>, path: Path) {
  const { questionId: id, key, op, value } = condition;
  const node = ctx.questionNode(id);
  if (!node) {
    if (key !== undefined) ctx.report("unknownKey", m.unknownKey(id, key), [...path, "key"]);
    else checkComparison(ctx, id, ctx.computedType(id), op, value, path);
    return;
  }
  if (!checkAnswerable(ctx, id, path)) return;
  const type = ctx.keyType(node, key);
  if (type === undefined) ctx.report("unknownKey", m.unknownKey(id, key ?? ""), [...path, "key"]);
  else checkComparison(ctx, id, type, op, value, path);
}

/** Walks a condition read by `reader`; show conditions read earlier nodes, jump rules also their own. */
export function checkCondition(ctx: CheckContext, condition: Condition, reader: Reader, path: Path): void {
  switch (condition.kind) {
    case "all":
    case "any":
      condition.conditions.forEach((inner, i) => {
        checkCondition(ctx, inner, reader, [...path, "conditions", i]);
      });
      return;
    case "not":
      checkCondition(ctx, condition.condition, reader, [...path, "condition"]);
      return;
    case "selected":
    case "notSelected":
      if (ctx.checkRef(condition.questionId, reader, [...path, "questionId"])) {
        checkOptionRefs(ctx, condition.questionId, condition.optionIds, path);
      }
      return;
    case "compare":
      if (ctx.checkRef(condition.questionId, reader, [...path, "questionId"]))
        checkCompare(ctx, condition, path);
      return;
    case "answered":
    case "notAnswered":
      if (ctx.checkRef(condition.questionId, reader, [...path, "questionId"])) {
        checkAnswerable(ctx, condition.questionId, path);
      }
      return;
    case "computed":
      if (!ctx.isComputed(condition.computedId)) {
        ctx.report("missingComputed", m.missingComputed(condition.computedId), [...path, "computedId"]);
      } else if (ctx.checkRef(condition.computedId, reader, [...path, "computedId"])) {
        const type = ctx.computedType(condition.computedId);
        checkComparison(ctx, condition.computedId, type, condition.op, condition.value, path);
      }
      return;
    case "expression":
      ctx.checkExpression(condition.expression, reader, [...path, "expression"]);
      return;
    default:
      assertNever(condition);
  }
}

export function checkJumps(ctx: CheckContext, node: QuestionNode, path: Path): void {
  (node.question.jumps ?? []).forEach((jump, i) => {
    const jumpPath = [...path, "jumps", i];
    const self: Reader = { at: node.index, allowSelf: true };
    if (jump.when) checkCondition(ctx, jump.when, self, [...jumpPath, "when"]);
    const target = jump.target;
    if (target.kind === "question") {
      const index = ctx.plan.indexById.get(target.questionId);
      if (index === undefined)
        ctx.report("missingQuestion", m.missingQuestion(target.questionId), [...jumpPath, "target"]);
      else if (index <= node.index) ctx.report("backwardJump", m.backwardJump(), [...jumpPath, "target"]);
    } else if (target.kind === "page") {
      const pageIndex = ctx.definition.pages.findIndex((page) => page.id === target.pageId);
      if (pageIndex === -1) ctx.report("missingPage", m.missingPage(target.pageId), [...jumpPath, "target"]);
      else if (pageIndex <= node.pageIndex)
        ctx.report("backwardJump", m.backwardJump(), [...jumpPath, "target"]);
    }
  });
}

export function checkOptionLogic(ctx: CheckContext, node: QuestionNode, path: Path): void {
  const { selectConnect, optionSource } = node.question;
  const own = ctx.optionsOf(node) ?? [];
  const reader: Reader = { at: node.index };
  if (
    optionSource &&
    ctx.checkRef(optionSource.questionId, reader, [...path, "optionSource", "questionId"])
  ) {
    const source = ctx.questionNode(optionSource.questionId);
    if (source && !ctx.optionsOf(source)) {
      ctx.report("notChoiceQuestion", m.notChoiceQuestion(source.id), [
        ...path,
        "optionSource",
        "questionId",
      ]);
    }
  }
  if (
    selectConnect &&
    ctx.checkRef(selectConnect.questionId, reader, [...path, "selectConnect", "questionId"])
  ) {
    const ownIds = new Set(own.map((option) => option.id));
    selectConnect.links.forEach((link, i) => {
      const linkPath = [...path, "selectConnect", "links", i];
      if (!ownIds.has(link.optionId))
        ctx.report("missingOption", m.missingOption(link.optionId), [...linkPath, "optionId"]);
      checkOptionRefs(ctx, selectConnect.questionId, link.sourceOptionIds, linkPath);
    });
  }
  const configOptions = "options" in node.question.config ? node.question.config.options : [];
  configOptions.forEach((option, i) => {
    if (option.showIf)
      checkCondition(ctx, option.showIf, reader, [...path, "config", "options", i, "showIf"]);
  });
}
