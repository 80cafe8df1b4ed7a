/**
 * A conservative safe-regex heuristic (the star-height idea of the `safe-regex` package) for designers'
 * validation patterns. JavaScript regexes cannot be interrupted and the server runs these rules on every
 * submission, so a pattern that can backtrack exponentially is refused rather than run. Refused shapes:
 * - a group repeated more than once (`*`, `+`, `{2,}`, `{3}`…) that contains a variable quantifier or an
 *   alternation: `(a+)+`, `(a|aa)*`, `(\w+\s?)+$`, `(a+){10}`;
 * - backreferences (`\1`, `\k<name>`), which no linear-time engine supports.
 * Polynomial cases such as `\d+\d+` remain possible; the length caps on patterns and answers bound them.
 */

interface Group {
  /** Contains a quantifier whose min differs from its max, at any depth. */
  variable: boolean;
  alternation: boolean;
}

interface Quantifier {
  length: number;
  /** May match more than once. */
  repeats: boolean;
  variable: boolean;
}

/** The quantifier starting at `i`, if any, including a trailing lazy `?`. */
function quantifierAt(pattern: string, i: number): Quantifier | null {
  const char = pattern[i];
  let q: Quantifier | null = null;
  if (char === "*" || char === "+") q = { length: 1, repeats: true, variable: true };
  else if (char === "?") q = { length: 1, repeats: false, variable: true };
  else if (char === "{") {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
    if (match) {
      const min = Number(match[1]);
      const max =
        match[2] === undefined ? min : match[3] === "" ? Number.POSITIVE_INFINITY : Number(match[3]);
      q = { length: match[0].length, repeats: max > 1, variable: min !== max };
    }
  }
  if (q && pattern[i + q.length] === "?") q.length++;
  return q;
}

/** Index just past a character class starting at `i` (`[`), honouring escapes. */
function skipClass(pattern: string, i: number): number {
  let j = i + 1;
  if (pattern[j] === "^") j++;
  if (pattern[j] === "]") j++;
  while (j < pattern.length && pattern[j] !== "]") j += pattern[j] === "\\" ? 2 : 1;
  return j + 1;
}

export function isSafePattern(pattern: string): boolean {
  const stack: Group[] = [{ variable: false, alternation: false }];
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i];
    const top = stack[stack.length - 1] as Group;
    let closed: Group | null = null;
    if (char === "\\") {
      const next = pattern[i + 1] ?? "";
      if (/[1-9]/.test(next) || (next === "k" && pattern[i + 2] === "<")) return false;
      i += 2;
    } else if (char === "[") {
      i = skipClass(pattern, i);
    } else if (char === "(") {
      stack.push({ variable: false, alternation: false });
      i++;
      continue;
    } else if (char === ")") {
      if (stack.length === 1) return true; // unbalanced: the compiler rejects it as invalid
      closed = stack.pop() as Group;
      i++;
    } else if (char === "|") {
      top.alternation = true;
      i++;
      continue;
    } else {
      i++;
    }
    const quantifier = quantifierAt(pattern, i);
    const parent = stack[stack.length - 1] as Group;
    if (closed) {
      if (quantifier?.repeats && (closed.variable || closed.alternation)) return false;
      parent.variable ||= closed.variable || quantifier?.variable === true;
      parent.alternation ||= closed.alternation;
    } else if (quantifier?.variable) {
      parent.variable = true;
    }
    if (quantifier) i += quantifier.length;
  }
  return true;
}
