import { describe, expect, it } from "vitest";
import { leadFieldErrors, leadPayload } from "./lead-fields.ts";

describe("leadFieldErrors", () => {
  it("maps the server's field errors to form fields and drops unknown ones", () => {
    expect(
      leadFieldErrors([
        { field: "name", message: "请填写姓名（不超过40个字符）" },
        { field: "phone", message: "请输入正确的11位手机号" },
        { field: "kind", message: "类型不正确" },
        { field: "phone", message: "第二条" },
      ]),
    ).toEqual([
      { name: "name", errors: ["请填写姓名（不超过40个字符）"] },
      { name: "phone", errors: ["请输入正确的11位手机号", "第二条"] },
    ]);
    expect(leadFieldErrors([])).toEqual([]);
  });
});

describe("leadPayload", () => {
  it("trims values and leaves out empty optional fields", () => {
    expect(leadPayload({ name: " 王经理 ", phone: "13912345678 ", company: "  ", email: "a@b.cn" })).toEqual({
      name: "王经理",
      phone: "13912345678",
      email: "a@b.cn",
    });
  });
});
