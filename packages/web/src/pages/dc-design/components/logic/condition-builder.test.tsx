import { render, screen } from "@testing-library/react";
import { type Condition, conditionLimits } from "@wjgj/core";
import { afterEach, describe, expect, it } from "vitest";
import type { GroupCondition } from "../../lib/condition-model.ts";
import { single } from "../../testing/fixtures.ts";
import { GroupEditor } from "./condition-builder.tsx";

const question = single("q1", "性别", ["男", "女"]);
const sources = { questions: [{ id: "q1", label: "1. 性别", question }], computed: [] };

/**
 * A group of `nodes` condition objects in all that renders as one row: the builder shows a double negation
 * as a hint without its inside, so a tree at the limit does not need hundreds of rendered rows.
 */
function groupOf(nodes: number): GroupCondition {
  const leaf: Condition = { kind: "answered", questionId: "q1" };
  const inside: Condition = { kind: "any", conditions: Array.from({ length: nodes - 4 }, () => leaf) };
  return { kind: "all", conditions: [{ kind: "not", condition: { kind: "not", condition: inside } }] };
}

const button = (name: RegExp) => screen.getByRole("button", { name }) as HTMLButtonElement;

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the condition builder", () => {
  it("offers more conditions below the server's limit", () => {
    render(<GroupEditor group={groupOf(10)} sources={sources} onChange={() => {}} />);
    expect(button(/添加条件$/).disabled).toBe(false);
    expect(button(/添加条件组/).disabled).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("stops at the node limit the server enforces and says so", () => {
    render(<GroupEditor group={groupOf(conditionLimits.maxNodes)} sources={sources} onChange={() => {}} />);
    expect(button(/添加条件$/).disabled).toBe(true);
    expect(button(/添加条件组/).disabled).toBe(true);
    expect(screen.getByRole("alert").textContent).toBe("已达上限：一个条件最多包含500项（含条件组与取反）");
  });

  it("names the limit a condition saved elsewhere already passes", () => {
    render(
      <GroupEditor group={groupOf(conditionLimits.maxNodes + 1)} sources={sources} onChange={() => {}} />,
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "一个条件最多包含500项（含条件组与取反），请拆分或简化",
    );
  });
});
