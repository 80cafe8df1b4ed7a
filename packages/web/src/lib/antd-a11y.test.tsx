import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Input, Modal, Tabs } from "antd";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { handleDialogFocusIn, repairAntdA11y, watchAntdA11y } from "./antd-a11y.ts";

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

describe("a dialog's first focus", { timeout: 30_000 }, () => {
  function Dialogs({ field }: { field: boolean }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          打开
        </button>
        <Modal title="重命名问卷" open={open} onCancel={() => setOpen(false)} footer={null}>
          {field ? <Input aria-label="问卷名称" /> : <p>确定要删除吗？</p>}
        </Modal>
      </>
    );
  }

  it("moves from the dialog's outer box to its first field", async () => {
    const stop = watchAntdA11y(document);
    try {
      render(<Dialogs field />);
      const opener = screen.getByRole("button", { name: "打开" });
      opener.focus();
      fireEvent.click(opener);
      await waitFor(
        () => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "问卷名称" })),
        { timeout: 10_000 },
      );
    } finally {
      stop();
    }
  });

  it("moves to the title when the dialog has no field, and leaves focus from inside alone", async () => {
    const stop = watchAntdA11y(document);
    try {
      render(<Dialogs field={false} />);
      const opener = screen.getByRole("button", { name: "打开" });
      opener.focus();
      fireEvent.click(opener);
      const title = await screen.findByText("重命名问卷");
      await waitFor(() => expect(document.activeElement).toBe(title), { timeout: 10_000 });
      expect(title.getAttribute("tabindex")).toBe("-1");

      // A click on the dialog's blank area focuses its box from inside: focus stays there.
      const box = screen.getByRole("dialog");
      box.dispatchEvent(new FocusEvent("focusin", { bubbles: true, relatedTarget: title }));
      expect(document.activeElement).toBe(title);
    } finally {
      stop();
    }
  });

  it("ignores focus on anything that is not a dialog's outer box", () => {
    const field = document.createElement("input");
    document.body.append(field);
    field.focus();
    handleDialogFocusIn(new FocusEvent("focusin", { relatedTarget: null }));
    expect(document.activeElement).toBe(field);
    field.remove();
  });
});
