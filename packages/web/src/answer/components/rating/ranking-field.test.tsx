import { fireEvent, render, screen } from "@testing-library/react";
import type { QuestionOfType } from "@wjgj/core/survey/index";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { RankingField } from "./rating-fields.tsx";

const options = [
  { id: "grow", label: "成长" },
  { id: "pay", label: "薪资" },
  { id: "team", label: "氛围" },
];

const question = {
  id: "rank",
  type: "ranking",
  title: "选工作看重什么",
  config: { options },
} as unknown as QuestionOfType<"ranking">;

/** The field as the answer page holds it: the value lives in the parent's state. */
function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <RankingField
        question={question}
        value={value}
        options={options}
        onChange={setValue}
        context={{ publicId: "x", answerToken: "t", preview: false }}
      />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

const item = (name: RegExp) => screen.getByRole("button", { name });
const order = () => JSON.parse(screen.getByTestId("value").textContent ?? "null") as string[] | null;

describe("ranking by keyboard (issue #21)", () => {
  it("moves a ranked item up and down with the arrow keys and announces where it went", () => {
    render(<Harness initial={["grow", "pay", "team"]} />);
    fireEvent.keyDown(item(/^氛围/), { key: "ArrowUp" });
    expect(order()).toEqual(["grow", "team", "pay"]);
    expect(item(/^氛围/).textContent).toContain("第 2 位");
    expect(screen.getByText(/已移到/).textContent).toBe("氛围 已移到第 2 位。当前顺序：成长、氛围、薪资");

    fireEvent.keyDown(item(/^成长/), { key: "ArrowDown", altKey: true });
    expect(order()).toEqual(["team", "grow", "pay"]);
    expect(screen.getByText(/已移到/).textContent).toBe("成长 已移到第 2 位。当前顺序：氛围、成长、薪资");
  });

  it("keeps the first item first and the last last, and leaves unranked items and other keys alone", () => {
    render(<Harness initial={["grow", "pay"]} />);
    fireEvent.keyDown(item(/^成长/), { key: "ArrowUp" });
    fireEvent.keyDown(item(/^薪资/), { key: "ArrowDown" });
    fireEvent.keyDown(item(/^氛围/), { key: "ArrowUp" });
    fireEvent.keyDown(item(/^成长/), { key: "ArrowRight" });
    expect(order()).toEqual(["grow", "pay"]);
    expect(item(/^氛围/).textContent).toContain("未排序");
  });

  it("a tap after a move announces the new order alone", () => {
    render(<Harness initial={["grow", "pay"]} />);
    fireEvent.keyDown(item(/^薪资/), { key: "ArrowUp" });
    fireEvent.click(item(/^氛围/));
    expect(order()).toEqual(["pay", "grow", "team"]);
    expect(screen.getByText(/^当前顺序/).textContent).toBe("当前顺序：薪资、成长、氛围");
  });
});
