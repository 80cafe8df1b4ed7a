import { describe, expect, it } from "vitest";
import { maskPersonalValue } from "./personal-data.ts";

const personal = (preset: string) => ({ type: "personal", config: { preset } });
const text = (format: string) => ({ type: "text", config: { format } });

describe("maskPersonalValue", () => {
  it("masks names, phones, ID cards and e-mail the way Chinese products show them", () => {
    expect(maskPersonalValue(personal("name"), "张三")).toBe("张*");
    expect(maskPersonalValue(personal("name"), "欧阳娜娜")).toBe("欧***");
    expect(maskPersonalValue(personal("mobile"), "13812345678")).toBe("138****5678");
    expect(maskPersonalValue(text("mobile"), "13812345678")).toBe("138****5678");
    expect(maskPersonalValue(personal("idCard"), "110101199003071234")).toBe("110***********1234");
    expect(maskPersonalValue(personal("email"), "zhang@example.com")).toBe("z***@example.com");
    expect(maskPersonalValue(personal("employeeId"), "E20240017")).toBe("*****0017");
    expect(maskPersonalValue(text("qq"), "12345")).toBe("*2345");
    expect(maskPersonalValue({ type: "signature", config: {} }, "/wjgj/api/upload/file/sig-1")).toBe(
      "（签名已隐藏）",
    );
  });

  it("never shows a short value whole, and leaves nothing of an empty one", () => {
    expect(maskPersonalValue(personal("mobile"), "1234")).toBe("1***");
    expect(maskPersonalValue(personal("studentId"), "12")).toBe("1*");
    expect(maskPersonalValue(personal("name"), "  ")).toBe("");
  });
});
