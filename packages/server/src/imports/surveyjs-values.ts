import { isValidId } from "./draft.ts";

/** A SurveyJS choice value as JSON carries it. */
export type SjsValue = string | number | boolean;

const reserved = /^[ntx]_/;
const numberId = /^n_(m?)(\d+)(?:p(\d+))?$/;
const textId = /^t_\d+$/;
const hexId = /^x_((?:[0-9a-f]{2})+)$/;

function numberToId(value: number): string | null {
  const id = `n_${String(value).replace("-", "m").replace(".", "p")}`;
  return numberId.test(id) && id.length <= 64 ? id : null;
}

/**
 * Our option ids are a restricted alphabet, SurveyJS choice values are anything. The id keeps the value
 * recoverable so that SurveyJS → product → SurveyJS gives the same values back:
 * - a value that is already a valid id is the id (`item1`, `yes`);
 * - a number n is `n_<n>` (`n_1`, `n_m2p5` for -2.5);
 * - a value equal to its text is `t_<position>` (the export writes the option's label back as the value);
 * - any other text is `x_<hex of its UTF-8>` when that fits in 64 characters, else a plain `o<position>`.
 */
export function optionIdFor(
  value: unknown,
  text: string,
  position: number,
  used: ReadonlySet<string>,
): string {
  let id: string | null = null;
  if (typeof value === "number" && Number.isFinite(value)) id = numberToId(value);
  else if (typeof value === "boolean") id = String(value);
  else if (typeof value === "string" && value !== "") {
    if (isValidId(value) && !reserved.test(value)) id = value;
    else if (value === text) id = `t_${position}`;
    else {
      const hex = `x_${Buffer.from(value, "utf8").toString("hex")}`;
      if (hex.length <= 64) id = hex;
    }
  }
  if (id && !used.has(id)) return id;
  let n = position;
  while (used.has(`o${n}`)) n += 1;
  return `o${n}`;
}

/** The SurveyJS value an option id stands for (see optionIdFor); `label` is the option's plain text. */
export function valueOfOptionId(id: string, label: string): SjsValue {
  const number = numberId.exec(id);
  if (number) {
    const [, minus, whole, fraction] = number;
    return Number(`${minus ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`);
  }
  if (textId.test(id)) return label;
  const hex = hexId.exec(id);
  if (hex?.[1]) return Buffer.from(hex[1], "hex").toString("utf8");
  return id;
}

/** The key under which a value is looked up: SurveyJS compares `1` and `'1'` alike. */
export function valueKey(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

const preferredLocales = ["zh-cn", "zh", "zh-hans", "zh-tw", "zh-hant", "default", "en"];

/** A localizable SurveyJS string (`"text"` or `{ "default": "…", "zh-cn": "…" }`) in the best language. */
export function localized(value: unknown, locale?: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "";
  const record = value as Record<string, unknown>;
  const keys = [...(locale ? [locale.toLowerCase()] : []), ...preferredLocales];
  const lower = new Map(Object.entries(record).map(([key, text]) => [key.toLowerCase(), text]));
  for (const key of keys) {
    const text = lower.get(key);
    if (typeof text === "string" && text.trim() !== "") return text;
  }
  const first = Object.values(record).find((text) => typeof text === "string");
  return typeof first === "string" ? first : "";
}
