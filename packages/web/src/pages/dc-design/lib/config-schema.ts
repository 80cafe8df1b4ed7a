import {
  getQuestionType,
  isNumericFormat,
  personalPresetNames,
  type TextFormat,
  textFormatNames,
} from "@wjgj/core";
import { optionListKeys } from "./question-meta.ts";

/** The part of JSON Schema the settings form reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: unknown;
  pattern?: string;
  maxLength?: number;
}

/** How the settings panel edits one config field. */
export type FieldKind =
  | { kind: "number"; integer: boolean; min?: number; max?: number }
  | { kind: "boolean" }
  | { kind: "enum"; values: string[] }
  | { kind: "text"; maxLength?: number }
  | { kind: "range"; bound: "number" | "integer" | "time" | "date"; hasLevel: boolean }
  | { kind: "object"; fields: ConfigField[] }
  | { kind: "stringList" }
  | { kind: "blanks" }
  | { kind: "patterns" }
  | { kind: "members" }
  | { kind: "tree" }
  | { kind: "columns" };

export interface ConfigField {
  key: string;
  label: string;
  field: FieldKind;
  /** The schema default, restored when a required number is cleared. */
  defaultValue?: unknown;
}

const labels: Record<string, string> = {
  columns: "每行显示列数",
  showLabels: "显示图片标题",
  placeholder: "提示文字",
  showResults: "投票结果",
  format: "填写格式",
  length: "字数限制",
  range: "取值范围",
  dateRange: "日期范围",
  unique: "不允许重复",
  rows: "输入框行数",
  decimals: "小数位数",
  unit: "单位",
  maxDays: "最多天数",
  max: "最大值",
  min: "最小值",
  labels: "各级说明",
  minLabel: "最小值说明",
  maxLabel: "最大值说明",
  points: "量表级数",
  start: "起始分值",
  step: "步长",
  total: "分配总数",
  rankCount: "只排前几项",
  rowsRequired: "每行都须作答",
  selection: "可选数量",
  scale: "量表",
  minRows: "最少行数",
  maxRows: "最多行数",
  accept: "允许的文件类型",
  maxSizeMb: "单个文件上限(MB)",
  maxCount: "最多文件数",
  sensitive: "敏感文件（加密保存，查看需授权）",
  width: "画板宽度",
  height: "画板高度",
  lineWidth: "笔迹粗细",
  lineColor: "笔迹颜色",
  crop: "裁掉空白",
  levels: "级数",
  preset: "信息类型",
  align: "对齐方式",
  style: "线型",
  blanks: "填空项",
  patterns: "自定义校验",
  memberIds: "题组成员",
  nodes: "选项层级",
};

/** Per-type overrides where one key means different things. */
const typeLabels: Record<string, Record<string, string>> = {
  star: { max: "星星数量" },
  cascader: { levels: "各级名称" },
  region: { levels: "级数（省/市/区）" },
  matrixDropdown: { columns: "列（下拉）" },
  table: { columns: "列" },
};

export const enumLabels: Record<string, Record<string, string>> = {
  format: textFormatNames,
  preset: personalPresetNames,
  showResults: { never: "不显示", afterVote: "投票后可见", always: "始终可见" },
  align: { left: "左对齐", center: "居中" },
  style: { solid: "实线", dashed: "虚线" },
  kind: { text: "文本", number: "数字", select: "下拉选择" },
};

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

function boundKind(schema: JsonSchema | undefined): "number" | "integer" | "time" | "date" | null {
  if (!schema) return null;
  if (schema.oneOf || schema.anyOf) return "date";
  const type = typeOf(schema);
  if (type === "integer" || type === "number") return type;
  if (type === "string") return "time";
  return null;
}

function classify(type: string, key: string, schema: JsonSchema): FieldKind | null {
  if (key === "blanks") return { kind: "blanks" };
  if (key === "patterns") return { kind: "patterns" };
  if (key === "memberIds") return { kind: "members" };
  if (key === "nodes") return { kind: "tree" };
  if (key === "columns" && (type === "matrixDropdown" || type === "table")) return { kind: "columns" };
  const schemaType = typeOf(schema);
  if (schema.enum) return { kind: "enum", values: schema.enum.map(String) };
  if (schemaType === "boolean") return { kind: "boolean" };
  if (schemaType === "integer" || schemaType === "number") {
    const min =
      schema.minimum ??
      (schema.exclusiveMinimum !== undefined
        ? schema.exclusiveMinimum + (schemaType === "integer" ? 1 : 0)
        : undefined);
    const max = schema.maximum !== undefined && schema.maximum < 1e9 ? schema.maximum : undefined;
    return { kind: "number", integer: schemaType === "integer", min, max };
  }
  if (schemaType === "string") return { kind: "text", maxLength: schema.maxLength };
  if (schemaType === "array" && typeOf(schema.items ?? {}) === "string") return { kind: "stringList" };
  if (schemaType === "object" && schema.properties) {
    const props = schema.properties;
    const bound = boundKind(props.min ?? props.max);
    if ((props.min || props.max) && bound) return { kind: "range", bound, hasLevel: Boolean(props.level) };
    const fields = fieldsOf(type, props);
    return fields.length > 0 ? { kind: "object", fields } : null;
  }
  return null;
}

function fieldsOf(type: string, properties: Record<string, JsonSchema>): ConfigField[] {
  const skip = new Set<string>(optionListKeys(type));
  const fields: ConfigField[] = [];
  for (const [key, schema] of Object.entries(properties)) {
    if (skip.has(key)) continue;
    const field = classify(type, key, schema);
    if (!field) continue;
    fields.push({
      key,
      label: typeLabels[type]?.[key] ?? labels[key] ?? key,
      field,
      defaultValue: schema.default,
    });
  }
  return fields;
}

const cache = new Map<string, ConfigField[]>();

/**
 * The editable fields of a type's config, derived from the registry's zod schema (as JSON Schema), so a new
 * config option in core shows up in the designer without designer changes. Option lists are edited on the
 * canvas and in the option settings, so they are left out here.
 */
export function configFieldsOf(type: string): ConfigField[] {
  const cached = cache.get(type);
  if (cached) return cached;
  const module = getQuestionType(type);
  if (!module) return [];
  const schema = module.configSchema.toJSONSchema({ io: "input", unrepresentable: "any" }) as JsonSchema;
  const fields = fieldsOf(type, schema.properties ?? {});
  cache.set(type, fields);
  return fields;
}

/**
 * Rules that mean something only for some 填写格式: a 取值范围 on a 不限 text checks nothing, so it is
 * not offered (the stored value stays, and returns when the format does).
 */
export function fieldApplies(key: string, config: Record<string, unknown>): boolean {
  if (typeof config.format !== "string") return true;
  const format = config.format as TextFormat;
  if (key === "range") return isNumericFormat(format);
  if (key === "dateRange") return format === "date";
  return true;
}
