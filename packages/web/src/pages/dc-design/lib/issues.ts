import {
  checkDefinition,
  type FieldError,
  type Issue,
  parseDefinition,
  type SurveyDefinition,
} from "@wjgj/core";

/** Structural problems first (they stop checkDefinition from walking), then cross-reference and logic ones. */
export function validateDraft(definition: SurveyDefinition): Issue[] {
  const parsed = parseDefinition(definition);
  if (!parsed.ok) return parsed.issues;
  return checkDefinition(parsed.definition);
}

/** `definition.pages.0.questions.2.title` (the server's field paths) as a path array. */
export function fieldToPath(field: string): (string | number)[] {
  return field
    .replace(/^definition\./, "")
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export function fieldErrorsToIssues(errors: readonly FieldError[]): Issue[] {
  return errors.map((error) => ({
    code: "server",
    level: "error",
    message: error.message,
    path: fieldToPath(error.field),
  }));
}

/** The question a path points into, if any. */
export function questionIdAt(
  definition: SurveyDefinition,
  path: readonly (string | number)[],
): string | null {
  if (path[0] !== "pages" || path[2] !== "questions") return null;
  const page = definition.pages[Number(path[1])];
  return page?.questions[Number(path[3])]?.id ?? null;
}

export interface IssueMap {
  byQuestion: ReadonlyMap<string, Issue[]>;
  /** Issues of pages, calculated values, quotas or the whole questionnaire. */
  general: Issue[];
}

export function groupIssues(definition: SurveyDefinition, issues: readonly Issue[]): IssueMap {
  const byQuestion = new Map<string, Issue[]>();
  const general: Issue[] = [];
  for (const issue of issues) {
    const id = questionIdAt(definition, issue.path);
    if (!id) {
      general.push(issue);
      continue;
    }
    const list = byQuestion.get(id);
    if (list) list.push(issue);
    else byQuestion.set(id, [issue]);
  }
  return { byQuestion, general };
}

/** Where inside its question an issue sits, in words, for the problems list. */
export function issueFieldName(path: readonly (string | number)[]): string {
  const field = path[4];
  const names: Record<string, string> = {
    title: "标题",
    showIf: "显示逻辑",
    jumps: "跳题逻辑",
    selectConnect: "选项关联",
    optionSource: "引用选项",
    scoring: "计分",
    config: "题目设置",
    id: "题目编号",
  };
  return typeof field === "string" ? (names[field] ?? field) : "";
}
