import type { Option, Question } from "@wjgj/core";
import { type SjsValue, valueOfOptionId } from "./surveyjs-values.ts";

type Json = Record<string, unknown>;

export function choiceValue(question: Question, option: Option): SjsValue {
  if (question.type === "trueFalse" && (option.id === "true" || option.id === "false"))
    return option.id === "true";
  return valueOfOptionId(option.id, option.label);
}

function choices(question: Question, options: readonly Option[]): Json[] {
  return options.map((option) => {
    const choice: Json = { value: choiceValue(question, option), text: option.label };
    if (option.image) choice.imageLink = option.image;
    if (option.exclusive) choice.isExclusive = true;
    return choice;
  });
}

function rowsOf(options: readonly Option[]): Json[] {
  return options.map((option) => ({ value: valueOfOptionId(option.id, option.label), text: option.label }));
}

/** Choice questions: 其他 and 以上都不是 go back to SurveyJS's own items. */
function choiceElement(question: Question & { config: { options: Option[] } }, type: string): Json {
  const options = question.config.options;
  const other = options.find((option) => option.other);
  const none = options.find((option) => option.exclusive && option.id === "none");
  const rest = options.filter((option) => option !== other && option !== none);
  const element: Json = { type, choices: choices(question, rest) };
  if (other) Object.assign(element, { showOtherItem: true, otherText: other.label });
  if (none) Object.assign(element, { showNoneItem: true, noneText: none.label });
  if (question.randomizeOptions) element.choicesOrder = "random";
  const columns = "columns" in question.config ? question.config.columns : undefined;
  if (typeof columns === "number" && columns > 1) element.colCount = columns;
  return element;
}

export function correctAnswerOf(question: Question): unknown {
  const rule = question.scoring;
  if (!rule) return undefined;
  if (rule.mode === "text") return rule.accepted[0];
  const options = "options" in question.config ? (question.config.options as Option[]) : [];
  const correct = options.filter((option) => option.correct).map((option) => choiceValue(question, option));
  if (correct.length === 0) return undefined;
  return rule.mode === "single" ? correct[0] : correct;
}

const inputTypes: Record<string, string> = {
  email: "email",
  url: "url",
  date: "date",
  time: "time",
  datetime: "datetime-local",
  number: "number",
  integer: "number",
  decimal: "number",
  mobile: "tel",
  landline: "tel",
};

/** A question as a SurveyJS element of the nearest type, without name, title and logic. */
export function typed(question: Question): Json {
  switch (question.type) {
    case "single":
    case "voteSingle":
    case "appointment":
      return choiceElement(question, "radiogroup");
    case "multiple":
    case "voteMultiple": {
      const element = choiceElement(question, "checkbox");
      const selection = "selection" in question.config ? question.config.selection : undefined;
      if (selection?.min) element.minSelectedChoices = selection.min;
      if (selection?.max) element.maxSelectedChoices = selection.max;
      return element;
    }
    case "dropdown":
      return {
        ...choiceElement(question, "dropdown"),
        ...(question.config.placeholder !== "请选择" ? { placeholder: question.config.placeholder } : {}),
      };
    case "trueFalse": {
      const [yes, no] = question.config.options;
      const element: Json = { type: "boolean", labelTrue: yes?.label ?? "是", labelFalse: no?.label ?? "否" };
      if (yes && yes.id !== "true") element.valueTrue = choiceValue(question, yes);
      if (no && no.id !== "false") element.valueFalse = choiceValue(question, no);
      return element;
    }
    case "imageSingle":
    case "imageMultiple":
      return {
        type: "imagepicker",
        multiSelect: question.type === "imageMultiple",
        choices: choices(question, question.config.options),
      };
    case "ranking":
      return { type: "ranking", choices: choices(question, question.config.options) };
    case "text": {
      const element: Json = { type: "text" };
      const inputType = inputTypes[question.config.format];
      if (inputType) element.inputType = inputType;
      if (question.config.placeholder) element.placeholder = question.config.placeholder;
      if (question.config.length?.max) element.maxLength = question.config.length.max;
      if (question.config.patterns.length > 0)
        element.validators = question.config.patterns.map((rule) => ({
          type: "regex",
          regex: rule.pattern,
          text: rule.message,
        }));
      return element;
    }
    case "textarea":
      return {
        type: "comment",
        rows: question.config.rows,
        ...(question.config.length?.max ? { maxLength: question.config.length.max } : {}),
        ...(question.config.placeholder ? { placeholder: question.config.placeholder } : {}),
      };
    case "number":
      return {
        type: "text",
        inputType: "number",
        ...(question.config.range?.min !== undefined ? { min: question.config.range.min } : {}),
        ...(question.config.range?.max !== undefined ? { max: question.config.range.max } : {}),
        ...(question.config.decimals === 0 ? { step: 1 } : {}),
      };
    case "date":
      return { type: "text", inputType: "date" };
    case "time":
      return { type: "text", inputType: "time" };
    case "slider":
      return {
        type: "text",
        inputType: "range",
        min: question.config.min,
        max: question.config.max,
        step: question.config.step,
      };
    default:
      return typedMore(question);
  }
}

