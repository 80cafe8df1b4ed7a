import type { Condition } from "../definition/condition.ts";
import type { QuestionNode } from "../logic/plan.ts";
import { assertNever } from "../shared/assert-never.ts";
import { surveyMessages as m } from "../shared/messages.ts";
import type { CheckContext, Path } from "./check-context.ts";

/** Option-level checks of `selected`/`notSelected`: a choice-like question and options it really has. */
function checkOptionRefs(
  ctx: CheckContext,
  questionId: string,
  optionIds: readonly string[],
  path: Path,
): void {
  const node = ctx.questionNode(questionId);
  if (!node) return;
  const options = ctx.optionsOf(node);
  if (!options && !node.module.selected) {
    ctx.report("notChoiceQuestion", m.notChoiceQuestion(questionId), path);
    return;
  }
  if (!options) return; // e.g. cascader: node ids are checked at runtime
  const known = new Set(options.map((option) => option.id));
  optionIds.forEach((id, index) => {
    if (!known.has(id)) ctx.report("missingOption", m.missingOption(id), [...path, "optionIds", index]);
  });
}

/**
 * Walks a condition read by the node at `at`. `allowSelf` is for jump rules, which may test the question's
 * own answer; show conditions may only read earlier nodes.
 */
export function checkCondition(
  ctx: CheckContext,
  condition: Condition,
  at: number,
  path: Path,
  allowSelf = false,
): void {
  switch (condition.kind) {
    case "all":
    case "any":
      condition.conditions.forEach((inner, i) => {
        checkCondition(ctx, inner, at, [...path, "conditions", i], allowSelf);
      });
      return;
    case "not":
      checkCondition(ctx, condition.condition, at, [...path, "condition"], allowSelf);
      return;
    case "selected":
    case "notSelected":
      if (ctx.checkRef(condition.questionId, at, [...path, "questionId"], allowSelf)) {
        checkOptionRefs(ctx, condition.questionId, condition.optionIds, path);
      }
      return;
    case "compare":
    case "answered":
    case "notAnswered":
      if (ctx.questionNode(condition.questionId) || !ctx.isComputed(condition.questionId)) {
        ctx.checkRef(condition.questionId, at, [...path, "questionId"], allowSelf);
      }
      return;
    case "computed":
      if (!ctx.isComputed(condition.computedId)) {
        ctx.report("missingComputed", m.missingComputed(condition.computedId), [...path, "computedId"]);
      } else ctx.checkRef(condition.computedId, at, [...path, "computedId"], allowSelf);
      return;
    case "expression":
      ctx.checkExpression(condition.expression, at, [...path, "expression"], allowSelf);
      return;
    default:
      assertNever(condition);
  }
}

export function checkJumps(ctx: CheckContext, node: QuestionNode, path: Path): void {
  (node.question.jumps ?? []).forEach((jump, i) => {
    const jumpPath = [...path, "jumps", i];
    if (jump.when) checkCondition(ctx, jump.when, node.index, [...jumpPath, "when"], true);
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
  if (
    optionSource &&
    ctx.checkRef(optionSource.questionId, node.index, [...path, "optionSource", "questionId"])
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
    ctx.checkRef(selectConnect.questionId, node.index, [...path, "selectConnect", "questionId"])
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
      checkCondition(ctx, option.showIf, node.index, [...path, "config", "options", i, "showIf"]);
  });
}
