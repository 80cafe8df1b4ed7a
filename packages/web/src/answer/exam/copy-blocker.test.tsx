import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { blockCopy } from "./copy-blocker.ts";

function Paper() {
  const [text, setText] = useState("");
  return (
    <div className="wa-questions">
      <h3>1. 勾股定理的内容是什么？</h3>
      <textarea aria-label="答案" value={text} onChange={(event) => setText(event.target.value)} />
      <p>{`已输入：${text}`}</p>
    </div>
  );
}

const cancelled = (target: Element, type: string) => {
  const event = new Event(type, { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
};

describe("blockCopy", () => {
  let undo: (() => void) | undefined;
  afterEach(() => undo?.());

  it("refuses copy, cut, paste and the context menu on the questions and says so", () => {
    const onBlocked = vi.fn();
    render(<Paper />);
    undo = blockCopy(document, onBlocked);
    const title = screen.getByText("1. 勾股定理的内容是什么？");
    for (const type of ["copy", "cut", "paste", "contextmenu", "selectstart"])
      expect(cancelled(title, type)).toBe(true);
    expect(onBlocked.mock.calls.map(([kind]) => kind)).toEqual(["copy", "cut", "paste", "contextmenu"]);
    // Pasting into the answer is refused too.
    expect(cancelled(screen.getByLabelText("答案"), "paste")).toBe(true);
  });

  it("lets the candidate type and select in the answer box", () => {
    render(<Paper />);
    const onBlocked = vi.fn();
    undo = blockCopy(document, onBlocked);
    const box = screen.getByLabelText("答案");
    // Every event of a keystroke goes through untouched…
    for (const type of ["keydown", "keypress", "beforeinput", "input", "keyup", "selectstart"])
      expect(cancelled(box, type)).toBe(false);
    // …and the text arrives in the answer.
    fireEvent.input(box, { target: { value: "a²+b²=c²" } });
    expect(screen.getByText("已输入：a²+b²=c²")).toBeTruthy();
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it("is undone when the exam ends", () => {
    render(<Paper />);
    blockCopy(document, vi.fn())();
    expect(cancelled(screen.getByText("1. 勾股定理的内容是什么？"), "copy")).toBe(false);
  });
});