function scaleLabels(config: { minLabel: string; maxLabel: string }): Json {
  return {
    ...(config.minLabel ? { minRateDescription: config.minLabel } : {}),
    ...(config.maxLabel ? { maxRateDescription: config.maxLabel } : {}),
  };
}

function blanksElement(
  blanks: readonly { id: string; label: string; format: string; required: boolean }[],
): Json {
  return {
    type: "multipletext",
    items: blanks.map((blank) => ({
      name: blank.id,
      title: blank.label,
      ...(inputTypes[blank.format] ? { inputType: inputTypes[blank.format] } : {}),
      ...(blank.required ? { isRequired: true } : {}),
    })),
  };
}

function typedMore(question: Question): Json {
  switch (question.type) {
    case "likert": {
      const { points, start, labels } = question.config;
      const element: Json = {
        type: "rating",
        rateMin: start,
        rateMax: start + points - 1,
        ...scaleLabels(question.config),
      };
      if (labels?.length) element.rateValues = labels.map((text, i) => ({ value: start + i, text }));
      return element;
    }
    case "star":
      return { type: "rating", rateType: "stars", rateMin: 1, rateMax: question.config.max };
    case "nps":
      return { type: "rating", rateMin: 0, rateMax: 10, ...scaleLabels(question.config) };
    case "multiBlank":
    case "inlineBlank":
      return blanksElement(question.config.blanks);
    case "matrixSingle":
      return {
        type: "matrix",
        rows: rowsOf(question.config.rows),
        columns: rowsOf(question.config.columns),
        isAllRowRequired: question.config.rowsRequired,
      };
    case "matrixScale": {
      const { scale } = question.config;
      const columns = Array.from({ length: scale.points }, (_, i) => ({
        value: scale.start + i,
        text: scale.labels?.[i] ?? String(scale.start + i),
      }));
      return {
        type: "matrix",
        rows: rowsOf(question.config.rows),
        columns,
        isAllRowRequired: question.config.rowsRequired,
      };
    }
    case "matrixMultiple":
      return {
        type: "matrixdropdown",
        rows: rowsOf(question.config.rows),
        columns: [
          { name: "answer", title: " ", cellType: "checkbox", choices: rowsOf(question.config.columns) },
        ],
        isAllRowRequired: question.config.rowsRequired,
      };
    case "matrixFill":
      return {
        type: "matrixdropdown",
        rows: rowsOf(question.config.rows),
        columns: question.config.columns.map((column) => ({
          name: String(valueOfOptionId(column.id, column.label)),
          title: column.label,
          cellType: "text",
          ...(question.config.format === "number" ? { inputType: "number" } : {}),
        })),
        isAllRowRequired: question.config.rowsRequired,
      };
    case "matrixDropdown":
      return {
        type: "matrixdropdown",
        rows: rowsOf(question.config.rows),
        columns: question.config.columns.map((column) => ({
          name: column.id,
          title: column.label,
          cellType: "dropdown",
          choices: rowsOf(column.choices),
        })),
        isAllRowRequired: question.config.rowsRequired,
      };
    case "table":
      return {
        type: "matrixdynamic",
        minRowCount: question.config.minRows,
        maxRowCount: question.config.maxRows,
        columns: question.config.columns.map((column) => ({
          name: column.id,
          title: column.label,
          cellType: column.kind === "select" ? "dropdown" : "text",
          ...(column.kind === "number" ? { inputType: "number" } : {}),
          ...(column.choices ? { choices: rowsOf(column.choices) } : {}),
          ...(column.required ? { isRequired: true } : {}),
        })),
      };
    case "allocation":
      return {
        type: "multipletext",
        items: question.config.options.map((option) => ({
          name: option.id,
          title: option.label,
          inputType: "number",
        })),
      };
    case "dateRange":
      return {
        type: "multipletext",
        items: [
          { name: "start", title: "开始日期", inputType: "date" },
          { name: "end", title: "结束日期", inputType: "date" },
        ],
      };
    case "cascader":
      return {
        type: "dropdown",
        choices: leaves(question.config.nodes, []).map((path) => ({
          value: path.join("/"),
          text: path.join("/"),
        })),
      };
    case "file":
      return {
        type: "file",
        allowMultiple: question.config.maxCount > 1,
        maxSize: Math.round(question.config.maxSizeMb * 1024 * 1024),
        ...(question.config.accept.length > 0
          ? { acceptedTypes: question.config.accept.map((extension) => `.${extension}`).join(",") }
          : {}),
      };
    case "signature":
      return { type: "signaturepad" };
    case "paragraph":
      return {
        type: "html",
        html: question.description ? `${question.title}<br>${question.description}` : question.title,
      };
    case "divider":
      return { type: "html", html: "<hr>" };
    default:
      // 地区 and 个人信息 have no SurveyJS counterpart: a text box keeps the question answerable.
      return { type: "text" };
  }
}

function leaves(nodes: readonly { label: string; children?: unknown[] }[], path: string[]): string[][] {
  return nodes.flatMap((node) => {
    const children = (node.children ?? []) as { label: string; children?: unknown[] }[];
    return children.length > 0 ? leaves(children, [...path, node.label]) : [[...path, node.label]];
  });
}
