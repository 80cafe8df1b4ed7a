import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { pasteHtml } from "../../../../components/rich-text/testing/paste-html.ts";
import { InlineRichText } from "./inline-rich-text.tsx";

describe("InlineRichText", () => {
  it("shows a stored title without a paragraph around it and leaves the DOM alone when its own edit comes back", async () => {
    const onChange = vi.fn();
    const { rerender } = render(<InlineRichText ariaLabel="题目标题" value="您的性别" onChange={onChange} />);
    const box = await screen.findByRole("textbox", { name: "题目标题" });
    expect(box.textContent).toBe("您的性别");
    const shown = box.firstChild;
    rerender(<InlineRichText ariaLabel="题目标题" value="您的性别" onChange={onChange} />);
    expect(box.firstChild).toBe(shown);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("rewrites the field when the value changes from outside (undo), sanitised", async () => {
    const onChange = vi.fn();
    const { rerender } = render(<InlineRichText ariaLabel="题目标题" value="新标题" onChange={onChange} />);
    rerender(
      <InlineRichText
        ariaLabel="题目标题"
        value={'旧<b>标题</b><img src="x" onerror="alert(1)">'}
        onChange={onChange}
      />,
    );
    const box = await screen.findByRole("textbox", { name: "题目标题" });
    expect(box.textContent).toBe("旧标题");
    expect(box.querySelector("strong")?.textContent).toBe("标题");
    expect(box.innerHTML).not.toContain("onerror");
    // An outside change is not an edit: it is not reported back.
    expect(onChange).not.toHaveBeenCalled();
  });

  it("pastes Word's HTML as the subset: emphasis, links and line structure kept, styles and spans dropped", async () => {
    const onChange = vi.fn();
    render(<InlineRichText ariaLabel="问卷说明" value="" onChange={onChange} />);
    const box = await screen.findByRole("textbox", { name: "问卷说明" });
    pasteHtml(
      box,
      '<p class="MsoNormal" style="mso-line-height:150%"><span style="font-family:宋体">请在<b>周五前</b>填写，' +
        '详见<a href="https://example.com/rule" style="color:red">说明</a></span><o:p></o:p></p>' +
        '<ul><li>按实际情况作答</li></ul><script>alert(1)</script><a href="javascript:alert(2)">坏链接</a>',
    );
    // Reported once the author pauses (EDIT_REPORT_DELAY_MS), not at each key.
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const html = onChange.mock.lastCall?.[0] as string;
    expect(html).toContain("<strong>周五前</strong>");
    expect(html).toContain('<a href="https://example.com/rule">说明</a>');
    expect(html).toContain("<li><p>按实际情况作答</p></li>");
    expect(html).not.toMatch(/style=|class=|<span|<o:p|script|javascript:/);
  });

  it("reports edits once typing pauses, and at once on blur or a shortcut (so undo sees them)", async () => {
    const onChange = vi.fn();
    render(<InlineRichText ariaLabel="题目标题" value="" onChange={onChange} />);
    const box = await screen.findByRole("textbox", { name: "题目标题" });
    pasteHtml(box, "<p>您的</p>");
    pasteHtml(box, "<p>性别</p>");
    expect(onChange).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange).toHaveBeenLastCalledWith("您的性别");

    pasteHtml(box, "<p>是</p>");
    fireEvent.keyDown(box, { key: "z", ctrlKey: true });
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith("您的性别是");

    pasteHtml(box, "<p>？</p>");
    act(() => {
      fireEvent.blur(box);
    });
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(onChange).toHaveBeenLastCalledWith("您的性别是？");
  });

  it("takes focus, caret at the end, in the same commit that mounts it (keys typed right after the click are kept)", () => {
    render(<InlineRichText ariaLabel="题目标题" value="您的性别" onChange={() => {}} autoFocus />);
    const box = screen.getByRole("textbox", { name: "题目标题" });
    expect(document.activeElement).toBe(box);
    const selection = window.getSelection();
    expect(selection?.anchorNode?.textContent).toBe("您的性别");
    expect(selection?.anchorOffset).toBe("您的性别".length);
  });

  it("treats an emptied field as empty, and Enter as done in single-line fields", async () => {
    const onChange = vi.fn();
    const onEnter = vi.fn();
    const { rerender } = render(
      <InlineRichText ariaLabel="问卷标题" value="x" onChange={onChange} onEnter={onEnter} />,
    );
    const box = await screen.findByRole("textbox", { name: "问卷标题" });
    const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    act(() => {
      box.dispatchEvent(enter);
    });
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(enter.defaultPrevented).toBe(true);
    rerender(<InlineRichText ariaLabel="问卷标题" value="" onChange={onChange} onEnter={onEnter} />);
    expect(box.textContent).toBe("");
  });
});
