import type {
  QuestionaryKindInfo,
  QuestionarySummary,
  TemplateCard,
  TemplateDetail,
  TemplateProfession,
  TemplateSort,
} from "@wjgj/core";
import type { PageOf } from "./navigation.ts";
import { http } from "./request.ts";

export interface TemplateQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  kind?: string;
  categoryId?: string;
  professionId?: number;
  sort?: TemplateSort;
}

/** 另存为模板: a questionnaire saved as a private template of its author. */
export interface SaveAsTemplateInput {
  questionaryId: number;
  title: string;
  description?: string;
  kind: string;
  professionId?: number;
  tags?: string[];
}

/** Drops empty filters so the query string carries only what is set. */
export function templateParams(query: TemplateQuery): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ""));
}

/** The template calls (template/*, navigation/*Template*): one typed client. */
export const templatesApi = {
  gallery: (query: TemplateQuery) =>
    http.get<PageOf<TemplateCard>>("navigation/getChoiceTemplateList", templateParams(query)),
  mine: (query: TemplateQuery) =>
    http.get<PageOf<TemplateCard>>("template/getMyTemplateList", templateParams(query)),
  professions: () => http.get<TemplateProfession[]>("navigation/getProfessionList"),
  kinds: () => http.get<QuestionaryKindInfo[]>("navigation/getQuestionaryTypeList"),
  detail: (id: number) => http.get<TemplateDetail>("template/getTemplateDetail", { id }),
  saveFromQuestionnaire: ({ tags, ...input }: SaveAsTemplateInput) =>
    http.post<TemplateCard>("template/addTemplate", {
      ...input,
      ...(tags && tags.length > 0 ? { tags: JSON.stringify(tags) } : {}),
    }),
  quote: (id: number) => http.post<QuestionarySummary>("navigation/quoteTemplate", { id }),
  remove: (id: number) => http.post<null>("template/delTemplate", { id }),
};

export const templateKeys = {
  list: (tab: string, query: TemplateQuery) => ["templates", tab, query] as const,
  detail: (id: number) => ["templates", "detail", id] as const,
  professions: ["templates", "professions"] as const,
  kinds: ["templates", "kinds"] as const,
};
