import { describe, expect, it } from "vitest";
import { type Condition, conditionSchema } from "./condition.ts";
import { conditionLimits, measureCondition } from "./condition-limits.ts";

const leaf: Condition = { kind: "answered", questionId: "q1" };

/** `levels` levels in all: `levels - 1` negations around one leaf. */
function negated(levels: number): unknown {
  let condition: unknown = leaf;
  for (let level = 1; level < levels; level += 1) condition = { kind: "not", condition };
  return condition;
}

function flat(nodes: number): Condition {
  return { kind: "all", conditions: Array.from({ length: nodes - 1 }, () => leaf) };
}

describe("condition limits", () => {
  it("accepts a condition exactly at the depth and node limits", () => {
    expect(conditionSchema.safeParse(negated(conditionLimits.maxDepth)).success).toBe(true);
    expect(conditionSchema.safeParse(flat(conditionLimits.maxNodes)).success).toBe(true);
  });

  it("refuses one level or one node more with a Chinese message naming the limit", () => {
    const deep = conditionSchema.safeParse(negated(conditionLimits.maxDepth + 1));
    expect(deep.success).toBe(false);
    expect(deep.error?.issues[0]?.message).toBe("条件嵌套不能超过32层，请简化条件");
    const wide = conditionSchema.safeParse(flat(conditionLimits.maxNodes + 1));
    expect(wide.error?.issues[0]?.message).toContain("最多包含500项");
  });

  it("refuses nesting far past the stack depth without recursing", () => {
    const result = conditionSchema.safeParse(negated(200_000));
    expect(result.error?.issues[0]?.message).toContain("32层");
  });

  it("stops counting a huge group early", () => {
    const size = measureCondition({ kind: "any", conditions: Array.from({ length: 1_000_000 }, () => leaf) });
    expect(size.nodes).toBe(conditionLimits.maxNodes + 1);
  });

  it("bounds the option ids named by all leaves together", () => {
    const optionIds = Array.from({ length: 1001 }, (_, i) => `o${i}`);
    const pick: Condition = { kind: "selected", questionId: "q1", optionIds, match: "any" };
    const result = conditionSchema.safeParse({ kind: "all", conditions: [pick, pick] });
    expect(result.error?.issues[0]?.message).toBe("一个条件最多引用2000个选项，请简化条件");
  });
});
