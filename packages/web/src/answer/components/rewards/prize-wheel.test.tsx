import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PrizeWheel } from "./prize-wheel.tsx";

describe("the prize wheel", () => {
  it("turns the text of the labels in its lower half, so every prize reads upright at rest", () => {
    // Four prizes and 谢谢参与: five slices of 72°, their middles at 36°, 108°, 180°, 252° and 324°.
    const prizes = ["保温杯", "雨伞", "笔记本", "帆布袋"].map((name) => ({
      name,
      image: "",
      prizeType: "physical" as const,
    }));
    const { container } = render(
      <PrizeWheel
        offer={{ prizes, result: null, needsPhone: false, publicWinners: false }}
        proof={{ responseId: 1, idempotencyKey: "k" }}
        publicId="abc123"
      />,
    );
    const turned = [...container.querySelectorAll(".wa-wheel-text")].map((text) => [
      text.textContent,
      text.classList.contains("is-turned"),
    ]);
    expect(turned).toEqual([
      ["保温杯", false],
      ["雨伞", true],
      ["笔记本", true],
      ["帆布袋", true],
      ["谢谢参与", false],
    ]);
  });
});
