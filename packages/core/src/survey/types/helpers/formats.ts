import { z } from "zod";
import type { ValueType } from "../../expression/value.ts";
import { isValidDate, isValidDateTime, isValidTime } from "../../shared/dates.ts";
import { isValidIdCard } from "./id-card.ts";

export const textFormats = [
  "none",
  "number",
  "integer",
  "decimal",
  "date",
  "time",
  "datetime",
  "email",
  "mobile",
  "landline",
  "idCard",
  "chinese",
  "english",
  "url",
  "postcode",
  "plate",
  "qq",
] as const;
export type TextFormat = (typeof textFormats)[number];
export const textFormatSchema = z.enum(textFormats).default("none");

export const textFormatNames: Record<TextFormat, string> = {
  none: "不限",
  number: "数字",
  integer: "整数",
  decimal: "小数",
  date: "日期",
  time: "时间",
  datetime: "日期时间",
  email: "邮箱",
  mobile: "手机号",
  landline: "固定电话",
  idCard: "身份证号",
  chinese: "中文",
  english: "英文",
  url: "网址",
  postcode: "邮编",
  plate: "车牌号",
  qq: "QQ号",
};

const provinces = "京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领";

const patterns: Record<Exclude<TextFormat, "none" | "date" | "time" | "datetime" | "idCard">, RegExp> = {
  number: /^[-+]?(\d+(\.\d+)?|\.\d+)$/,
  integer: /^[-+]?\d+$/,
  decimal: /^[-+]?\d+\.\d+$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
  mobile: /^1[3-9]\d{9}$/,
  landline: /^(0\d{2,3}-?)?[2-9]\d{6,7}(-\d{1,6})?$/,
  chinese: /^[\u3400-\u9fff\uf900-\ufaff·]+$/,
  english: /^[A-Za-z][A-Za-z\s.,'-]*$/,
  url: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
  postcode: /^\d{6}$/,
  // Ordinary plates: province + letter + 5 alphanumerics (with 挂/学/警/港/澳 suffixes); new energy: 6.
  plate: new RegExp(
    `^[${provinces}][A-HJ-NP-Z](([A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳])|([DF][A-HJ-NP-Z0-9]{5})|([A-HJ-NP-Z0-9]{5}[DF]))$`,
  ),
  qq: /^[1-9]\d{4,11}$/,
};

export function matchesFormat(format: TextFormat, value: string): boolean {
  switch (format) {
    case "none":
      return true;
    case "date":
      return isValidDate(value);
    case "time":
      return isValidTime(value);
    case "datetime":
      return isValidDateTime(value);
    case "idCard":
      return isValidIdCard(value);
    case "number":
    case "integer":
    case "decimal":
    case "email":
    case "mobile":
    case "landline":
    case "chinese":
    case "english":
    case "url":
    case "postcode":
    case "plate":
    case "qq":
      return patterns[format].test(value);
  }
}

export function isNumericFormat(format: TextFormat): boolean {
  return format === "number" || format === "integer" || format === "decimal";
}

/** What a value in this format is to conditions and expressions (numeric formats read as numbers). */
export function formatValueType(format: TextFormat): ValueType {
  if (isNumericFormat(format)) return "number";
  if (format === "date" || format === "datetime") return "date";
  return format === "time" ? "time" : "string";
}
