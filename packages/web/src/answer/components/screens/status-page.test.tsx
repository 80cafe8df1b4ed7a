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
