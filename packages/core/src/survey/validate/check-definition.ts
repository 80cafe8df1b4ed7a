import type { SurveyDefinition } from "../definition/definition.ts";
import { scoringModeNames } from "../definition/scoring-rule.ts";
import type { PatternRule } from "../definition/validation-rules.ts";
import { collectRefs } from "../expression/ast.ts";
import { parseExpression } from "../expression/parser.ts";
import { planOf, type QuestionNode } from "../logic/plan.ts";
import { pipeRefs } from "../logic/refs.ts";
import type { Issue } from "../shared/issue.ts";
import { surveyMessages as m } from "../shared/messages.ts";
import { isSafePattern } from "../types/helpers/safe-regex.ts";
import { compilePattern } from "../types/helpers/text-rules.ts";
import { countInlineBlanks } from "../types/text/inline-blank.ts";
import { CheckContext, type Path } from "./check-context.ts";
import { checkCondition, checkJumps, checkOptionLogic } from "./check-logic.ts";
import { checkQuestionOrder } from "./check-order.ts";

function checkDuplicates(ctx: CheckContext): void {
  const seen = new Set<string>();
  const claim = (id: string, path: Path) => {
    if (seen.has(id)) ctx.report("duplicateId", m.duplicateId(id), path);
    seen.add(id);
  };
  ctx.definition.pages.forEach((page, p) => {
    claim(page.id, ["pages", p, "id"]);
    page.questions.forEach((question, q) => {
      claim(question.id, ["pages", p, "questions", q, "id"]);
      const optionIds = new Set<string>();
      const options = "options" in question.config ? question.config.options : [];
      options.forEach((option, o) => {
        if (optionIds.has(option.id))
          ctx.report("duplicateId", m.duplicateId(option.id), [
            "pages",
            p,
            "questions",
            q,
            "config",
            "options",
            o,
            "id",
          ]);
        optionIds.add(option.id);
      });
    });
  });
  ctx.definition.computed.forEach((computed, i) => {
    claim(computed.id, ["computed", i, "id"]);
  });
  ctx.definition.quotas.forEach((quota, i) => {
    claim(quota.id, ["quotas", i, "id"]);
  });
}

function checkPipes(ctx: CheckContext, node: QuestionNode, path: Path): void {
  const texts: [string | undefined, Path][] = [
    [node.question.title, [...path, "title"]],
    [node.question.description, [...path, "description"]],
  ];
  for (const [text, textPath] of texts) {
    for (const id of pipeRefs(text)) {
      if (!ctx.questionNode(id) && !ctx.isComputed(id))
        ctx.report("missingQuestion", m.missingQuestion(id), textPath);
      else ctx.checkRef(id, { at: node.index }, textPath);
    }
  }
}

function checkTypeRules(ctx: CheckContext, node: QuestionNode, path: Path): void {
  const { question, module } = node;
  if (question.scoring && !module.scoringModes.includes(question.scoring.mode)) {
    ctx.report("scoringUnsupported", m.scoringUnsupported(scoringModeNames[question.scoring.mode]), [
      ...path,
      "scoring",
      "mode",
    ]);
  } else checkScoringAnswer(ctx, node, path);
  if (
    question.type === "inlineBlank" &&
    countInlineBlanks(question.title) !== question.config.blanks.length
  ) {
    ctx.report("invalidConfig", m.invalidConfig("标题中的___数量与填空设置不一致"), [
      ...path,
      "config",
      "blanks",
    ]);
  }
  if (question.type === "group") {
    question.config.memberIds.forEach((id, i) => {
      const member = ctx.plan.indexById.get(id);
      if (member === undefined)
        ctx.report("missingQuestion", m.missingQuestion(id), [...path, "config", "memberIds", i]);
      else if (member <= node.index)
        ctx.report("groupMemberOrder", m.groupMemberOrder(id), [...path, "config", "memberIds", i]);
    });
  }
  const patterns = "patterns" in question.config ? question.config.patterns : [];
  checkPatterns(ctx, patterns, [...path, "config"]);
  const blanks = "blanks" in question.config ? question.config.blanks : [];
  blanks.forEach((blank, b) => {
    checkPatterns(ctx, blank.patterns, [...path, "config", "blanks", b]);
  });
}

/**
 * A scored question must say what earns its points: a ticked correct option, an accepted answer for every
 * blank, or a score on some option. Without one it would grade every respondent 0, so publishing waits.
 */
