import { surveyMessages as m } from "../shared/messages.ts";

/**
 * Bounds of one condition tree (a showIf, a jump or quota `when`, a results filter). Real questionnaires use
 * a few levels and a few dozen leaves; the bounds keep every recursive walk (zod, the engine, the SQL
 * compiler) shallow and every compiled statement inside SQLite's expression depth and parameter limits.
 */
export const conditionLimits = {
  /** Levels of groups and negations, the condition itself being level 1. */
  maxDepth: 32,
  /** Condition objects of the whole tree: groups, negations and leaves. */
  maxNodes: 500,
  /** Option ids named by all `selected` / `notSelected` leaves together (each becomes a SQL parameter). */
  maxOptionIds: 2000,
} as const;

export interface ConditionSize {
  depth: number;
  nodes: number;
  optionIds: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Measures a condition-shaped value without recursion, so input nested thousands deep cannot overflow the
 * stack. Stops as soon as a limit is passed: the result is then "over", not an exact size, and the walk
 * costs at most about `maxNodes` steps whatever the input.
 */
export function measureCondition(value: unknown): ConditionSize {
  const size: ConditionSize = { depth: 0, nodes: 0, optionIds: 0 };
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    size.nodes += 1;
    size.depth = Math.max(size.depth, depth);
    if (
      size.nodes > conditionLimits.maxNodes ||
      size.depth > conditionLimits.maxDepth ||
      size.optionIds > conditionLimits.maxOptionIds
    )
      return size;
    if (!isRecord(node)) continue;
    if (Array.isArray(node.optionIds)) size.optionIds += node.optionIds.length;
    if ((node.kind === "all" || node.kind === "any") && Array.isArray(node.conditions)) {
      const children: unknown[] = node.conditions;
      // Children past one over the room left cannot change the verdict: a huge list costs no more than a
      // full tree.
      const room = conditionLimits.maxNodes - size.nodes - stack.length;
      for (const child of children.slice(0, Math.max(room + 1, 0)))
        stack.push({ node: child, depth: depth + 1 });
    } else if (node.kind === "not" && "condition" in node) {
      stack.push({ node: node.condition, depth: depth + 1 });
    }
  }
  return size;
}

/** The Chinese message naming the limit a condition passes, or null when it fits. */
export function conditionLimitProblem(size: ConditionSize): string | null {
  if (size.depth > conditionLimits.maxDepth) return m.conditionDepth(conditionLimits.maxDepth);
  if (size.nodes > conditionLimits.maxNodes) return m.conditionNodes(conditionLimits.maxNodes);
  if (size.optionIds > conditionLimits.maxOptionIds)
    return m.conditionOptionIds(conditionLimits.maxOptionIds);
  return null;
}
