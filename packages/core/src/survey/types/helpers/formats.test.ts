import { describe, expect, it } from "vitest";
import { matchesFormat, type TextFormat, textFormats } from "./formats.ts";
import { isValidIdCard } from "./id-card.ts";

const cases: Record<TextFormat, { ok: string[]; bad: string[] }> = {
  none: { ok: ["任何内容", ""], bad: [] },
  number: { ok: ["12", "-3.5", "+0.25"], bad: ["1e5", "abc", "1.2.3"] },
  integer: { ok: ["42", "-7"], bad: ["4.2", "四十二"] },
  decimal: { ok: ["4.20", "-0.5"], bad: ["4", "abc"] },
  date: { ok: ["2024-02-29"], bad: ["2023-02-29", "2024-13-01", "2024/01/01"] },
  time: { ok: ["09:30", "23:59:59"], bad: ["24:00", "9:30"] },
  datetime: { ok: ["2024-06-15 09:30", "2024-06-15T09:30:00"], bad: ["2024-06-15", "2024-06-15 25:00"] },
  email: { ok: ["zhang.san@example.com.cn"], bad: ["zhang@", "@example.com", "a b@c.com"] },
  mobile: { ok: ["13812345678", "19912345678"], bad: ["12812345678", "1381234567", "138123456789"] },
  landline: {
    ok: ["010-62345678", "0571-8765432", "62345678", "021-61234567-123"],
    bad: ["123", "010-1234"],
  },
  idCard: {
    ok: ["11010519491231002X", "110101199003070011"],
    bad: ["110101199003070012", "110101199002300017"],
  },
  chinese: { ok: ["张三", "阿依古丽·买买提"], bad: ["张三a", "Zhang"] },
  english: { ok: ["John Smith", "O'Neil"], bad: ["张三", "123"] },
  url: { ok: ["https://www.example.com/a?b=1", "http://wjx.cn"], bad: ["www.example.com", "ftp://x.com"] },
  postcode: { ok: ["100080"], bad: ["10008", "1000800"] },
  plate: { ok: ["京A12345", "沪AD12345", "粤B1234学"], bad: ["A12345", "京I12345", "京A1234"] },
  qq: { ok: ["10001", "123456789012"], bad: ["0123456", "1234", "1234567890123"] },
};

describe("text formats", () => {
  for (const format of textFormats) {
    it(`${format}: accepts valid and rejects invalid values`, () => {
      for (const value of cases[format].ok) expect(matchesFormat(format, value), value).toBe(true);
      for (const value of cases[format].bad) expect(matchesFormat(format, value), value).toBe(false);
    });
  }

  it("id card: the check digit, birth date and the lower-case x are honoured", () => {
    expect(isValidIdCard("11010519491231002x")).toBe(true);
    expect(isValidIdCard("110105194912310021")).toBe(false);
    expect(isValidIdCard("110105180012310028")).toBe(false);
  });
});
