import type { TemplateReviewState, TemplateVisibility } from "@wjgj/core";
import type { Generated, Selectable } from "kysely";

export const templatesTable = "templates";

/** A template: a definition snapshot with its gallery metadata and review state. */
export interface TemplatesTable {
  id: Generated<number>;
  /** Null for the site's official templates. */
  ownerId: number | null;
  official: number;
  kind: string;
  /** The scene category (场景), one of the kind's categories in core's questionaryKindInfos. */
  categoryId: string;
  professionId: number | null;
  title: string;
  description: string;
  cover: string;
  /** JSON array of short tags. */
  tags: string;
  searchText: string;
  definition: string;
  questionCount: number;
  visibility: TemplateVisibility;
  reviewState: TemplateReviewState;
  rejectReason: string;
  featured: number;
  useCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface TemplateProfessionsTable {
  id: Generated<number>;
  name: string;
  sort: number;
  createdAt: string;
}

export type TemplateRow = Selectable<TemplatesTable>;

/** Every column but the definition: what lists read. */
export const templateCardColumns = [
  "id",
  "ownerId",
  "official",
  "kind",
  "categoryId",
  "professionId",
  "title",
  "description",
  "cover",
  "tags",
  "questionCount",
  "visibility",
  "reviewState",
  "rejectReason",
  "featured",
  "useCount",
  "createdAt",
  "updatedAt",
] as const satisfies readonly Exclude<keyof TemplateRow, "definition" | "searchText">[];

export type TemplateCardRow = Pick<TemplateRow, (typeof templateCardColumns)[number]>;
