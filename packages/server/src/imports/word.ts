import { parseSurveyText, type QuestionnaireKind, type SurveyDefinition } from "@wjgj/core";
import { docxLines } from "./docx-text.ts";
import { type Draft, ImportReport } from "./draft.ts";
import { importMessages as m } from "./messages.ts";
import { ImportRefusal, SafeZip } from "./zip.ts";

/** As much text as 文本导入 takes pasted (its text box holds 200 000 characters). */
const MAX_TEXT = 200_000;

/** Text import warnings that mean a question was left out (its own wording, core/text-import). */
const SKIPPED = /已跳过$/;

function draftOf(definition: SurveyDefinition, report: ImportReport, skipped: number): Draft {
  let number = 0;
  const pages = definition.pages.map((page) => ({
    id: page.id,
    ...(page.title ? { title: page.title } : {}),
    firstNumber: number + 1,
    items: page.questions.map((question) => {
      number += 1;
      return { question, number, label: question.title };
    }),
  }));
  return {
    kind: definition.kind,
    title: definition.title,
    ...(definition.description ? { description: definition.description } : {}),
    pages,
    report,
    sourceCount: number + skipped,
  };
}

/**
 * A Word questionnaire: its paragraphs and list items (numbers written out as Word shows them, grids as
 * 行：/列： lines) go through the same text import as pasted text, so Word and 文本导入 read alike.
 */
export async function wordDraft(
  bytes: Uint8Array,
  fallbackTitle: string,
  kind?: QuestionnaireKind,
): Promise<Draft> {
  const zip = await SafeZip.open(bytes);
  if (!zip) throw new ImportRefusal(m.badWord());
  const lines = await docxLines(zip);
  let text = lines.map((line) => line.text).join("\n");
  if (text.trim() === "") throw new ImportRefusal(m.noQuestions());
  const report = new ImportReport();
  if (text.length > MAX_TEXT) {
    // The text import reads pasted text of this size; a longer document is cut at a line break.
    const cut = text.lastIndexOf("\n", MAX_TEXT);
    text = text.slice(0, cut > 0 ? cut : MAX_TEXT);
    report.survey(m.truncated("Word 文件的文字", MAX_TEXT));
  }
  let parsed = parseSurveyText(text, { kind: kind ?? "survey", fallbackTitle });
  // Answers in the text make it an exam; read again as one so that 解析 lines are kept too.
  const scored = parsed.definition.pages.some((page) => page.questions.some((question) => question.scoring));
  if (!kind && scored) parsed = parseSurveyText(text, { kind: "exam", fallbackTitle });
  const { definition, warnings } = parsed;
  let skipped = 0;
  for (const warning of warnings) {
    if (SKIPPED.test(warning.message)) skipped += 1;
    const paragraph = lines[warning.line - 1]?.paragraph;
    if (warning.line > 0 && paragraph !== undefined)
      report.line(paragraph, `${m.paragraphAt(paragraph)}：${warning.message}`);
    else report.survey(warning.message);
  }
  return draftOf(definition, report, skipped);
}
