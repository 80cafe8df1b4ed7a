import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatusPage } from "./status-page.tsx";

describe("StatusPage", () => {
  it("draws the paused questionnaire's icon as two bars, not the numeral Ⅱ", () => {
    const { container } = render(<StatusPage kind="stopped" message="问卷已暂停，请稍后再来" />);
    const icon = container.querySelector(".wa-status-icon");
    expect(icon?.textContent).toBe("");
    expect(icon?.querySelector('svg[data-icon="pause"] rect')).not.toBeNull();
  });
});

describe("StatusPage of an ended questionnaire", () => {
  it("draws a stop mark, not the ✓ a successful submission shows", () => {
    const { container } = render(<StatusPage kind="ended" message="问卷已结束，感谢您的关注" />);
    const icon = container.querySelector(".wa-status-icon");
    expect(icon?.textContent).toBe("");
    expect(icon?.querySelector('svg[data-icon="ended"]')).not.toBeNull();
  });
});

describe("StatusPage of an exam or a vote", () => {
  it("names it by its kind in the heading and the next step", () => {
    const { container } = render(<StatusPage kind="ended" message="" questionnaireKind="exam" />);
    expect(container.querySelector("h1")?.textContent).toBe("考试已结束");
    expect(container.querySelector(".wa-status-msg")?.textContent).toBe(
      "这份考试已停止收集答卷，感谢您的关注。",
    );
    container.remove();
    const vote = render(<StatusPage kind="takenDown" message="" questionnaireKind="vote" />).container;
    expect(vote.querySelector("h1")?.textContent).toBe("投票已下架");
    expect(vote.querySelector(".wa-status-msg")?.textContent).toBe("这份投票已被管理员下架，暂时无法填写。");
  });

  it("keeps 问卷 for a survey and for a kind this build does not know", () => {
    for (const kind of ["survey", "poll2030", undefined]) {
      const { container } = render(<StatusPage kind="stopped" message="" questionnaireKind={kind} />);
      expect(container.querySelector("h1")?.textContent).toBe("问卷已暂停");
      container.remove();
    }
  });
});
