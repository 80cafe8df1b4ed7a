import { createContext, useContext } from "react";

/** What every input of a question needs to be announced: its name, required state and error. */
export interface FieldA11y {
  /** The id of the visible title (number, title text, type hint). */
  titleId: string;
  /** The same as plain text, for inputs that name a part of the question ("3. 联系方式 城市"). */
  name: string;
  required: boolean;
  invalid: boolean;
  /** The id of the question's error text while it shows. */
  errorId: string | undefined;
}

export const FieldA11yContext = createContext<FieldA11y>({
  titleId: "",
  name: "",
  required: false,
  invalid: false,
  errorId: undefined,
});

export const useFieldA11y = () => useContext(FieldA11yContext);

interface StateAttrs {
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

function states(a11y: FieldA11y): StateAttrs {
  return a11y.invalid
    ? { "aria-invalid": true, ...(a11y.errorId ? { "aria-describedby": a11y.errorId } : {}) }
    : {};
}

/** A control (or radiogroup) that is the whole answer: named by the title itself. */
export function wholeAttrs(a11y: FieldA11y) {
  return {
    "aria-labelledby": a11y.titleId,
    ...(a11y.required ? { "aria-required": true as const } : {}),
    ...states(a11y),
  };
}

/** One input among several of a question: the title's text and the part's own label. */
export function partAttrs(a11y: FieldA11y, part: string, required = a11y.required) {
  return {
    "aria-label": part ? `${a11y.name} ${part}` : a11y.name,
    ...(required ? { "aria-required": true as const } : {}),
    ...states(a11y),
  };
}

/** A role=group of inputs (check boxes, blanks, rows); ARIA has no aria-required for a group. */
export function groupAttrs(a11y: FieldA11y) {
  return { role: "group", "aria-labelledby": a11y.titleId, ...states(a11y) };
}
