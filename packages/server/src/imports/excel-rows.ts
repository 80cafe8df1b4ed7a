import type { Condition, OptionInput, QuestionInput, QuestionnaireKind } from "@wjgj/core";
import { type Draft, type DraftItem, type DraftPage, IdPool, ImportReport, plainToRich } from "./draft.ts";
import { type ExcelColumn, notFromSheet, type RowType, rowType } from "./excel-columns.ts";
import { importMessages as m } from "./messages.ts";

const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const items = (text: string) =>
  text
    .split(/\r?\n|[|｜]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
const withoutLetter = (text: string) => text.replace(/^[A-Za-z][.、．:：)）]\s*/, "");

function optionsOf(text: string, prefix = "o"): OptionInput[] {
  return items(text).map((raw, index) => {
    let label = withoutLetter(raw);
    const exclusive = /[[【]互斥[\]】]$/.test(label);
    if (exclusive) label = label.replace(/[[【]互斥[\]】]$/, "").trim();
    const other = /_{2,}$|[（(]请注明[)）]$/.test(label);
    if (other) label = label.replace(/_{2,}$|[（(]请注明[)）]$/, "").trim() || "其他";
    return {
      id: `${prefix}${index + 1}`,
      label: label.slice(0, 1000),
      ...(exclusive ? { exclusive: true } : {}),
      ...(other ? { other: { textRequired: false } } : {}),
    };
  });
}

function isYes(text: string): boolean {
  return ["是", "必答", "必填", "y", "yes", "true", "1", "√"].includes(text.trim().toLowerCase());
}

export interface SheetRow {
  /** The row number as Excel shows it. */
  row: number;
  cells: Partial<Record<ExcelColumn, string>>;
}

interface RowRef {
  id: string;
  type: string;
  options: OptionInput[];
}

class SheetImporter {
  readonly ids = new IdPool();
  readonly report = new ImportReport();
  readonly refs = new Map<string, RowRef>();
  readonly pages: DraftPage[] = [];
  count = 0;
  scored = false;

  constructor() {
    this.pages.push({ id: this.ids.take("p1", "p"), firstNumber: 1, items: [] });
  }

  private page(): DraftPage {
    return this.pages.at(-1) as DraftPage;
  }

  add(row: SheetRow): void {
    const cell = (column: ExcelColumn) => (row.cells[column] ?? "").trim();
    const title = cell("题目");
    const typeName = cell("题型");
    if (!title && !typeName) return;
    const kind = rowType(typeName);
    if (kind?.type === "pageBreak") {
      const page = this.page();
      if (page.items.length === 0) {
        if (title) page.title = title.slice(0, 200);
      } else
        this.pages.push({
          id: this.ids.take(undefined, "p"),
          ...(title ? { title: title.slice(0, 200) } : {}),
          firstNumber: this.count + 1,
          items: [],
        });
      return;
    }
    this.count += 1;
    const item: DraftItem = {
      question: {} as QuestionInput,
      number: this.count,
      label: title,
      prefix: m.rowAt(row.row),
    };
    const note = (text: string) => this.report.item(item, text);
    if (!kind) {
      if (notFromSheet.has(typeName.replace(/\s/g, ""))) note(m.unsupportedType(typeName));
      else note(typeName ? m.unknownType(typeName) : m.excelCell("题型", "没有填写，已跳过"));
      return;
    }
    const code = cell("编号") || `Q${this.count}`;
    const id = this.ids.take(code, "q");
    const built = buildRow(kind, cell, note);
    if (!built) return;
    const question: Record<string, unknown> = {
      id,
      type: kind.type,
      title: plainToRich(title).slice(0, 5000),
      required: kind.type === "paragraph" || kind.type === "divider" ? false : isYes(cell("必答")),
      config: built.config,
    };
    const description = cell("题目说明");
    if (description) question.description = plainToRich(description).slice(0, 20000);
    const explanation = cell("答案解析");
    if (explanation) question.explanation = explanation.slice(0, 5000);
    const scoring = scoringOf(kind.type, built.options, cell("正确答案"), cell("分值"), note);
    if (scoring) {
      question.scoring = scoring;
      this.scored = true;
    }
    const logic = cell("显示条件");
    if (logic) {
      const showIf = this.condition(logic);
      if (showIf) question.showIf = showIf;
      else note(m.logicDropped(logic));
      item.logicSource = logic;
    }
    item.question = question as QuestionInput;
    this.page().items.push(item);
    this.refs.set(code.toLowerCase(), { id, type: kind.type, options: built.options });
  }

