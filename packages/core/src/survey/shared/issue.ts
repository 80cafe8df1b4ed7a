/**
 * One problem found in an answer or a definition. `level: "warning"` is a soft rule: the respondent is told
 * but may still submit. Codes are stable; the UI may translate them, the server never matches on messages.
 */
export type IssueLevel = "error" | "warning";

export interface Issue {
  code: string;
  level: IssueLevel;
  message: string;
  /** Where inside the answer (row id, blank id, index) or definition the problem sits. */
  path: readonly (string | number)[];
}

export function error(code: string, message: string, path: readonly (string | number)[] = []): Issue {
  return { code, level: "error", message, path };
}

export function issueAt(
  level: IssueLevel,
  code: string,
  message: string,
  path: readonly (string | number)[] = [],
): Issue {
  return { code, level, message, path };
}

export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((issue) => issue.level === "error");
}
