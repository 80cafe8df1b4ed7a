import type { CompareOp } from "../definition/condition.ts";
import { toNumber, type ValueType } from "../expression/value.ts";
import { assertNever } from "../shared/assert-never.ts";
import { isValidDate, isValidDateTime, isValidTime } from "../shared/dates.ts";
import { surveyMessages as m } from "../shared/messages.ts";
import type { CheckContext, Path } from "./check-context.ts";

type Ordered = "number" | "date" | "time";

function isOrdered(type: ValueType): type is Ordered {
  return type === "number" || type === "date" || type === "time";
}

function fits(type: Ordered, value: number | string): boolean {
  if (type === "number") return typeof value === "number" || toNumber(value) !== null;
  if (typeof value !== "string") return false;
  return type === "date" ? isValidDate(value) || isValidDateTime(value) : isValidTime(value);
}

/**
 * Whether a `compare`/`computed` condition can ever mean what it says, given the static type of the value it
 * reads. At runtime a mismatch is not an error, it is silently false (a list never equals a text, a date never
 * orders against a number), which is exactly why the designer must hear about it.
 */
export function checkComparison(
  ctx: CheckContext,
  id: string,
  type: ValueType,
  op: CompareOp,
  value: number | string,
  path: Path,
): void {
  if (type === "any") return;
  if (type === "none") {
    ctx.report("notAnswerable", m.notAnswerable(id), [...path, "questionId"]);
    return;
  }
  switch (op) {
    case "contains":
      if (type !== "string" && type !== "list") ctx.report("notText", m.notText(id), [...path, "op"]);
      return;
    case "gt":
    case "lt":
    case "ge":
    case "le":
      if (!isOrdered(type)) ctx.report("notOrdered", m.notOrdered(id), [...path, "op"]);
      else if (!fits(type, value)) ctx.report("compareValue", m.compareValue(type), [...path, "value"]);
      return;
    case "eq":
    case "ne":
      if (type === "list") ctx.report("listEquality", m.listEquality(id), [...path, "op"]);
      else if (isOrdered(type) && !fits(type, value))
        ctx.report("compareValue", m.compareValue(type), [...path, "value"]);
      return;
    default:
      assertNever(op);
  }
}
