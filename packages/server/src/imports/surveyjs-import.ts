import type { Condition, QuestionInput, QuestionnaireKind } from "@wjgj/core";
import {
  type Draft,
  type DraftItem,
  type DraftPage,
  IdPool,
  ImportReport,
  plainToRich,
  snippet,
} from "./draft.ts";
import { importMessages as m } from "./messages.ts";
import { type Element, type Mapped, numberOf, type SjsContext, text } from "./surveyjs-choices.ts";
import { type SjsQuestionRef, sjsToCondition, valueKindOf } from "./surveyjs-logic.ts";
import { mapElement } from "./surveyjs-questions.ts";
import { valueKey } from "./surveyjs-values.ts";

const MAX_DEPTH = 10;
const singleKeyed = new Set(["single", "dropdown", "trueFalse", "imageSingle"]);
const multipleKeyed = new Set(["multiple", "imageMultiple"]);

function isRecord(value: unknown): value is Element {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function elementsOf(container: Element): unknown[] {
  if (Array.isArray(container.elements)) return container.elements;
  if (Array.isArray(container.questions)) return container.questions;
  return [];
}

/** Whether parsed JSON looks like a SurveyJS survey: pages of elements, or elements at the top. */
export function isSurveyJs(json: unknown): json is Element {
  if (!isRecord(json)) return false;
  if (Array.isArray(json.pages)) return json.pages.every((page) => isRecord(page));
  return Array.isArray(json.elements) || Array.isArray(json.questions);
}

class SjsImporter {
  readonly ids = new IdPool();
  readonly refs = new Map<string, SjsQuestionRef>();
  readonly report = new ImportReport();
  number = 0;
  scored = false;
  private at: { number?: number; label: string } = { label: "" };

  readonly ctx: SjsContext;

  constructor(locale: string | undefined) {
    this.ctx = {
      locale,
      note: (line) => this.report.question(this.at.number, this.at.label, line),
      condition: (source, onFail) => {
        const condition = sjsToCondition(source, (name) => this.refs.get(name));
        if (!condition) onFail();
        return condition ?? undefined;
      },
    };
  }

  /** `{name}` piping in a title becomes `{{id}}` when it names an earlier question. */
  private piped(title: string): string {
    return title.replace(/\{([^{}]{1,100})\}/g, (whole, name: string) => {
      const ref = this.refs.get(name.trim());
      return ref ? `{{${ref.id}}}` : whole;
    });
  }

  pages(json: Element): DraftPage[] {
    const pages: Element[] = Array.isArray(json.pages) ? (json.pages as Element[]) : [json];
    return pages.map((page, index) => {
      const firstNumber = this.number + 1;
      const id = this.ids.take(typeof page.name === "string" ? page.name : undefined, "p");
      const title = text(page.title, this.ctx);
      const description = text(page.description, this.ctx);
      let showIf: Condition | undefined;
      const logic = typeof page.visibleIf === "string" && page.visibleIf.trim() ? page.visibleIf : undefined;
      if (logic) {
        showIf = sjsToCondition(logic, (name) => this.refs.get(name)) ?? undefined;
        if (!showIf) this.report.page(index + 1, firstNumber, m.pageLogicDropped(logic));
      }
      const items: DraftItem[] = [];
      this.walk(elementsOf(page), 0, items);
      return {
        id,
        ...(title ? { title: title.slice(0, 200) } : {}),
        ...(description ? { description: plainToRich(description).slice(0, 5000) } : {}),
        ...(showIf ? { showIf, logicSource: logic } : {}),
        firstNumber,
        items,
      };
    });
  }

  private walk(elements: unknown[], depth: number, into: DraftItem[]): void {
    for (const element of elements) {
      if (!isRecord(element)) continue;
      if (String(element.type).toLowerCase() === "panel") this.panel(element, depth, into);
      else this.element(element, into);
    }
  }

  private panel(panel: Element, depth: number, into: DraftItem[]): void {
    if (depth >= MAX_DEPTH) {
      this.report.survey(m.lost(`嵌套超过 ${MAX_DEPTH} 层的面板`));
      return;
    }
    const title = text(panel.title, this.ctx);
    const logic = typeof panel.visibleIf === "string" && panel.visibleIf.trim() ? panel.visibleIf : undefined;
    let group: DraftItem | undefined;
    if (title || logic) {
      const id = this.ids.take(typeof panel.name === "string" ? panel.name : undefined, "g");
      const showIf = logic ? sjsToCondition(logic, (name) => this.refs.get(name)) : null;
      if (logic && !showIf)
        this.report.line(this.number + 0.5, `题组「${snippet(title)}」：${m.logicDropped(logic)}`);
      group = {
        question: {
          id,
          type: "group",
          title: plainToRich(title).slice(0, 5000),
          config: { memberIds: [] },
          ...(showIf ? { showIf } : {}),
        },
        label: title,
        ...(showIf && logic ? { logicSource: logic } : {}),
      };
      into.push(group);
    }
    const start = into.length;
    this.walk(elementsOf(panel), depth + 1, into);
    if (!group) return;
    const members = into.slice(start).map((item) => item.question.id);
    if (members.length === 0) into.splice(into.indexOf(group), 1);
    else (group.question.config as { memberIds: string[] }).memberIds = members;
  }

  private element(element: Element, into: DraftItem[]): void {
    this.number += 1;
    const name = typeof element.name === "string" ? element.name : undefined;
    const label = text(element.title, this.ctx) || name || "";
    this.at = { number: this.number, label };
    if (element.visible === false) {
      this.ctx.note(m.hiddenQuestion());
      return;
    }
    const required = element.isRequired === true;
    const mapped = mapElement(element, this.ctx, required);
    if ("skip" in mapped) {
      this.ctx.note(mapped.skip);
      return;
    }
    const question = this.question(element, mapped, name, label, required);
    const item: DraftItem = { question, number: this.number, label };
    const logic =
      typeof element.visibleIf === "string" && element.visibleIf.trim() ? element.visibleIf : undefined;
    if (logic) {
      const showIf = this.ctx.condition(logic, () => this.ctx.note(m.logicDropped(logic)));
      if (showIf) Object.assign(question, { showIf });
      item.logicSource = logic;
    }
    for (const [key, what] of [
      ["enableIf", "可用条件（enableIf）"],
      ["requiredIf", "条件必答（requiredIf）"],
    ] as const) {
      if (typeof element[key] === "string" && element[key]) this.ctx.note(m.lost(what));
    }
    into.push(item);
    if (name !== undefined) {
      this.refs.set(name, {
        id: question.id,
        valueKind: valueKindOf(mapped.type),
        ...(mapped.byValue ? { options: mapped.byValue } : {}),
        ...(mapped.rows ? { rows: mapped.rows } : {}),
        ...(mapped.columnLabels ? { columnLabels: mapped.columnLabels } : {}),
        ...(mapped.blanks ? { blanks: mapped.blanks } : {}),
      });
    }
  }

  private question(
    element: Element,
    mapped: Mapped,
    name: string | undefined,
    label: string,
    required: boolean,
  ) {
    const id = this.ids.take(name, "q");
    const description = text(element.description, this.ctx);
    let title = mapped.paragraph ?? plainToRich(this.piped(label));
    let extra = "";
    if (title.length > 5000) {
      // A long 说明 (html element) keeps its text as the paragraph's description.
      extra = title;
      title = "";
    }
    const question: Record<string, unknown> = {
      id,
      type: mapped.type,
      title,
      required: mapped.type === "paragraph" ? false : required,
      config: mapped.config,
    };
    const fullDescription = extra || (description ? plainToRich(description) : "");
    if (fullDescription) question.description = fullDescription.slice(0, 20000);
    if (mapped.randomize) question.randomizeOptions = mapped.randomize;
    this.optionSource(element, question);
    this.correctAnswer(element, mapped, question);
    return question as QuestionInput;
  }

  private optionSource(element: Element, question: Record<string, unknown>): void {
    if (typeof element.choicesFromQuestion !== "string") return;
    const ref = this.refs.get(element.choicesFromQuestion);
    const mode = element.choicesFromQuestionMode;
    if (ref && (mode === "selected" || mode === "unselected"))
      question.optionSource = { questionId: ref.id, mode };
    else this.ctx.note(m.lost("引用其他题目的选项"));
  }

  private correctAnswer(element: Element, mapped: Mapped, question: Record<string, unknown>): void {
    const answer = element.correctAnswer;
    if (answer === undefined || answer === null) return;
    const points = numberOf(element.score) ?? numberOf(element.points) ?? 1;
    const options = (mapped.config.options ?? []) as { id: string; correct?: boolean }[];
    const mark = (values: unknown[]) => {
      const ids = values.map((value) => mapped.byValue?.get(valueKey(value)));
      if (ids.length === 0 || ids.some((value) => value === undefined)) return false;
      for (const option of options) if (ids.includes(option.id)) option.correct = true;
      return true;
    };
    let scoring: Record<string, unknown> | undefined;
    if (singleKeyed.has(mapped.type) && mark([answer])) scoring = { mode: "single", points };
    else if (multipleKeyed.has(mapped.type) && Array.isArray(answer) && mark(answer))
      scoring = { mode: "allOrNothing", points };
    else if ((mapped.type === "text" || mapped.type === "textarea") && typeof answer !== "object")
      scoring = {
        mode: "text",
        points,
        accepted: [String(answer)],
        match: "exact",
        ignoreCase: true,
        ignoreSpaces: true,
      };
    if (scoring) {
      question.scoring = scoring;
      this.scored = true;
    } else this.ctx.note(m.lost("正确答案"));
  }
}

function settingsOf(json: Element, report: ImportReport): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  if (json.showQuestionNumbers === "off" || json.showQuestionNumbers === false) settings.numbering = "none";
  if (json.questionsOrder === "random") settings.randomizeQuestions = {};
  const seconds = numberOf(json.maxTimeToFinish);
  if (seconds !== undefined && seconds > 0)
    settings.exam = { timeLimitMinutes: Math.max(1, Math.ceil(seconds / 60)) };
  if (Array.isArray(json.triggers) && json.triggers.length > 0)
    report.survey(m.surveyLost("触发器（triggers）"));
  if (Array.isArray(json.calculatedValues) && json.calculatedValues.length > 0)
    report.survey(m.surveyLost("计算值（calculatedValues）"));
  return settings;
}

/** A SurveyJS survey (already parsed JSON) as a draft definition with its report. */
export function surveyJsDraft(json: Element, fallbackTitle: string, kind?: QuestionnaireKind): Draft {
  const locale = typeof json.locale === "string" ? json.locale : undefined;
  const importer = new SjsImporter(locale);
  const pages = importer.pages(json);
  const title = text(json.title, importer.ctx).replace(/\s+/g, " ") || fallbackTitle;
  if (title.length > 200) importer.report.survey(m.truncated("问卷标题", 200));
  const description = text(json.description, importer.ctx);
  return {
    kind: kind ?? (importer.scored ? "exam" : "survey"),
    title: title.slice(0, 200),
    ...(description ? { description: plainToRich(description).slice(0, 20000) } : {}),
    pages,
    settings: settingsOf(json, importer.report),
    report: importer.report,
    sourceCount: importer.number,
  };
}
