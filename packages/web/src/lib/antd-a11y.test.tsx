import { render, screen } from "@testing-library/react";
import { Tabs } from "antd";
import { describe, expect, it } from "vitest";
import { repairAntdA11y } from "./antd-a11y.ts";

// antd's first render in jsdom is slow on a shared machine, as in statistics.test.tsx.
describe("repairAntdA11y", { timeout: 30_000 }, () => {
  it("leaves the tablist owning only tabs when the tab bar carries extra buttons", () => {
    render(
      <Tabs
        tabBarExtraContent={<button type="button">筛选</button>}
        items={[
          { key: "a", label: "概览", children: "甲" },
          { key: "b", label: "导出", children: "乙" },
        ]}
      />,
    );
    const before = screen.getByRole("tablist");
    expect(before.contains(screen.getByRole("button", { name: "筛选" }))).toBe(true);

    repairAntdA11y(document);

    const tablist = screen.getByRole("tablist");
    expect(tablist.querySelectorAll("button")).toHaveLength(0);
    expect(tablist.querySelectorAll('[role="tab"]')).toHaveLength(2);
    expect(screen.getByRole("tab", { name: "概览" })).toBeTruthy();
  });
});
