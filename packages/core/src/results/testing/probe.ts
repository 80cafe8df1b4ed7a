import type { Condition } from "../../survey/definition/condition.ts";
import type { SurveyDefinition } from "../../survey/definition/definition.ts";
import { evaluateSurvey } from "../../survey/logic/evaluate.ts";
import type { Fact } from "../facts.ts";
import type { FactPredicate } from "../filter-plan.ts";

const PROBE = "__probe";

/**
 * The reference answer for a filter: core's own engine decides whether `condition` holds over the stored
 * answers, by showing a last question only when it does.
 */
export function conditionHolds(
  definition: SurveyDefinition,
  answers: Record<string, unknown>,
  condition: Condition,
): boolean {
  const pages = definition.pages.map((page, index) =>
    index === definition.pages.length - 1
      ? { ...page, questions: [...page.questions, { ...probeQuestion, showIf: condition }] }
      : page,
  );
  const result = evaluateSurvey({ ...definition, pages } as SurveyDefinition, answers, {
    today: "2024-06-15",
  });
  return result.visibleQuestions.includes(PROBE);
}

const probeQuestion = {
  id: PROBE,
  type: "paragraph" as const,
  title: "",
  required: false,
  config: {},
};

/** SQL's meaning of a fact predicate, in memory: what the server's translation must agree with. */
export function predicateHolds(predicate: FactPredicate, facts: readonly Fact[]): boolean {
  switch (predicate.kind) {
    case "and":
      return predicate.items.every((item) => predicateHolds(item, facts));
    case "or":
      return predicate.items.some((item) => predicateHolds(item, facts));
    case "not":
      return !predicateHolds(predicate.item, facts);
    case "const":
      return predicate.value;
    case "hasKey":
      return facts.some((fact) => predicate.keys.includes(fact.key));
    case "answered":
      return facts.some((fact) => fact.questionId === predicate.questionId);
    case "code":
      throw new Error("a 编码 leaf needs the stored codes: the server's filter tests check it");
    case "compare":
      return facts.some((fact) => {
        if (fact.questionId !== predicate.questionId) return false;
        const keyed =
          predicate.keys.includes(fact.key) ||
          (predicate.prefix !== null && fact.key.startsWith(predicate.prefix));
        if (!keyed) return false;
        const left = predicate.column === "num" ? fact.num : fact.text;
        if (left === undefined) return false;
        const right = predicate.value;
        switch (predicate.op) {
          case "eq":
            return left === right;
          case "ne":
            return left !== right;
          case "gt":
            return left > right;
          case "lt":
            return left < right;
          case "ge":
            return left >= right;
          case "le":
            return left <= right;
          case "contains":
            return String(left).includes(String(right));
        }
        return false;
      });
  }
}
