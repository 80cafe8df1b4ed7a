import { createRequire } from "node:module";

/**
 * Test-only: makes jsdom's getComputedStyle fast on pages full of antd.
 *
 * jsdom computes a style by testing every rule of every style sheet against the element and, for the inherited
 * properties it resolves (color, visibility, …), against each ancestor too; its cache is dropped by any change to the
 * document. antd injects ~1,700 rules, so one call cost 150 ms to 1 s, and antd's Table calls it in a layout effect on
 * every render: two thirds of the results pages' test time went there. Nearly every antd rule names a class on the
 * element it styles (`.ant-table-cell`, `:where(.css-…).ant-btn`): a rule whose subject needs a class the element does
 * not have cannot match, and is answered `false` here without running the selector engine. Everything else (no
 * class in the subject, escapes, anything unusual) goes to jsdom's own check, so what matches is unchanged.
 */
export function installStylePrefilter(document: Document): void {
  const require = createRequire(import.meta.url);
  // jsdom's wrapper/implementation pair: `check` is called with the element's implementation object.
  const utils = require("jsdom/lib/jsdom/living/generated/utils.js") as {
    implForWrapper(wrapper: unknown): { _domSelector?: DomSelector } | null;
    wrapperForImpl(impl: unknown): Element | null;
  };
  const selector = utils.implForWrapper(document)?._domSelector;
  if (!selector || typeof selector.check !== "function") return;
  const check = selector.check.bind(selector);
  selector.check = (text: string, elementImpl: unknown) => {
    const alternatives = requiredClasses(text);
    if (alternatives) {
      const element = utils.wrapperForImpl(elementImpl);
      if (element && alternatives.every((classes) => !classes.every((c) => element.classList.contains(c))))
        return { match: false, pseudoElement: null };
    }
    return check(text, elementImpl);
  };
}

interface DomSelector {
  check(selector: string, elementImpl: unknown): { match: boolean; pseudoElement: string | null };
}

const parsed = new Map<string, string[][] | null>();

/**
 * For each selector of the list, the classes its subject (the last compound selector) requires at its top level; null
 * when any selector of the list requires none or is not plain enough to read safely.
 */
export function requiredClasses(text: string): string[][] | null {
  const known = parsed.get(text);
  if (known !== undefined) return known;
  let result: string[][] | null = null;
  if (!/[\\"']/.test(text)) {
    const lists = splitTopLevel(text, ",").map(subjectClasses);
    result = lists.every((classes) => classes.length > 0) ? lists : null;
  }
  parsed.set(text, result);
  return result;
}

/** Splits at `separator` outside parentheses and brackets. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The classes named at the top level of the selector's last compound (after its last combinator). */
function subjectClasses(selector: string): string[] {
  const trimmed = selector.trim();
  let depth = 0;
  let start = 0;
  for (let i = 0; i < trimmed.length; i++) {
    const ch = trimmed[i];
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (depth === 0 && (ch === " " || ch === ">" || ch === "+" || ch === "~")) start = i + 1;
  }
  const compound = trimmed.slice(start);
  const classes: string[] = [];
  depth = 0;
  for (let i = 0; i < compound.length; i++) {
    const ch = compound[i];
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === "." && depth === 0) {
      const name = /^-?[_a-zA-Z][\w-]*/.exec(compound.slice(i + 1))?.[0];
      const next = compound[i + 1 + (name?.length ?? 0)];
      // A name that goes on in characters not read here (non-ASCII, say) is not required as read: no filter.
      if (!name || (next !== undefined && !".:#[".includes(next))) return [];
      classes.push(name);
    }
  }
  return classes;
}
