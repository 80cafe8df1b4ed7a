import { describe, expect, it } from "vitest";
import type { AdminSampleOrder } from "../../../api/sample-service.ts";
import { parseProgress } from "./sample-orders.tsx";

const row = { rejected: 2 } as AdminSampleOrder;

describe("parseProgress", () => {
  it("reads the accepted total, and the rejected one when given", () => {
    expect(parseProgress("12", row)).toEqual({ filled: 12, rejected: 2 });
    expect(parseProgress(" 12/3 ", row)).toEqual({ filled: 12, rejected: 3 });
    expect(parseProgress("12／3", row)).toEqual({ filled: 12, rejected: 3 });
    expect(parseProgress("12，0", row)).toEqual({ filled: 12, rejected: 0 });
  });

  it("refuses anything else with a Chinese hint", () => {
    for (const text of ["", "abc", "-1", "1.5", "12/3/4"])
      expect(() => parseProgress(text, row)).toThrow("请按“有效数”或“有效数/无效数”填写，例如 12/3");
  });
});
