import { render } from "@testing-library/react";
import type { Question } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { TextPreview } from "./text-preview.tsx";

const personal = (preset: string) =>
  ({ id: "p", type: "personal", title: "个人信息", config: { preset } }) as unknown as Question;

describe("the canvas shows what respondents see", () => {
  it("draws 性别 as the two choices the answer page offers, not a text box", () => {
    const { container } = render(<TextPreview question={personal("gender")} />);
    expect([...container.querySelectorAll(".dd-option__label")].map((el) => el.textContent)).toEqual([
      "男",
      "女",
    ]);
    expect(container.querySelectorAll(".dd-marker--radio")).toHaveLength(2);
    expect(container.textContent).not.toContain("请输入");
  });

  it("draws 民族 as a list to pick from and a phone number as a field to type in", () => {
    expect(render(<TextPreview question={personal("ethnicity")} />).container.textContent).toBe("请选择民族");
    expect(render(<TextPreview question={personal("mobile")} />).container.textContent).toBe("请输入手机号");
  });
});
