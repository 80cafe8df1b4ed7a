import type { SurveyDefinition } from "../survey/definition/definition.ts";
import type { QuestionnaireKind } from "../survey/definition/kinds.ts";

/**
 * Templates (模板中心, /website/free, the admin's 模板管理): the shapes shared by the server's presenters
 * and the browser's API client.
 */
export const templateVisibilities = ["private", "public"] as const;
export type TemplateVisibility = (typeof templateVisibilities)[number];

/**
 * draft: the author's own; pending: submitted for the public gallery; approved: shown publicly;
 * rejected: refused with a reason; withdrawn: taken back by its author (or an admin) from the gallery.
 */
export const templateReviewStates = ["draft", "pending", "approved", "rejected", "withdrawn"] as const;
export type TemplateReviewState = (typeof templateReviewStates)[number];

export const templateReviewStateNames: Record<TemplateReviewState, string> = {
  draft: "私有",
  pending: "待审核",
  approved: "已通过",
  rejected: "未通过",
  withdrawn: "已撤回",
};

/** 最热 (most used) or 最新 (most recently updated). */
export const templateSorts = ["hot", "new"] as const;
export type TemplateSort = (typeof templateSorts)[number];

export interface TemplateProfession {
  id: number;
  name: string;
  sort: number;
}

/** A card of the gallery and of 我的模板: everything but the definition. */
export interface TemplateCard {
  id: number;
  title: string;
  description: string;
  cover: string;
  kind: QuestionnaireKind;
  kindName: string;
  categoryId: string;
  categoryName: string;
  professionId: number | null;
  professionName: string;
  tags: string[];
  questionCount: number;
  useCount: number;
  official: boolean;
  featured: boolean;
  visibility: TemplateVisibility;
  reviewState: TemplateReviewState;
  reviewStateName: string;
  rejectReason: string;
  /** The author's nickname; "问卷管家官方" for the site's own. */
  authorName: string;
  /** China time "YYYY-MM-DD HH:mm:ss". */
  createdAt: string;
  updatedAt: string;
}

export interface TemplateDetail extends TemplateCard {
  definition: SurveyDefinition;
  /** The viewer may edit it (its author, or an admin for official templates). */
  editable: boolean;
}

/** A cover picture offered by questionary/getQuestionaryCoverList. */
export interface QuestionaryCover {
  id: string;
  name: string;
  url: string;
}

export const OFFICIAL_TEMPLATE_AUTHOR = "问卷管家官方";

/** The site's stock covers (files under the web app's public/template-covers). */
export const questionaryCovers: readonly QuestionaryCover[] = [
  { id: "survey", name: "调研蓝", url: "/template-covers/survey.svg" },
  { id: "exam", name: "考试绿", url: "/template-covers/exam.svg" },
  { id: "form", name: "表单青", url: "/template-covers/form.svg" },
  { id: "vote", name: "投票橙", url: "/template-covers/vote.svg" },
  { id: "satisfaction", name: "满意度紫", url: "/template-covers/satisfaction.svg" },
  { id: "knowledge", name: "竞赛红", url: "/template-covers/knowledge.svg" },
  { id: "business", name: "商务灰", url: "/template-covers/business.svg" },
  { id: "campus", name: "校园黄", url: "/template-covers/campus.svg" },
];
