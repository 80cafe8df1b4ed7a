/**
 * Checks that an answer is already what its type's `answerSchema` would return, so the engine can take it
 * as it is (QuestionModule.answerAsIs). The submit path parses every answer of a response; for the common
 * shapes a few typeof tests replace a schema parse and its copy. Each check must accept only values the
 * schema accepts and returns unchanged (every-type.test.ts checks this on arbitrary JSON); anything else
 * goes through the schema as before.
 */

/** An object as JSON.parse makes it, and the number of its keys. */
function plainKeys(raw: unknown): number {
  if (typeof raw !== "object" || raw === null || Object.getPrototypeOf(raw) !== Object.prototype) return -1;
  let keys = 0;
  for (const _key in raw) keys += 1;
  return keys;
}

const isId = (value: unknown) => typeof value === "string" && value.length >= 1 && value.length <= 64;

/** `{ optionId, otherText? }` (singleAnswerSchema). */
export function singleAnswerAsIs(raw: unknown): boolean {
  const keys = plainKeys(raw);
  if (keys < 1) return false;
  const { optionId, otherText } = raw as Record<string, unknown>;
  if (!isId(optionId) || !Object.hasOwn(raw as object, "optionId")) return false;
  if (keys === 1) return true;
  return (
    keys === 2 &&
    typeof otherText === "string" &&
    otherText.length <= 2000 &&
    Object.hasOwn(raw as object, "otherText")
  );
}

/** `{ optionIds, otherTexts? }` (multipleAnswerSchema). */
export function multipleAnswerAsIs(raw: unknown): boolean {
  const keys = plainKeys(raw);
  if (keys < 1) return false;
  const { optionIds, otherTexts } = raw as Record<string, unknown>;
  if (!Array.isArray(optionIds) || optionIds.length > 500 || !Object.hasOwn(raw as object, "optionIds"))
    return false;
  for (const id of optionIds) if (!isId(id)) return false;
  if (keys === 1) return true;
  if (keys !== 2 || !Object.hasOwn(raw as object, "otherTexts") || plainKeys(otherTexts) < 0) return false;
  for (const key in otherTexts as object) {
    const text = (otherTexts as Record<string, unknown>)[key];
    if (typeof text !== "string" || text.length > 2000) return false;
  }
  return true;
}

/** A text of at most `max` UTF-16 units (`z.string().max(max)`). */
export function textAnswerAsIs(max: number): (raw: unknown) => boolean {
  return (raw) => typeof raw === "string" && raw.length <= max;
}
