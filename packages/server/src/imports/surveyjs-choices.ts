import type { Condition, OptionInput } from "@wjgj/core";
import { importMessages as m } from "./messages.ts";
import { localized, optionIdFor, valueKey } from "./surveyjs-values.ts";

export type Element = Record<string, unknown>;

/** What mapping one element may ask of the importer around it. */
export interface SjsContext {
  locale: string | undefined;
  /** A report line on the element being mapped. */
  note(text: string): void;
  /** A SurveyJS condition over earlier questions, or undefined (reported) when it cannot be mapped. */
  condition(source: string, onFail: () => void): Condition | undefined;
}

export interface SjsChoice {
  value: unknown;
  text: string;
  visibleIf?: string;
  imageLink?: string;
}

export function text(value: unknown, ctx: SjsContext): string {
  return localized(value, ctx.locale).trim();
}

export function numberOf(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

export function clamp(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** SurveyJS choice items: plain values, or `{ value, text, visibleIf, imageLink }`. */
export function choicesOf(raw: unknown, ctx: SjsContext): SjsChoice[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item): SjsChoice[] => {
    if (typeof item === "string" || typeof item === "number" || typeof item === "boolean")
      return [{ value: item, text: String(item) }];
    if (typeof item !== "object" || item === null) return [];
    const record = item as Element;
    if (record.value === undefined || record.value === null) return [];
    const label = text(record.text, ctx) || String(record.value);
    return [
      {
        value: record.value,
        text: label,
        ...(typeof record.visibleIf === "string" && record.visibleIf.trim()
          ? { visibleIf: record.visibleIf }
          : {}),
        ...(typeof record.imageLink === "string" ? { imageLink: record.imageLink } : {}),
      },
    ];
  });
}

export interface BuiltOptions {
  options: OptionInput[];
  /** valueKey(choice value) → option id, for conditions and correct answers. */
  byValue: Map<string, string>;
}

/** Options from choices, with ids that keep the values (optionIdFor) and labels cut to 1000 characters. */
export function buildOptions(
  choices: readonly SjsChoice[],
  ctx: SjsContext,
  withImages = false,
): BuiltOptions {
  const used = new Set<string>();
  const byValue = new Map<string, string>();
  const options = choices.map((choice, index): OptionInput => {
    const id = optionIdFor(choice.value, choice.text, index + 1, used);
    used.add(id);
    if (!byValue.has(valueKey(choice.value))) byValue.set(valueKey(choice.value), id);
    const label = choice.text.slice(0, 1000);
    let showIf: Condition | undefined;
    if (choice.visibleIf)
      showIf = ctx.condition(choice.visibleIf, () => ctx.note(m.optionLogicDropped(label)));
    return {
      id,
      label,
      ...(showIf ? { showIf } : {}),
      ...(withImages && choice.imageLink ? { image: choice.imageLink } : {}),
    };
  });
  return { options, byValue };
}

/** 其他 and 以上都不是 items (`showOtherItem`/`hasOther`, `showNoneItem`/`hasNone`) become options. */
export function addSpecialItems(built: BuiltOptions, element: Element, ctx: SjsContext): number {
  let added = 0;
  const used = new Set(built.options.map((option) => option.id));
  if (element.showNoneItem === true || element.hasNone === true) {
    const id = used.has("none") ? "none_item" : "none";
    built.options.push({ id, label: text(element.noneText, ctx) || "以上都不是", exclusive: true });
    built.byValue.set("none", id);
    added += 1;
  }
  if (element.showOtherItem === true || element.hasOther === true) {
    const id = used.has("other") ? "other_item" : "other";
    built.options.push({ id, label: text(element.otherText, ctx) || "其他", other: { textRequired: false } });
    built.byValue.set("other", id);
    added += 1;
  }
  if (element.showSelectAllItem === true || element.hasSelectAll === true) ctx.note(m.lost("「全选」选项"));
  return added;
}

/** One element mapped to a product type, with what conditions over it need to know. */
export interface Mapped {
  type: string;
  config: Record<string, unknown>;
  /** Choice value → option id. */
  byValue?: Map<string, string>;
  rows?: Map<string, string>;
  columnLabels?: Map<string, string>;
  blanks?: Map<string, string>;
  /** Options shuffled per respondent, keeping the last `keepLast` in place. */
  randomize?: { keepLast: number };
  /** For 段落说明: the rich text it shows (SurveyJS html and image elements have no title). */
  paragraph?: string;
}

export type MapResult = Mapped | { skip: string };
