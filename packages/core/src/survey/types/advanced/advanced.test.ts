import { describe, expect, it } from "vitest";
import { dividerType } from "../layout/divider.ts";
import { groupType } from "../layout/group.ts";
import { pageBreakType } from "../layout/page-break.ts";
import { paragraphType } from "../layout/paragraph.ts";
import { appointmentType } from "./appointment.ts";
import { fileUploadType } from "./file-upload.ts";
import { personalType } from "./personal.ts";
import { regionType } from "./region.ts";
import { isTypedSignature, signatureImage, signatureType, TYPED_SIGNATURE_MARK } from "./signature.ts";

const env = { today: "2024-06-15", options: [] };
const codes = (issues: { code: string }[]) => issues.map((issue) => issue.code);

describe("文件上传", () => {
  const config = fileUploadType.configSchema.parse({ accept: ["pdf", "docx"], maxSizeMb: 1, maxCount: 2 });
  const file = (name: string, size: number) => ({ fileId: name, name, size });

  it("limits types, size and count", () => {
    expect(fileUploadType.validate(config, [file("简历.PDF", 1000)], env)).toEqual([]);
    expect(fileUploadType.validate(config, [file("a.exe", 10)], env)[0]?.message).toBe(
      "仅支持上传以下类型的文件：pdf、docx",
    );
    expect(codes(fileUploadType.validate(config, [file("a.pdf", 2 * 1024 * 1024)], env))).toEqual([
      "fileSize",
    ]);
    expect(
      codes(fileUploadType.validate(config, [file("a.pdf", 1), file("b.pdf", 1), file("c.pdf", 1)], env)),
    ).toEqual(["fileCount"]);
    expect(fileUploadType.stats.add(config, fileUploadType.stats.empty(config), [file("a.pdf", 5)])).toEqual({
      n: 1,
      files: 1,
      bytes: 5,
    });
  });
});

describe("电子签名", () => {
  it("needs an exported image", () => {
    const config = signatureType.defaults();
    expect(config).toMatchObject({ width: 800, height: 300, lineWidth: 4 });
    expect(signatureType.validate(config, "https://cdn.example.com/sign/1.png", env)).toEqual([]);
    expect(signatureType.validate(config, "data:image/png;base64,iVBORw0KGgo=", env)).toEqual([]);
    expect(codes(signatureType.validate(config, "javascript:alert(1)", env))).toEqual(["signatureEmpty"]);
    expect(signatureType.isEmpty("")).toBe(true);
  });

  it("accepts a typed-name signature, marked as typed, and only that mark", () => {
    const config = signatureType.defaults();
    const typed = `/uploads/2026-11/ab12.png${TYPED_SIGNATURE_MARK}`;
    expect(signatureType.validate(config, typed, env)).toEqual([]);
    expect(signatureType.validate(config, "data:image/png;base64,iVBORw0KGgo=#typed", env)).toEqual([]);
    expect(isTypedSignature(typed)).toBe(true);
    expect(signatureImage(typed)).toBe("/uploads/2026-11/ab12.png");
    expect(signatureImage("/uploads/2026-11/ab12.png")).toBe("/uploads/2026-11/ab12.png");
    expect(signatureType.toText(config, typed, [])).toBe("[签名（键入姓名）]");
    expect(signatureType.toText(config, "/uploads/2026-11/ab12.png", [])).toBe("[签名]");
    expect(codes(signatureType.validate(config, "/uploads/a.png#other", env))).toEqual(["signatureEmpty"]);
  });
});

describe("省市区", () => {
  it("checks the level count and code hierarchy", () => {
    const config = regionType.configSchema.parse({ levels: 3 });
    expect(regionType.validate(config, { codes: ["330000", "330100", "330106"] }, env)).toEqual([]);
    expect(codes(regionType.validate(config, { codes: ["330000", "330100"] }, env))).toEqual([
      "regionLevels",
    ]);
    expect(codes(regionType.validate(config, { codes: ["330000", "320100", "320106"] }, env))).toEqual([
      "regionCode",
    ]);
    const two = regionType.configSchema.parse({ levels: 2 });
    expect(
      regionType.validate(two, { codes: ["110000", "110100"], names: ["北京市", "市辖区"] }, env),
    ).toEqual([]);
    expect(regionType.toText(two, { codes: ["110000", "110100"], names: ["北京市", "市辖区"] }, [])).toBe(
      "北京市市辖区",
    );
    expect(regionType.stats.add(two, regionType.stats.empty(two), { codes: ["110000", "110100"] })).toEqual({
      n: 1,
      counts: { "110000": 1 },
    });
  });
});

describe("个人信息", () => {
  const cases: [string, string, string][] = [
    ["name", "张三", "1"],
    ["gender", "女", "未知"],
    ["age", "35", "200"],
    ["mobile", "13812345678", "12345"],
    ["email", "a@b.cn", "a@"],
    ["idCard", "11010519491231002X", "110105194912310021"],
    ["studentId", "2024-001", "学号 1"],
    ["employeeId", "E1001", ""],
    ["department", "研发部", "部".repeat(51)],
    ["ethnicity", "壮族", "火星族"],
  ];
  it.each(cases)("%s accepts %s and rejects %s", (preset, ok, bad) => {
    const config = personalType.configSchema.parse({ preset });
    expect(personalType.validate(config, ok, env)).toEqual([]);
    expect(codes(personalType.validate(config, bad, env))).toEqual(["format"]);
  });

  it("names what to type in its messages: 手机号 and 身份证号, not the fields' short names", () => {
    const message = (preset: string, bad: string) =>
      personalType.validate(personalType.configSchema.parse({ preset }), bad, env)[0]?.message;
    expect(message("mobile", "12345")).toBe("请输入正确的手机号");
    expect(message("idCard", "110105194912310021")).toBe("请输入正确的身份证号");
    expect(message("email", "a@")).toBe("请输入正确的邮箱");
  });

  it("counts closed vocabularies only and gives age as a number", () => {
    const gender = personalType.configSchema.parse({ preset: "gender" });
    const mobile = personalType.configSchema.parse({ preset: "mobile" });
    expect(personalType.stats.add(gender, personalType.stats.empty(gender), "男")).toEqual({
      n: 1,
      counts: { 男: 1 },
    });
    expect(personalType.stats.add(mobile, personalType.stats.empty(mobile), "13812345678")).toEqual({
      n: 1,
      counts: {},
    });
    expect(personalType.toValue(personalType.configSchema.parse({ preset: "age" }), "35", [])).toBe(35);
  });
});

describe("预约时段", () => {
  it("requires a capacity per slot and validates like a single choice", () => {
    expect(appointmentType.configSchema.safeParse({ options: [{ id: "s1", label: "上午" }] }).success).toBe(
      false,
    );
    const config = appointmentType.defaults();
    expect(appointmentType.validate(config, { optionId: "s1" }, { ...env, options: config.options })).toEqual(
      [],
    );
    expect(
      codes(appointmentType.validate(config, { optionId: "s9" }, { ...env, options: config.options })),
    ).toEqual(["hiddenOption"]);
  });
});

describe("layout items", () => {
  it("take no answer and keep trivial statistics", () => {
    for (const layout of [paragraphType, dividerType, pageBreakType, groupType]) {
      expect(layout.answerable).toBe(false);
      expect(layout.answerSchema.safeParse("x").success).toBe(false);
      expect(layout.stats.merge({ n: 1 }, { n: 2 })).toEqual({ n: 3 });
    }
    expect(groupType.configSchema.parse({ memberIds: ["q2"] })).toEqual({ memberIds: ["q2"] });
  });
});
