/**
 * Narrowing raw answers (what the inputs hold, restored drafts included) to the shapes core's answer
 * schemas define. Anything unexpected reads as unanswered rather than crashing a field.
 */
export type SingleValue = { optionId: string; otherText?: string };
export type MultipleValue = { optionIds: string[]; otherTexts?: Record<string, string> };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asSingle(value: unknown): SingleValue | null {
  return isRecord(value) && typeof value.optionId === "string" ? (value as SingleValue) : null;
}

export function asMultiple(value: unknown): MultipleValue {
  if (isRecord(value) && Array.isArray(value.optionIds)) {
    const optionIds = value.optionIds.filter((id): id is string => typeof id === "string");
    const otherTexts = isRecord(value.otherTexts) ? stringRecord(value.otherTexts) : undefined;
    return otherTexts ? { optionIds, otherTexts } : { optionIds };
  }
  return { optionIds: [] };
}

export function asText(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

export function asNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

export function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

export function numberRecord(value: unknown): Record<string, number> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, number] => typeof e[1] === "number"),
  );
}

export function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** Removes a key; an emptied record becomes "unanswered". */
export function withEntry<V>(
  record: Record<string, V>,
  key: string,
  value: V | undefined,
): Record<string, V> | undefined {
  const next = { ...record };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return Object.keys(next).length === 0 ? undefined : next;
}

/** Text typed into a numeric field: a number when it reads as one, the raw text otherwise (core reports it). */
export function parseNumberText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const number = Number(trimmed);
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) && Number.isFinite(number) ? number : trimmed;
}
