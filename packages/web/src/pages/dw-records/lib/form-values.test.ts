import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import type { FieldSpec } from "../screen-config.ts";
import { formToParams, rowToForm, yuanText, yuanToFen } from "./form-values.ts";

const fields: FieldSpec[] = [
  { name: "name", label: "名称", kind: "text" },
  { name: "priceFen", label: "价格", kind: "yuan" },
  { name: "publishAt", label: "发布时间", kind: "datetime" },
  { name: "labelId", label: "标签", kind: "select" },
  { name: "visible", label: "显示", kind: "switch" },
  { name: "limits", label: "权益", kind: "limits" },
];

describe("record form values", () => {
  it("shows fen as yuan and a stored time as a date, and sends them back unchanged", () => {
    const row = {
      name: " 黄金会员 ",
      priceFen: 9990,
      publishAt: "2026-06-01 10:30:00",
      labelId: null,
      visible: true,
      limits: { questionnaires: 50, crossAnalysis: false },
    };
    const form = rowToForm(fields, row);
    expect(form.priceFen).toBe(99.9);
    expect(dayjs.isDayjs(form.publishAt)).toBe(true);
    expect(form.labelId).toBeUndefined();
    expect(formToParams(fields, form)).toEqual({
      name: "黄金会员",
      priceFen: 9990,
      publishAt: "2026-06-01 10:30:00",
      labelId: "",
      visible: true,
      limits: '{"questionnaires":50,"crossAnalysis":false}',
    });
  });

  it("rounds typed yuan to whole fen and leaves empty times out", () => {
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(19.999)).toBe(2000);
    expect(yuanText(5)).toBe("¥0.05");
    expect(formToParams(fields, { publishAt: null, visible: undefined }).publishAt).toBe("");
  });
});
