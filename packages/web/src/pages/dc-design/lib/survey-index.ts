import { type Page, type Question, richTextToPlain, type SurveyDefinition } from "@wjgj/core";
import { isAnswerable } from "./question-meta.ts";

export interface QuestionInfo {
  question: Question;
  page: Page;
  pageIndex: number;
  /** Position among all items of the questionnaire. */
  order: number;
  /** 题号 by position among answerable questions; layout items have none. */
  number: number | null;
}

export interface SurveyIndex {
  byId: ReadonlyMap<string, QuestionInfo>;
  /** Every question id in definition order. */
  ids: readonly string[];
  pageNumberById: ReadonlyMap<string, number>;
}

/** One pass over the draft for lookups by id, numbering and "earlier than" checks. O(n), cheap at 500. */
export function indexSurvey(definition: SurveyDefinition): SurveyIndex {
  const byId = new Map<string, QuestionInfo>();
  const ids: string[] = [];
  const pageNumberById = new Map<string, number>();
  let number = 0;
  definition.pages.forEach((page, pageIndex) => {
    pageNumberById.set(page.id, pageIndex + 1);
    for (const question of page.questions) {
      const numbered = isAnswerable(question.type);
      if (numbered) number += 1;
      byId.set(question.id, {
        question,
        page,
        pageIndex,
        order: ids.length,
        number: numbered ? number : null,
      });
      ids.push(question.id);
    }
  });
  return { byId, ids, pageNumberById };
}

/** Plain, single-line text of a (rich) title, shortened for lists and summaries. */
export function plainTitle(html: string, max = 40): string {
  const text = richTextToPlain(html).replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** How summaries name a question: 第2题, or the title of an unnumbered item. */
export function questionLabel(index: SurveyIndex, id: string): string {
  const info = index.byId.get(id);
  if (!info) return "（已删除的题目）";
  if (info.number !== null) return `第${info.number}题`;
  return `「${plainTitle(info.question.title, 12) || "无标题"}」`;
}
