import { z } from "zod";
import { toNumber } from "../../expression/value.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { addChoice, type ChoiceStats, emptyChoiceStats, mergeChoice } from "../helpers/counters.ts";
import { matchesFormat } from "../helpers/formats.ts";
import { textLength } from "../helpers/text-rules.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";
import { ethnicGroups } from "./ethnic-groups.ts";

export const personalPresets = [
  "name",
  "gender",
  "age",
  "mobile",
  "email",
  "idCard",
  "studentId",
  "employeeId",
  "department",
  "ethnicity",
] as const;
export type PersonalPreset = (typeof personalPresets)[number];

export const personalPresetNames: Record<PersonalPreset, string> = {
  name: "姓名",
  gender: "性别",
  age: "年龄",
  mobile: "手机",
  email: "邮箱",
  idCard: "身份证",
  studentId: "学号",
  employeeId: "工号",
  department: "部门",
  ethnicity: "民族",
};

/**
 * What a respondent is asked to type for each preset (请输入正确的手机号, 请输入手机号): the names above are the
 * fields' own (the designer's choice list and the Excel import's type words), where 手机 and 身份证 read right.
 */
export const personalPresetValueNames: Record<PersonalPreset, string> = {
  ...personalPresetNames,
  mobile: "手机号",
  idCard: "身份证号",
};

const configSchema = z.object({
  preset: z.enum(personalPresets),
  /** 不允许重复 (e.g. one response per 手机 or 学号); the server enforces it with `uniqueValue`. */
  unique: z.boolean().default(false),
});
export type PersonalConfig = z.output<typeof configSchema>;

const genders = ["男", "女"];
const countedPresets = new Set<PersonalPreset>(["gender", "ethnicity"]);

function presetValid(preset: PersonalPreset, value: string): boolean {
  switch (preset) {
    case "name":
      return textLength(value) >= 2 && textLength(value) <= 30 && /^[\p{L}·.\s]+$/u.test(value);
    case "gender":
      return genders.includes(value);
    case "age": {
      const age = toNumber(value);
      return age !== null && Number.isInteger(age) && age >= 0 && age <= 150;
    }
    case "mobile":
      return matchesFormat("mobile", value);
    case "email":
      return matchesFormat("email", value);
    case "idCard":
      return matchesFormat("idCard", value);
    case "studentId":
    case "employeeId":
      return /^[A-Za-z0-9-]{1,30}$/.test(value);
    case "department":
      return textLength(value) <= 50;
    case "ethnicity":
      return (ethnicGroups as readonly string[]).includes(value);
  }
}

function validatePersonal(config: PersonalConfig, answer: string): Issue[] {
  return presetValid(config.preset, answer.trim())
    ? []
    : [error("format", m.format(personalPresetValueNames[config.preset]))];
}

/** 个人信息: one preset field per question. `$id` is the text, a number for 年龄. */
export const personalType = defineQuestionType({
  type: "personal",
  name: questionTypeNames.personal,
  group: "advanced",
  configSchema,
  answerSchema: z.string().max(100),
  answerable: true,
  valueType: "any",
  valueTypeOf: (config, key) => {
    if (key !== undefined) return undefined;
    return config.preset === "age" ? "number" : "string";
  },
  // Case-insensitive identifiers: 身份证 check letters and e-mail addresses are compared folded.
  uniqueValue: (config, answer) => {
    if (!config.unique) return null;
    const value = answer.trim();
    return config.preset === "idCard" || config.preset === "email" ? value.toUpperCase() : value;
  },
  scoringModes: [],
  defaults: (): PersonalConfig => ({ preset: "name", unique: false }),
  isEmpty: (answer) => answer.trim() === "",
  validate: validatePersonal,
  toText: (_config, answer) => answer.trim(),
  toValue: (config, answer) => (config.preset === "age" ? toNumber(answer) : answer.trim()),
  // Only closed vocabularies are counted; identifiers would make unbounded, personal counters.
  stats: {
    empty: (): ChoiceStats => emptyChoiceStats,
    add: (config, state, answer) =>
      addChoice(state, countedPresets.has(config.preset) ? [answer.trim()] : []),
    merge: mergeChoice,
  },
});
