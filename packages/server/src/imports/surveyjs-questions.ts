import { isSafePattern, sanitizeRichText, type TextFormat } from "@wjgj/core";
import { importMessages as m } from "./messages.ts";
import {
  addSpecialItems,
  type BuiltOptions,
  buildOptions,
  choicesOf,
  clamp,
  type Element,
  type Mapped,
  type MapResult,
  numberOf,
  type SjsContext,
  text,
} from "./surveyjs-choices.ts";
import { matrix, matrixDropdown, matrixDynamic } from "./surveyjs-matrices.ts";
import { valueKey } from "./surveyjs-values.ts";

function withSpecials(element: Element, ctx: SjsContext): BuiltOptions & { specials: number } {
  const built = buildOptions(choicesOf(element.choices, ctx), ctx);
  return { ...built, specials: addSpecialItems(built, element, ctx) };
}

function randomizeOf(element: Element, keepLast: number): Pick<Mapped, "randomize"> {
  return element.choicesOrder === "random" ? { randomize: { keepLast } } : {};
}

function choice(element: Element, ctx: SjsContext, type: "single" | "multiple" | "dropdown"): MapResult {
  const built = withSpecials(element, ctx);
  if (built.options.length === 0) return { skip: m.noChoices() };
  const config: Record<string, unknown> = { options: built.options };
  const columns = numberOf(element.colCount);
  if (type !== "dropdown" && columns !== undefined && columns > 0) config.columns = clamp(columns, 1, 6, 1);
  if (type === "dropdown") {
    const placeholder = text(element.placeholder ?? element.optionsCaption, ctx);
    if (placeholder) config.placeholder = placeholder.slice(0, 100);
  }
  if (type === "multiple") {
    const min = numberOf(element.minSelectedChoices);
    const max = numberOf(element.maxSelectedChoices);
    if ((min !== undefined && min > 0) || (max !== undefined && max > 0))
      config.selection = {
        ...(min !== undefined && min > 0 ? { min: Math.round(min) } : {}),
        ...(max !== undefined && max > 0 ? { max: Math.round(max) } : {}),
      };
  }
  return { type, config, byValue: built.byValue, ...randomizeOf(element, built.specials) };
}

function booleanQuestion(element: Element, ctx: SjsContext): MapResult {
  const valueTrue = element.valueTrue ?? true;
  const valueFalse = element.valueFalse ?? false;
  const built = buildOptions(
    [
      { value: valueTrue, text: text(element.labelTrue, ctx) || "是" },
      { value: valueFalse, text: text(element.labelFalse, ctx) || "否" },
    ],
    ctx,
  );
  // Conditions may compare with `true`/`false` whatever the stored values are.
  const [yes, no] = built.options;
  if (yes && no) {
    built.byValue.set(valueKey(true), yes.id);
    built.byValue.set(valueKey(false), no.id);
  }
  return { type: "trueFalse", config: { options: built.options }, byValue: built.byValue };
}

function imagePicker(element: Element, ctx: SjsContext): MapResult {
  const choices = choicesOf(element.choices, ctx);
  const multiple = element.multiSelect === true;
  if (choices.length === 0) return { skip: m.noChoices() };
  if (choices.some((item) => !item.imageLink)) {
    ctx.note(m.lost("缺少地址的图片"));
    return choice(element, ctx, multiple ? "multiple" : "single");
  }
  const built = buildOptions(choices, ctx, true);
  return {
    type: multiple ? "imageMultiple" : "imageSingle",
    config: { options: built.options },
    byValue: built.byValue,
  };
}

const formatByInputType: Record<string, TextFormat> = {
  email: "email",
  url: "url",
  "datetime-local": "datetime",
  datetime: "datetime",
};

function patternsOf(element: Element, ctx: SjsContext): { pattern: string; message: string }[] {
  if (!Array.isArray(element.validators)) return [];
  return element.validators.flatMap((validator) => {
    const rule = validator as Element;
    if (rule?.type !== "regex" || typeof rule.regex !== "string" || rule.regex === "") return [];
    if (!isSafePattern(rule.regex) || rule.regex.length > 500) {
      ctx.note(m.lost(`正则校验「${rule.regex.slice(0, 30)}」`));
      return [];
    }
    return [{ pattern: rule.regex, message: (text(rule.text, ctx) || "格式不正确").slice(0, 200) }];
  });
}

