import { render, screen } from "@testing-library/react";
import type { TextFormat } from "@wjgj/core";
import { afterEach, describe, expect, it } from "vitest";
import { text } from "../../testing/fixtures.ts";
import { ConfigForm } from "./config-form.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

const labelsShown = (format: TextFormat) => {
  render(<ConfigForm question={text("q1", "您的回答", format)} />);
  const shown = (label: string) => screen.queryAllByText(label, { selector: ".dd-field__label" }).length > 0;
  const result = { range: shown("取值范围"), dateRange: shown("日期范围"), length: shown("字数限制") };
  document.body.innerHTML = "";
  return result;
};

describe("单行文本 settings follow 填写格式", () => {
  it("offers no 取值范围 or 日期范围 when the format is 不限", () => {
    expect(labelsShown("none")).toEqual({ range: false, dateRange: false, length: true });
  });

  it("offers 取值范围 for numbers and 日期范围 for dates only", () => {
    expect(labelsShown("integer")).toEqual({ range: true, dateRange: false, length: true });
    expect(labelsShown("date")).toEqual({ range: false, dateRange: true, length: true });
  });
});
