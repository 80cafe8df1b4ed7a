import {
  OFFICIAL_TEMPLATE_AUTHOR,
  type QuestionnaireKind,
  questionnaireKindNames,
  type TemplateCard,
  type TemplateDetail,
  templateReviewStateNames,
} from "@wjgj/core";
import { chinaDateTime } from "../clock.ts";
import { readDefinition } from "../commands/questionnaires/store.ts";
import { categoryNameOf, readTags } from "../commands/templates/store.ts";
import type { TemplateCardRow, TemplateRow } from "../db/tables/templates.ts";

/** Names the rows do not carry: professions by id, authors by user id. */
export interface TemplateNames {
  professions: ReadonlyMap<number, string>;
  authors: ReadonlyMap<number, string>;
}

export function presentTemplateCard(row: TemplateCardRow, names: TemplateNames): TemplateCard {
  const kind = row.kind as QuestionnaireKind;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    cover: row.cover,
    kind,
    kindName: questionnaireKindNames[kind] ?? row.kind,
    categoryId: row.categoryId,
    categoryName: categoryNameOf(row.kind, row.categoryId),
    professionId: row.professionId,
    professionName: row.professionId === null ? "" : (names.professions.get(row.professionId) ?? ""),
    tags: readTags(row.tags),
    questionCount: row.questionCount,
    useCount: row.useCount,
    official: row.official === 1,
    featured: row.featured === 1,
    visibility: row.visibility,
    reviewState: row.reviewState,
    reviewStateName: templateReviewStateNames[row.reviewState],
    rejectReason: row.rejectReason,
    authorName:
      row.official === 1 || row.ownerId === null
        ? OFFICIAL_TEMPLATE_AUTHOR
        : (names.authors.get(row.ownerId) ?? ""),
    createdAt: chinaDateTime(row.createdAt),
    updatedAt: chinaDateTime(row.updatedAt),
  };
}

export function presentTemplateDetail(
  row: TemplateRow,
  names: TemplateNames,
  editable: boolean,
): TemplateDetail {
  return { ...presentTemplateCard(row, names), definition: readDefinition(row.definition), editable };
}
