import type {
  QuestionaryCover,
  QuestionaryKindInfo,
  QuestionarySummary,
  SurveyDefinition,
  TemplateCard,
  TemplateDetail,
  TemplateProfession,
  TemplateReviewState,
  TemplateSort,
  TemplateVisibility,
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
  /** public: submitted for review at once (模板作者 only). */
  visibility?: TemplateVisibility;
}

/** A template's metadata as the template designer (and 模板管理) edits it. */
export interface TemplateMetadataInput {
  title?: string;
  description?: string;
  cover?: string;
  kind?: string;
  categoryId?: string;
  professionId?: number | null;
  tags?: string[];
}

export interface TemplateUpdateInput extends TemplateMetadataInput {
  id: number;
  definition?: SurveyDefinition;
  visibility?: TemplateVisibility;
}

export interface AdminTemplateQuery extends TemplateQuery {
  reviewState?: TemplateReviewState;
  official?: boolean;
}

/** Drops empty filters so the query string carries only what is set. */
export function templateParams(query: TemplateQuery | AdminTemplateQuery): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== "")
      .map(([key, value]) => [key, typeof value === "boolean" ? Number(value) : value]),
  );
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
  /** 新建模板: an empty template of the viewer, opened in the template designer. */
  create: (input: { title: string; kind: string; definition: SurveyDefinition }) =>
    http.postJson<TemplateCard>("template/addTemplate", input),
  /** Autosave of the template designer and its 模板信息 / 提交审核 (JSON: whole definitions travel). */
  update: (input: TemplateUpdateInput) => http.postJson<TemplateCard>("template/updateTemplate", input),
  covers: () => http.get<QuestionaryCover[]>("questionary/getQuestionaryCoverList"),
};

/** 模板管理 (admin console). */
export const adminTemplatesApi = {
  list: (query: AdminTemplateQuery) =>
    http.get<PageOf<TemplateCard>>("admin/template/list", templateParams(query)),
  review: (input: { id: number; approve: boolean; reason?: string }) =>
    http.post<TemplateCard>("admin/template/review", {
      id: input.id,
      approve: input.approve ? 1 : 0,
      ...(input.reason ? { reason: input.reason } : {}),
    }),
  feature: (id: number, featured: boolean) =>
    http.post<TemplateCard>("admin/template/feature", { id, featured: featured ? 1 : 0 }),
  takeDown: (id: number, takenDown: boolean) =>
    http.post<TemplateCard>("admin/template/takeDown", { id, takenDown: takenDown ? 1 : 0 }),
  update: (input: TemplateMetadataInput & { id: number }) =>
    http.postJson<TemplateCard>("admin/template/update", input),
  remove: (id: number) => http.post<null>("admin/template/delete", { id }),
};

export const templateKeys = {
  list: (tab: string, query: TemplateQuery) => ["templates", tab, query] as const,
  detail: (id: number) => ["templates", "detail", id] as const,
  professions: ["templates", "professions"] as const,
  kinds: ["templates", "kinds"] as const,
  covers: ["templates", "covers"] as const,
  admin: (query: AdminTemplateQuery) => ["templates", "admin", query] as const,
};
