import {
  checkDefinition,
  type Issue,
  parseDefinition,
  type QuestionInput,
  type QuestionnaireKind,
  SURVEY_SCHEMA_VERSION,
  type SurveyDefinition,
} from "../survey/index.ts";
import { buildQuestion } from "./build-question.ts";
import { limitText, plainToRich, type TextImportWarning, type Warn } from "./context.ts";
import { type RawItem, scanText } from "./scan.ts";

export interface TextImportOptions {
  /** The kind chosen before importing; answers in the text are imported whatever the kind. */
  kind?: QuestionnaireKind;
  /** Used when the text has no title line. */
  fallbackTitle?: string;
}

export interface TextImportResult {
  definition: SurveyDefinition;
  warnings: TextImportWarning[];
}

interface DraftPage {
  id: string;
  title?: string;
  questions: QuestionInput[];
  /** Source line of each question, to place warnings from validation. */
  lines: number[];
}

const MAX_PAGES = 500;

function emptyDefinition(kind: QuestionnaireKind, title: string): SurveyDefinition {
  const parsed = parseDefinition({
    schemaVersion: SURVEY_SCHEMA_VERSION,
    kind,
    title,
    pages: [{ id: "p1", questions: [] }],
  });
  if (!parsed.ok) throw new Error("empty definition must parse");
  return parsed.definition;
}

function layOut(items: readonly RawItem[], kind: QuestionnaireKind, warn: Warn): DraftPage[] {
  const pages: DraftPage[] = [{ id: "p1", questions: [], lines: [] }];
  let questionCount = 0;
  let sectionCount = 0;
  let lastNumber: number | undefined;
  for (const item of items) {
    const page = pages.at(-1) as DraftPage;
    if (item.kind === "pageBreak") {
      if (page.questions.length === 0) {
        if (item.title) page.title = item.title.slice(0, 200);
      } else if (pages.length >= MAX_PAGES) {
        warn(item.line, `最多 ${MAX_PAGES} 页，之后的分页已忽略`);
      } else {
        pages.push({
          id: `p${pages.length + 1}`,
          questions: [],
          lines: [],
          ...(item.title ? { title: item.title.slice(0, 200) } : {}),
        });
      }
      continue;
    }
    if (item.kind === "paragraph") {
      sectionCount += 1;
      const description = item.body.map((line) => line.text).join("\n");
      page.questions.push({
        id: `s${sectionCount}`,
        type: "paragraph",
        title: plainToRich(limitText(item.title, 5000, item.line, warn)),
        ...(description ? { description: plainToRich(description) } : {}),
        config: {},
      });
      page.lines.push(item.line);
      continue;
    }
    const number = item.header.number;
    if (number !== undefined && lastNumber !== undefined && number !== lastNumber + 1 && number !== 1) {
      warn(item.line, `题号 ${number} 与上一题 ${lastNumber} 不连续，请检查是否漏题`);
    }
    if (number !== undefined) lastNumber = number;
    questionCount += 1;
    page.questions.push(buildQuestion(item, `q${questionCount}`, { kind, warn }));
    page.lines.push(item.line);
  }
  const filled = pages.filter((page) => page.questions.length > 0);
  return filled.length > 0 ? filled : [pages[0] as DraftPage];
}

/** Where a validation issue sits: the question's source line, or 0. */
function lineOf(pages: readonly DraftPage[], path: Issue["path"]): number {
  if (
    path[0] !== "pages" ||
    typeof path[1] !== "number" ||
    path[2] !== "questions" ||
    typeof path[3] !== "number"
  )
    return 0;
  return pages[path[1]]?.lines[path[3]] ?? 0;
}

function assemble(text: string, options: TextImportOptions, warn: Warn): SurveyDefinition {
  const kind = options.kind ?? "survey";
  const scan = scanText(text);
  let title = scan.title?.text ?? options.fallbackTitle ?? "";
  if (title === "") {
    warn(0, "没有找到问卷标题（第一行写标题），已使用「未命名问卷」");
    title = "未命名问卷";
  }
  title = limitText(title, 200, scan.title?.line ?? 0, warn);
  for (const stray of scan.stray) warn(stray.line, "这一行不属于任何题目，已忽略");
  const pages = layOut(scan.items, kind, warn);
  if (pages.every((page) => page.questions.length === 0)) {
    warn(0, "没有识别到题目：请按「1. 题目」每题一行，选项写在题目下方");
  }
  const description = scan.description
    .map((line) => line.text.replace(/^(?:问卷)?说明\s*[:：]\s*/, ""))
    .join("\n");
  // A question the schema refuses is dropped with a warning on its line, so the rest still imports.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const parsed = parseDefinition({
      schemaVersion: SURVEY_SCHEMA_VERSION,
      kind,
      title,
      ...(description ? { description: plainToRich(limitText(description, 20000, 0, warn)) } : {}),
      pages: pages.map(({ id, title: pageTitle, questions }) => ({
        id,
        ...(pageTitle ? { title: pageTitle } : {}),
        questions,
      })),
    });
    if (parsed.ok) {
      for (const issue of checkDefinition(parsed.definition)) {
        if (issue.level === "error") warn(lineOf(pages, issue.path), issue.message);
      }
      return parsed.definition;
    }
    const issue = parsed.issues[0] as Issue;
    const [, pageIndex, , questionIndex] = issue.path;
    const page = typeof pageIndex === "number" ? pages[pageIndex] : undefined;
    if (!page || typeof questionIndex !== "number") break;
    warn(lineOf(pages, issue.path), `这道题无法导入（${issue.message}），已跳过`);
    page.questions.splice(questionIndex, 1);
    page.lines.splice(questionIndex, 1);
  }
  warn(0, "文本无法转换为问卷，请检查格式");
  return emptyDefinition(kind, title);
}

/**
 * Turns pasted plain text (问卷星 / 腾讯问卷 / Word style) into a valid core definition. Never throws: what
 * it cannot place becomes a warning on its line, and the result always passes `parseDefinition`.
 */
export function parseSurveyText(text: string, options: TextImportOptions = {}): TextImportResult {
  const warnings: TextImportWarning[] = [];
  const warn: Warn = (line, message) => {
    warnings.push({ line, message });
  };
  try {
    const definition = assemble(text, options, warn);
    warnings.sort((a, b) => a.line - b.line);
    return { definition, warnings };
  } catch {
    warn(0, "导入时出现意外错误，请检查文本格式");
    return {
      definition: emptyDefinition(options.kind ?? "survey", options.fallbackTitle || "未命名问卷"),
      warnings,
    };
  }
}