function lengthOf(element: Element): Record<string, unknown> {
  const max = numberOf(element.maxLength);
  return max !== undefined && max > 0 ? { length: { max: Math.round(max) } } : {};
}

function textInput(element: Element, ctx: SjsContext): MapResult {
  const inputType = typeof element.inputType === "string" ? element.inputType : "text";
  const min = numberOf(element.min);
  const max = numberOf(element.max);
  if (inputType === "number") {
    const step = numberOf(element.step);
    const range = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    return {
      type: "number",
      config: {
        decimals: step !== undefined && Number.isInteger(step) ? 0 : 2,
        ...(Object.keys(range).length > 0 ? { range } : {}),
      },
    };
  }
  if (inputType === "range") return slider(element);
  if (inputType === "date") return { type: "date", config: {} };
  if (inputType === "time") return { type: "time", config: {} };
  const isEmail =
    Array.isArray(element.validators) &&
    element.validators.some((rule) => (rule as Element)?.type === "email");
  const placeholder = text(element.placeholder, ctx).slice(0, 200);
  return {
    type: "text",
    config: {
      format: formatByInputType[inputType] ?? (isEmail ? "email" : "none"),
      patterns: patternsOf(element, ctx),
      ...lengthOf(element),
      ...(placeholder ? { placeholder } : {}),
    },
  };
}

function slider(element: Element): MapResult {
  const min = numberOf(element.min) ?? 0;
  const max = numberOf(element.max) ?? 100;
  const step = numberOf(element.step) ?? 1;
  if (max <= min || step <= 0) return { skip: m.lost("滑块范围") };
  return { type: "slider", config: { min, max, step } };
}

function comment(element: Element, ctx: SjsContext): MapResult {
  const placeholder = text(element.placeholder, ctx).slice(0, 200);
  return {
    type: "textarea",
    config: {
      rows: clamp(numberOf(element.rows), 2, 20, 4),
      patterns: [],
      ...lengthOf(element),
      ...(placeholder ? { placeholder } : {}),
    },
  };
}

function multipleText(element: Element, ctx: SjsContext): MapResult {
  if (!Array.isArray(element.items) || element.items.length === 0) return { skip: m.lost("填空项") };
  const blanks = new Map<string, string>();
  const used = new Set<string>();
  const configs = element.items.slice(0, 50).map((raw, index) => {
    const item = (raw ?? {}) as Element;
    const name = typeof item.name === "string" ? item.name : `item${index + 1}`;
    const wanted = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(name) && !used.has(name) ? name : `b${index + 1}`;
    used.add(wanted);
    blanks.set(name, wanted);
    const inputType = typeof item.inputType === "string" ? item.inputType : "text";
    const format: TextFormat =
      inputType === "number"
        ? "number"
        : inputType === "email"
          ? "email"
          : inputType === "date"
            ? "date"
            : "none";
    return {
      id: wanted,
      label: (text(item.title, ctx) || name).slice(0, 200),
      format,
      required: item.isRequired === true,
      patterns: [],
    };
  });
  return { type: "multiBlank", config: { blanks: configs }, blanks };
}

