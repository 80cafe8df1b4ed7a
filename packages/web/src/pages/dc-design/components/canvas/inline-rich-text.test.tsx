import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { InlineRichText } from "./inline-rich-text.tsx";

describe("InlineRichText", () => {
  it("reports typed HTML and leaves the DOM alone when the same value comes back", () => {
    const onChange = vi.fn();
    const { rerender } = render(<InlineRichText ariaLabel="题目标题" value="您的性别" onChange={onChange} />);
    const box = screen.getByRole("textbox", { name: "题目标题" });
    expect(box.innerHTML).toBe("您的性别");

    box.innerHTML = "您的<b>性别</b>是";
    const typed = box.firstChild;
    fireEvent.input(box);
    expect(onChange).toHaveBeenLastCalledWith("您的<b>性别</b>是");
    rerender(<InlineRichText ariaLabel="题目标题" value="您的<b>性别</b>是" onChange={onChange} />);
    // Rewriting the element would move the caret to the start while the author types.
    expect(box.firstChild).toBe(typed);
  });

  it("rewrites the element when the value changes from outside (undo), sanitised", () => {
    const { rerender } = render(<InlineRichText ariaLabel="题目标题" value="新标题" onChange={() => {}} />);
    rerender(
      <InlineRichText
        ariaLabel="题目标题"
        value={'旧标题<img src="x" onerror="alert(1)">'}
        onChange={() => {}}
      />,
    );
    const box = screen.getByRole("textbox", { name: "题目标题" });
    expect(box.textContent).toBe("旧标题");
    expect(box.innerHTML).not.toContain("onerror");
  });

  it("treats the <br> an emptied field leaves behind as empty, and Enter as done in single-line fields", () => {
    const onChange = vi.fn();
    const onEnter = vi.fn();
    render(<InlineRichText ariaLabel="问卷标题" value="x" onChange={onChange} onEnter={onEnter} />);
    const box = screen.getByRole("textbox", { name: "问卷标题" });
    box.innerHTML = "<br>";
    fireEvent.input(box);
    expect(onChange).toHaveBeenLastCalledWith("");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onEnter).toHaveBeenCalledTimes(1);
  });
});