function checkScoringAnswer(ctx: CheckContext, node: QuestionNode, path: Path): void {
  const { question } = node;
  const rule = question.scoring;
  if (!rule) return;
  const options = "options" in question.config ? question.config.options : [];
  const at = [...path, "scoring"];
  switch (rule.mode) {
    case "single":
    case "allOrNothing":
    case "partial":
    case "partialNoWrong":
      if (!options.some((option) => option.correct === true))
        ctx.report("scoringNoCorrect", m.scoringNoCorrect(), at);
      return;
    case "perOption":
      if (!options.some((option) => option.score !== undefined && option.score !== 0))
        ctx.report("scoringNoOptionScore", m.scoringNoOptionScore(), at);
      return;
    case "text":
      if (!rule.accepted.some((text) => text.trim() !== ""))
        ctx.report("scoringNoAccepted", m.scoringNoAccepted(), [...at, "accepted"]);
      return;
    case "blanks": {
      const blanks = "blanks" in question.config ? question.config.blanks : [];
      const answered = (id: string) => (rule.accepted[id] ?? []).some((text) => text.trim() !== "");
      if (blanks.length === 0 || !blanks.every((blank) => answered(blank.id)))
        ctx.report("scoringNoAccepted", m.scoringNoAccepted(), [...at, "accepted"]);
      return;
    }
    default:
      return;
  }
}

function checkPatterns(ctx: CheckContext, patterns: readonly PatternRule[], path: Path): void {
  patterns.forEach((rule, i) => {
    const at = [...path, "patterns", i, "pattern"];
    if (!isSafePattern(rule.pattern)) ctx.report("unsafeRegex", m.unsafeRegex(), at);
    else if (!compilePattern(rule)) ctx.report("invalidRegex", m.invalidRegex(), at);
  });
}

function checkComputedCycles(ctx: CheckContext): void {
  const refs = new Map(
    ctx.definition.computed.map((computed) => {
      const parsed = parseExpression(computed.expression);
      return [
        computed.id,
        parsed.ok
          ? collectRefs(parsed.expr)
              .map((ref) => ref.id)
              .filter((id) => ctx.isComputed(id))
          : [],
      ];
    }),
  );
  const state = new Map<string, "visiting" | "done">();
  const visit = (id: string, trail: string[]): void => {
    if (state.get(id) === "done") return;
    if (state.get(id) === "visiting") {
      const cycle = trail.slice(trail.indexOf(id)).concat(id);
      const index = ctx.definition.computed.findIndex((computed) => computed.id === id);
      ctx.report("cycle", m.cycle(cycle.join(" → ")), ["computed", index, "expression"]);
      return;
    }
    state.set(id, "visiting");
    for (const next of refs.get(id) ?? []) visit(next, [...trail, id]);
    state.set(id, "done");
  };
  for (const computed of ctx.definition.computed) visit(computed.id, []);
}

/** 商品: a response places one order, so a questionnaire sells through one 商品题 (the second is reported). */
function checkOneProductQuestion(ctx: CheckContext): void {
  let seen = false;
  ctx.definition.pages.forEach((page, p) => {
    page.questions.forEach((question, q) => {
      if (question.type !== "product") return;
      if (seen) ctx.report("productQuestionTwice", m.productQuestionTwice(), ["pages", p, "questions", q]);
      seen = true;
    });
  });
}

/**
 * Cross-reference and logic checks for the designer, each issue with the exact path of the offending
 * field: missing questions/options/pages, conditions reading later questions (page conditions: later
 * pages), backward jumps, computed cycles, expression syntax and type errors, comparisons that cannot hold
 * for the value's type, unsupported scoring modes, inline blank counts, unsafe or invalid regex rules, and
 * jumps that 题目随机 would make ambiguous.
 * Run it on a structurally valid definition (see parseDefinition); an empty list means publishable.
 */
export function checkDefinition(definition: SurveyDefinition): Issue[] {
  const ctx = new CheckContext(definition, planOf(definition));
  checkDuplicates(ctx);
  checkOneProductQuestion(ctx);
  definition.pages.forEach((page, p) => {
    if (page.showIf) {
      const reader = { at: ctx.plan.pageStarts[p] ?? 0, page: true };
      checkCondition(ctx, page.showIf, reader, ["pages", p, "showIf"]);
    }
    page.questions.forEach((question, q) => {
      const node = ctx.questionNode(question.id);
      if (!node || node.question !== question) return; // duplicate id, already reported
      const path: Path = ["pages", p, "questions", q];
      if (question.showIf) checkCondition(ctx, question.showIf, { at: node.index }, [...path, "showIf"]);
      checkJumps(ctx, node, path);
      checkOptionLogic(ctx, node, path);
      checkPipes(ctx, node, path);
      checkTypeRules(ctx, node, path);
    });
  });
  definition.computed.forEach((computed, i) => {
    const at = ctx.plan.indexById.get(computed.id) ?? 0;
    ctx.checkExpression(computed.expression, { at }, ["computed", i, "expression"]);
  });
  checkComputedCycles(ctx);
  definition.quotas.forEach((quota, i) => {
    checkCondition(ctx, quota.when, { at: ctx.plan.nodes.length }, ["quotas", i, "when"]);
  });
  checkQuestionOrder(ctx);
  return ctx.issues;
}