function rating(element: Element, ctx: SjsContext): MapResult {
  const minLabel = text(element.minRateDescription, ctx).slice(0, 50);
  const maxLabel = text(element.maxRateDescription, ctx).slice(0, 50);
  const custom = choicesOf(element.rateValues, ctx);
  if (custom.length > 0) {
    const values = custom.map((item) => numberOf(item.value));
    const start = values[0];
    const consecutive =
      (start === 0 || start === 1) &&
      values.every((value, i) => value === (start as number) + i) &&
      custom.length >= 2 &&
      custom.length <= 11;
    if (!consecutive) {
      ctx.note(m.asSingle());
      const built = buildOptions(custom, ctx);
      return { type: "single", config: { options: built.options, columns: 1 }, byValue: built.byValue };
    }
    return {
      type: "likert",
      config: {
        points: custom.length,
        start,
        minLabel,
        maxLabel,
        labels: custom.map((item) => item.text.slice(0, 50)),
      },
    };
  }
  const min = numberOf(element.rateMin) ?? 1;
  const count = numberOf(element.rateCount);
  const max = numberOf(element.rateMax) ?? (count !== undefined ? min + count - 1 : 5);
  const step = numberOf(element.rateStep) ?? 1;
  if (element.rateType === "stars" && min === 1 && step === 1 && max >= 2 && max <= 10)
    return { type: "star", config: { max } };
  if (min === 0 && max === 10 && step === 1) return { type: "nps", config: { minLabel, maxLabel } };
  if ((min === 0 || min === 1) && step === 1 && max - min >= 1 && max - min <= 10)
    return { type: "likert", config: { points: max - min + 1, start: min, minLabel, maxLabel } };
  return slider({ min, max, step });
}

function html(element: Element, ctx: SjsContext): MapResult {
  const content = sanitizeRichText(text(element.html, ctx));
  if (content.trim() === "") return { skip: m.lost("空的说明文字") };
  return { type: "paragraph", config: { align: "left" }, paragraph: content };
}

function image(element: Element): MapResult {
  const link = typeof element.imageLink === "string" ? element.imageLink : "";
  if (!/^https?:\/\//i.test(link)) return { skip: m.lost("图片（没有网址）") };
  return {
    type: "paragraph",
    config: { align: "center" },
    paragraph: sanitizeRichText(`<img src="${link.replace(/"/g, "")}">`),
  };
}

function file(element: Element): MapResult {
  const bytes = numberOf(element.maxSize);
  const accepted = typeof element.acceptedTypes === "string" ? element.acceptedTypes : "";
  const accept = accepted.split(/[,\s]+/).flatMap((item) => {
    const lower = item.trim().toLowerCase();
    if (lower.startsWith("image/")) return ["jpg", "jpeg", "png", "gif", "webp"];
    const extension = lower.replace(/^\./, "");
    return /^[a-z0-9]{1,10}$/.test(extension) ? [extension] : [];
  });
  return {
    type: "file",
    config: {
      accept: [...new Set(accept)],
      maxSizeMb:
        bytes !== undefined && bytes > 0
          ? Math.min(1024, Math.max(0.1, Math.round((bytes / 1024 / 1024) * 10) / 10))
          : 10,
      maxCount: element.allowMultiple === true ? clamp(numberOf(element.maxFiles), 1, 50, 10) : 1,
      sensitive: false,
    },
  };
}

/** A SurveyJS element (not a panel) as a product question type, or why it is skipped. */
export function mapElement(element: Element, ctx: SjsContext, required: boolean): MapResult {
  const type = typeof element.type === "string" ? element.type.toLowerCase() : "";
  switch (type) {
    case "radiogroup":
      return choice(element, ctx, "single");
    case "dropdown":
      return choice(element, ctx, "dropdown");
    case "checkbox":
    case "tagbox":
      return choice(element, ctx, "multiple");
    case "boolean":
      return booleanQuestion(element, ctx);
    case "imagepicker":
      return imagePicker(element, ctx);
    case "ranking": {
      const built = buildOptions(choicesOf(element.choices, ctx), ctx);
      return built.options.length === 0
        ? { skip: m.noChoices() }
        : { type: "ranking", config: { options: built.options }, byValue: built.byValue };
    }
    case "text":
      return textInput(element, ctx);
    case "comment":
      return comment(element, ctx);
    case "multipletext":
      return multipleText(element, ctx);
    case "rating":
      return rating(element, ctx);
    case "slider":
      return slider(element);
    case "matrix":
      return matrix(element, ctx);
    case "matrixdropdown":
      return matrixDropdown(element, ctx);
    case "matrixdynamic":
      return matrixDynamic(element, ctx, required);
    case "html":
      return html(element, ctx);
    case "image":
      return image(element);
    case "file":
      return file(element);
    case "signaturepad":
      return { type: "signature", config: {} };
    default:
      return { skip: m.unsupportedType(type || "（未写题型）") };
  }
}
