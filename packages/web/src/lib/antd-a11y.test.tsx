import { render, screen } from "@testing-library/react";
import { Tabs } from "antd";
import { describe, expect, it } from "vitest";
import { repairAntdA11y, touchesRepairedParts } from "./antd-a11y.ts";

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

/** The records a MutationObserver gets for `change`. */
async function recordsOf(root: Node, change: () => void): Promise<MutationRecord[]> {
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((batch) => records.push(...batch));
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  change();
  await Promise.resolve();
  observer.disconnect();
  return records;
}

describe("touchesRepairedParts", () => {
  it("ignores typing in a field, and sees tables and tab bars appear or change", async () => {
    const root = document.createElement("div");
    root.innerHTML =
      '<div contenteditable="true"><p>标题</p></div><div class="ant-table"><table></table></div>';
    document.body.append(root);
    const field = root.querySelector("p") as HTMLElement;
    const typed = await recordsOf(root, () => {
      field.append("一");
      field.append(document.createElement("br"));
    });
    expect(typed.length).toBeGreaterThan(0);
    expect(touchesRepairedParts(typed)).toBe(false);

    const table = root.querySelector("table") as HTMLElement;
    expect(
      touchesRepairedParts(await recordsOf(root, () => table.append(document.createElement("tr")))),
    ).toBe(true);
    const tabs = document.createElement("div");
    tabs.innerHTML = '<div class="ant-tabs-nav" role="tablist"></div>';
    expect(touchesRepairedParts(await recordsOf(root, () => root.append(tabs)))).toBe(true);
    root.remove();
  });
});