  /** 显示条件: clauses like `Q1=A`, `Q1=男,女`, `Q3>=4`, `Q2已答`, joined by 且 (all) or 或 (any). */
  condition(text: string): Condition | null {
    const andParts = text.split(/\s*(?:且|并且|&&|&|;|；)\s*/).filter(Boolean);
    const orParts = text.split(/\s*(?:或者|或|\|\|)\s*/).filter(Boolean);
    if (andParts.length > 1 && orParts.length > 1) return null;
    const parts = andParts.length > 1 ? andParts : orParts;
    const conditions = parts.map((part) => this.clause(part));
    if (conditions.some((condition) => condition === null)) return null;
    if (conditions.length === 1) return conditions[0] as Condition;
    return { kind: andParts.length > 1 ? "all" : "any", conditions: conditions as Condition[] };
  }

  private clause(text: string): Condition | null {
    const match = /^(.+?)\s*(>=|<=|!=|≠|=|>|<|不包含|包含|已答|未答|已填|未填)\s*(.*)$/.exec(text.trim());
    if (!match) return null;
    const [, code = "", op = "", rawValue = ""] = match;
    const ref = this.refs.get(code.trim().toLowerCase());
    if (!ref) return null;
    if (op === "已答" || op === "已填") return { kind: "answered", questionId: ref.id };
    if (op === "未答" || op === "未填") return { kind: "notAnswered", questionId: ref.id };
    const value = rawValue.trim();
    if (ref.options.length > 0) {
      const ids = items(value.replace(/[,，、]/g, "|")).map((part) => optionIdOf(ref.options, part));
      if (ids.length === 0 || ids.some((optionId) => optionId === undefined)) return null;
      const optionIds = ids as string[];
      if (op === "=" || op === "包含")
        return { kind: "selected", questionId: ref.id, optionIds, match: "any" };
      if (op === "!=" || op === "≠" || op === "不包含")
        return { kind: "notSelected", questionId: ref.id, optionIds, match: "all" };
      return null;
    }
    const number = Number(value);
    const numeric = value !== "" && Number.isFinite(number);
    const compareOp = {
      "=": "eq",
      "!=": "ne",
      "≠": "ne",
      ">": "gt",
      "<": "lt",
      ">=": "ge",
      "<=": "le",
      包含: "contains",
    }[op];
    if (!compareOp || op === "不包含") return null;
    return {
      kind: "compare",
      questionId: ref.id,
      op: compareOp as "eq",
      value: numeric && op !== "包含" ? number : value,
    };
  }
}

function optionIdOf(options: readonly OptionInput[], text: string): string | undefined {
  const letter = /^[A-Za-z]$/.test(text) ? letters.indexOf(text.toUpperCase()) : -1;
  if (letter >= 0) return options[letter]?.id;
  return options.find((option) => option.label === withoutLetter(text))?.id;
}

interface Built {
  config: Record<string, unknown>;
  options: OptionInput[];
}

const choiceTypes = new Set([
  "single",
  "multiple",
  "dropdown",
  "voteSingle",
  "voteMultiple",
  "ranking",
  "allocation",
]);

