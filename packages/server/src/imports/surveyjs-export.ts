import { type Option, type Question, richTextToPlain, type SurveyDefinition } from "@wjgj/core";
import { choiceValue, correctAnswerOf, typed } from "./surveyjs-elements.ts";
import { conditionToSjs, type SjsExportRef, valueKindOf } from "./surveyjs-logic.ts";
import { valueOfOptionId } from "./surveyjs-values.ts";

type Json = Record<string, unknown>;

const plain = (html: string) => richTextToPlain(html).trim();

/** `{{id}}` piping back to SurveyJS's `{name}` (names are our ids). */
const unpiped = (text: string) =>
  text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_-]*)(?:\.[A-Za-z0-9_-]+)?\s*\}\}/g, "{$1}");

/** Choices shown only under a condition carry it as the choice's own visibleIf. */
function optionLogic(
  question: Question,
  element: Json,
  visibleIf: (condition: Question["showIf"]) => Json,
): void {
  const options = "options" in question.config ? (question.config.options as Option[]) : [];
  if (!Array.isArray(element.choices) || !options.some((option) => option.showIf)) return;
  for (const choice of element.choices as Json[]) {
    const option = options.find(
      (candidate) => candidate.showIf && choiceValue(question, candidate) === choice.value,
    );
    if (option) Object.assign(choice, visibleIf(option.showIf));
  }
}

function exportRefs(definition: SurveyDefinition): Map<string, SjsExportRef> {
  const refs = new Map<string, SjsExportRef>();
  for (const question of definition.pages.flatMap((page) => page.questions)) {
    const config = question.config as {
      options?: Option[];
      rows?: Option[];
      columns?: Option[];
      blanks?: { id: string }[];
    };
    const options = config.options ?? [];
    refs.set(question.id, {
      name: question.id,
      valueKind: valueKindOf(question.type),
      valueOf: (id) => {
        const option = options.find((candidate) => candidate.id === id);
        return option ? choiceValue(question, option) : undefined;
      },
      keyName: (key) => {
        const row = config.rows?.find((candidate) => candidate.id === key);
        if (row) return String(valueOfOptionId(row.id, row.label));
        return config.blanks?.some((blank) => blank.id === key) ? key : undefined;
      },
      columnValueOfLabel: (label) => {
        const column = config.columns?.find((candidate) => candidate.label === label);
        return column ? valueOfOptionId(column.id, column.label) : undefined;
      },
    });
  }
  return refs;
}

/**
 * Our definition as a SurveyJS survey. Names are our ids, choice values come back from the option ids
 * (see optionIdFor), and show conditions are written in SurveyJS's expression language where it can say
 * them; a 计算值 or free expression has no SurveyJS form and is left out.
 */
export function exportSurveyJs(definition: SurveyDefinition): Json {
  const refs = exportRefs(definition);
  const visibleIf = (condition: Question["showIf"]) => {
    const text = condition ? conditionToSjs(condition, (id) => refs.get(id)) : null;
    return text ? { visibleIf: text } : {};
  };
  const memberOf = new Map<string, string>();
  for (const question of definition.pages.flatMap((page) => page.questions))
    if (question.type === "group") for (const id of question.config.memberIds) memberOf.set(id, question.id);

  const element = (question: Question): Json => {
    const base: Json = { ...typed(question), name: question.id };
    if (question.type !== "paragraph" && question.type !== "divider")
      base.title = unpiped(plain(question.title));
    if (question.description && question.type !== "paragraph") base.description = plain(question.description);
    if (question.required) base.isRequired = true;
    const correct = correctAnswerOf(question);
    if (correct !== undefined) base.correctAnswer = correct;
    optionLogic(question, base, visibleIf);
    return { ...base, ...visibleIf(question.showIf) };
  };

  const pages = definition.pages.map((page) => {
    const elements: Json[] = [];
    const panels = new Map<string, Json[]>();
    for (const question of page.questions) {
      const holder = memberOf.get(question.id);
      const into = (holder && panels.get(holder)) || elements;
      if (question.type === "group") {
        const inner: Json[] = [];
        panels.set(question.id, inner);
        into.push({
          type: "panel",
          name: question.id,
          title: plain(question.title),
          elements: inner,
          ...visibleIf(question.showIf),
        });
      } else into.push(element(question));
    }
    return {
      name: page.id,
      ...(page.title ? { title: page.title } : {}),
      ...(page.description ? { description: plain(page.description) } : {}),
      ...visibleIf(page.showIf),
      elements,
    };
  });
  return {
    title: definition.title,
    ...(definition.description ? { description: plain(definition.description) } : {}),
    ...(definition.settings.numbering === "none" ? { showQuestionNumbers: "off" } : {}),
    pages,
  };
}
