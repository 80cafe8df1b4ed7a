import type {
  CompareOp,
  Condition,
  Jump,
  OptionSource,
  Question,
  SelectConnect,
  SurveyDefinition,
} from "@wjgj/core";
import { optionListOf } from "./question-meta.ts";
import { plainTitle, questionLabel, type SurveyIndex } from "./survey-index.ts";

export const compareOpNames: Record<CompareOp, string> = {
  eq: "等于",
  ne: "不等于",
  gt: "大于",
  lt: "小于",
  ge: "大于等于",
  le: "小于等于",
  contains: "包含",
};

export interface SummaryContext {
  definition: SurveyDefinition;
  index: SurveyIndex;
}

function quoted(text: string): string {
  return `“${text}”`;
}

function optionLabel(ctx: SummaryContext, questionId: string, optionId: string): string {
  const question = ctx.index.byId.get(questionId)?.question;
  if (question?.type === "cascader") {
    const stack = [...question.config.nodes];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node?.id === optionId) return node.label;
      if (node?.children) stack.push(...node.children);
    }
  }
  const option = question ? optionListOf(question, "options")?.find((o) => o.id === optionId) : undefined;
  return option ? plainTitle(option.label, 20) : optionId;
}

function optionList(ctx: SummaryContext, questionId: string, ids: string[], joiner: string): string {
  return ids.map((id) => quoted(optionLabel(ctx, questionId, id))).join(joiner);
}

const partNames: Record<string, string> = {
  score: "得分",
  count: "选择数",
  id: "选项编号",
  start: "开始日期",
  end: "结束日期",
};

function keyLabel(ctx: SummaryContext, questionId: string, key: string): string {
  if (partNames[key]) return partNames[key];
  const config = ctx.index.byId.get(questionId)?.question.config as Record<string, unknown> | undefined;
  for (const list of ["rows", "blanks", "options"]) {
    const items = config?.[list];
    if (!Array.isArray(items)) continue;
    const found = (items as { id: string; label?: string }[]).find((item) => item.id === key);
    if (found) return found.label ? plainTitle(found.label, 12) : key;
  }
  return key;
}

function literal(value: number | string): string {
  return typeof value === "number" ? String(value) : quoted(value);
}

function leaf(ctx: SummaryContext, condition: Condition): string {
  switch (condition.kind) {
    case "selected": {
      const q = questionLabel(ctx.index, condition.questionId);
      if (condition.optionIds.length > 1 && condition.match === "all")
        return `${q}同时选择${optionList(ctx, condition.questionId, condition.optionIds, "和")}`;
      return `${q}选择${optionList(ctx, condition.questionId, condition.optionIds, "或")}`;
    }
    case "notSelected": {
      const q = questionLabel(ctx.index, condition.questionId);
      const list = optionList(ctx, condition.questionId, condition.optionIds, "、");
      if (condition.optionIds.length === 1) return `${q}未选择${list}`;
      return condition.match === "all" ? `${q}${list}均未选择` : `${q}未同时选择${list}`;
    }
    case "compare": {
      const q = questionLabel(ctx.index, condition.questionId);
      const part = condition.key ? `的${quoted(keyLabel(ctx, condition.questionId, condition.key))}` : "";
      return `${q}${part}${compareOpNames[condition.op]}${literal(condition.value)}`;
    }
    case "computed": {
      const computed = ctx.definition.computed.find((c) => c.id === condition.computedId);
      const name = computed?.name || computed?.id || "（已删除的计算值）";
      return `计算值${quoted(name)}${compareOpNames[condition.op]}${literal(condition.value)}`;
    }
    case "answered":
      return `${questionLabel(ctx.index, condition.questionId)}已作答`;
    case "notAnswered":
      return `${questionLabel(ctx.index, condition.questionId)}未作答`;
    case "expression":
      return `表达式「${condition.expression}」成立`;
    default:
      return "";
  }
}

/** Readable Chinese text of a condition; nested groups are bracketed so 且/或 read unambiguously. */
export function describeCondition(ctx: SummaryContext, condition: Condition, nested = false): string {
  if (condition.kind === "all" || condition.kind === "any") {
    if (condition.conditions.length === 0) return condition.kind === "all" ? "任何情况" : "（空条件）";
    if (condition.conditions.length === 1 && condition.conditions[0])
      return describeCondition(ctx, condition.conditions[0], nested);
    const text = condition.conditions
      .map((child) => describeCondition(ctx, child, true))
      .join(condition.kind === "all" ? "且" : "或");
    return nested ? `（${text}）` : text;
  }
  if (condition.kind === "not") return `不满足（${describeCondition(ctx, condition.condition)}）`;
  return leaf(ctx, condition);
}

export function describeShowIf(ctx: SummaryContext, condition: Condition): string {
  return `当${describeCondition(ctx, condition)}时显示`;
}

export function describeJumpTarget(ctx: SummaryContext, target: Jump["target"]): string {
  switch (target.kind) {
    case "question":
      return `跳到${questionLabel(ctx.index, target.questionId)}`;
    case "page": {
      const number = ctx.index.pageNumberById.get(target.pageId);
      return number ? `跳到第${number}页` : "跳到（已删除的页）";
    }
    case "submit":
      return "结束作答并提交";
    case "screenOut":
      return "甄别（不合格）结束";
  }
}

export function describeJump(ctx: SummaryContext, jump: Jump): string {
  const target = describeJumpTarget(ctx, jump.target);
  return jump.when ? `当${describeCondition(ctx, jump.when)}时${target}` : `无条件${target}`;
}

export function describeSelectConnect(ctx: SummaryContext, connect: SelectConnect): string {
  const mode = connect.mode === "notChosen" ? "未选中" : "选中";
  return `选项关联${questionLabel(ctx.index, connect.questionId)}：${mode}关联选项时才显示（${connect.links.length}个选项）`;
}

export function describeOptionSource(ctx: SummaryContext, source: OptionSource): string {
  const mode = source.mode === "unselected" ? "未选" : "已选";
  return `选项引用${questionLabel(ctx.index, source.questionId)}${mode}的选项`;
}

/** Readable summaries of a question's logic (显示/跳题/关联/引用), as its card lists them. */
export function summariesOf(ctx: SummaryContext, question: Question): string[] {
  const texts: string[] = [];
  if (question.showIf) texts.push(describeShowIf(ctx, question.showIf));
  for (const jump of question.jumps ?? []) texts.push(describeJump(ctx, jump));
  if (question.selectConnect) texts.push(describeSelectConnect(ctx, question.selectConnect));
  if (question.optionSource) texts.push(describeOptionSource(ctx, question.optionSource));
  return texts;
}