function buildRow(
  kind: RowType,
  cell: (column: ExcelColumn) => string,
  note: (text: string) => void,
): Built | null {
  const type = kind.type;
  const choiceText = cell("选项");
  const options = optionsOf(choiceText);
  const labels = items(choiceText).map(withoutLetter);
  if (choiceTypes.has(type)) {
    if (options.length === 0) {
      note(m.noChoices());
      return null;
    }
    return { config: { options }, options };
  }
  if (type.startsWith("matrix")) {
    const rows = optionsOf(cell("矩阵行"), "r");
    if (rows.length === 0 || labels.length === 0) {
      note(m.excelCell(rows.length === 0 ? "矩阵行" : "选项", "没有填写，已跳过"));
      return null;
    }
    if (type === "matrixScale") {
      const points = Math.min(11, Math.max(2, labels.length));
      const scale = {
        points,
        start: 1,
        minLabel: "",
        maxLabel: "",
        labels: labels.slice(0, points).map((label) => label.slice(0, 50)),
      };
      return { config: { rows, scale }, options: rows };
    }
    return { config: { rows, columns: optionsOf(choiceText, "c") }, options: [] };
  }
  switch (type) {
    case "trueFalse": {
      const pair = labels.length === 2 ? labels : ["对", "错"];
      const trueFalse = [
        { id: "true", label: pair[0] ?? "对" },
        { id: "false", label: pair[1] ?? "错" },
      ];
      return { config: { options: trueFalse }, options: trueFalse };
    }
    case "multiBlank": {
      const blanks = (labels.length > 0 ? labels : ["填空1"]).slice(0, 50).map((label, index) => ({
        id: `b${index + 1}`,
        label: label.slice(0, 200),
      }));
      return { config: { blanks }, options: [] };
    }
    case "star": {
      const max = labels.length >= 2 ? Math.min(10, labels.length) : 5;
      return {
        config: {
          max,
          ...(labels.length >= 2 ? { labels: labels.slice(0, max).map((l) => l.slice(0, 50)) } : {}),
        },
        options: [],
      };
    }
    case "likert": {
      if (labels.length < 2) return { config: { points: 5, start: 1 }, options: [] };
      const points = Math.min(11, labels.length);
      const chosen = labels.slice(0, points).map((label) => label.slice(0, 50));
      return {
        config: { points, start: 1, minLabel: chosen[0], maxLabel: chosen.at(-1), labels: chosen },
        options: [],
      };
    }
    case "slider": {
      const [min = 0, max = 100, step = 1] = labels.map(Number);
      return max > min && step > 0
        ? { config: { min, max, step }, options: [] }
        : { config: {}, options: [] };
    }
    case "number": {
      const [min, max] = labels.map(Number);
      const range = {
        ...(min !== undefined && Number.isFinite(min) ? { min } : {}),
        ...(max !== undefined && Number.isFinite(max) ? { max } : {}),
      };
      return { config: Object.keys(range).length > 0 ? { range } : {}, options: [] };
    }
    case "personal":
      return { config: { preset: kind.preset ?? "name" }, options: [] };
    case "text":
      return { config: { format: "none" }, options: [] };
    case "paragraph":
    case "divider":
    case "textarea":
    case "date":
    case "time":
    case "dateRange":
    case "nps":
    case "file":
    case "signature":
    case "region":
      return { config: {}, options: [] };
    default:
      note(m.unsupportedType(type));
      return null;
  }
}

function scoringOf(
  type: string,
  options: readonly OptionInput[],
  answer: string,
  pointsText: string,
  note: (text: string) => void,
): Record<string, unknown> | undefined {
  if (!answer) return undefined;
  const points = pointsText === "" ? 1 : Number(pointsText);
  if (!Number.isFinite(points) || points < 0) {
    note(m.excelCell("分值", `「${pointsText}」不是数字，评分已忽略`));
    return undefined;
  }
  if (type === "text" || type === "textarea") {
    return {
      mode: "text",
      points,
      accepted: items(answer),
      match: "exact",
      ignoreCase: true,
      ignoreSpaces: true,
    };
  }
  if (type === "trueFalse") {
    const yes = ["对", "正确", "√", "是", "true", "t", "a"].includes(answer.toLowerCase());
    const no = ["错", "错误", "×", "否", "false", "f", "b"].includes(answer.toLowerCase());
    if (!yes && !no) {
      note(m.excelCell("正确答案", `「${answer}」应为“对”或“错”，评分已忽略`));
      return undefined;
    }
    (options[yes ? 0 : 1] as OptionInput).correct = true;
    return { mode: "single", points };
  }
  if (type !== "single" && type !== "multiple" && type !== "dropdown") {
    note(m.excelCell("正确答案", "只用于单选、多选、下拉、判断和填空题，已忽略"));
    return undefined;
  }
  const compact = answer.replace(/[\s,，、]/g, "");
  const parts = /^[A-Za-z]+$/.test(compact) ? compact.split("") : items(answer.replace(/[,，、]/g, "|"));
  const ids = parts.map((part) => optionIdOf(options, part));
  if (ids.length === 0 || ids.some((id) => id === undefined) || (type !== "multiple" && ids.length > 1)) {
    note(m.excelCell("正确答案", `「${answer}」与选项对不上，评分已忽略`));
    return undefined;
  }
  for (const option of options) if (ids.includes(option.id)) option.correct = true;
  return { mode: type === "multiple" ? "allOrNothing" : "single", points };
}

/** Sheet rows (after the header) as a draft definition, one question per row. */
export function sheetDraft(
  rows: readonly SheetRow[],
  info: { title: string; description?: string },
  kind?: QuestionnaireKind,
): Draft {
  const importer = new SheetImporter();
  for (const row of rows) importer.add(row);
  return {
    kind: kind ?? (importer.scored ? "exam" : "survey"),
    title: info.title.slice(0, 200),
    ...(info.description ? { description: plainToRich(info.description).slice(0, 20000) } : {}),
    pages: importer.pages,
    report: importer.report,
    sourceCount: importer.count,
  };
}
