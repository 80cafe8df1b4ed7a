import { messages, templateReviewStates, templateSorts, templateVisibilities } from "@wjgj/core";
import { z } from "zod";
import {
  blankAsAbsent,
  booleanParam,
  enumParam,
  idParam,
  optionalIdParam,
  pageNumParam,
  pageSizeParam,
  sortParam,
  textParam,
  urlParam,
} from "../../http/params.ts";
import { kindParam } from "../questionary/schema.ts";

/** Tags as a JSON array or as text split by commas or spaces (a form field). */
const tagsParam = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value.trim().startsWith("[")
        ? safeJson(value)
        : value.split(/[,，、\s]+/).filter(Boolean)
      : value,
  z
    .array(
      z
        .string(messages.templateTagsInvalid)
        .trim()
        .min(1, messages.templateTagsInvalid)
        .max(10, messages.templateTagsInvalid),
      {
        error: messages.templateTagsInvalid,
      },
    )
    .max(5, messages.templateTagsInvalid),
);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A whole definition (checked by core, which reports paths); form fields carry it as JSON text. */
const definitionParam = z.preprocess(
  (value) => (typeof value === "string" ? safeJson(value) : value),
  z.unknown(),
);

const fields = {
  title: blankAsAbsent(textParam("templateTitleInvalid", { min: 1, max: 100 })),
  description: blankAsAbsent(textParam("templateDescriptionInvalid", { max: 500, multiline: true })),
  kind: blankAsAbsent(kindParam),
  categoryId: blankAsAbsent(textParam("templateCategoryInvalid", { max: 32 })),
  professionId: optionalIdParam,
  tags: blankAsAbsent(tagsParam),
  cover: blankAsAbsent(urlParam("templateCoverInvalid")),
  definition: definitionParam.optional(),
  visibility: blankAsAbsent(enumParam(templateVisibilities, "templateVisibilityInvalid")),
};

export const addTemplateInput = z.object({
  ...fields,
  questionaryId: optionalIdParam,
  official: blankAsAbsent(booleanParam("invalidInput")),
});

export const updateTemplateInput = z.object({ id: idParam, ...fields });

export const idInput = z.object({ id: idParam });

export const galleryInput = z.object({
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
  keyword: blankAsAbsent(textParam("keywordInvalid", { max: 50 })),
  kind: blankAsAbsent(kindParam),
  categoryId: blankAsAbsent(textParam("templateCategoryInvalid", { max: 32 })),
  professionId: optionalIdParam,
  sort: blankAsAbsent(enumParam(templateSorts, "templateSortInvalid")),
  featured: blankAsAbsent(booleanParam("invalidInput")),
});

export const adminTemplateListInput = galleryInput.extend({
  reviewState: blankAsAbsent(enumParam(templateReviewStates, "templateReviewStateInvalid")),
  official: blankAsAbsent(booleanParam("invalidInput")),
});

export const reviewInput = z
  .object({
    id: idParam,
    approve: booleanParam("invalidInput"),
    reason: blankAsAbsent(textParam("templateRejectReasonInvalid", { min: 1, max: 200 })),
  })
  .refine((v) => v.approve || v.reason !== undefined, {
    message: messages.templateRejectReasonInvalid,
    path: ["reason"],
  });

/** 编辑信息 in 模板管理: metadata only; the questions stay as reviewed. */
export const adminTemplateUpdateInput = z.object({
  id: idParam,
  title: fields.title,
  description: fields.description,
  kind: fields.kind,
  categoryId: fields.categoryId,
  professionId: fields.professionId,
  tags: fields.tags,
  cover: fields.cover,
});

export const takeDownTemplateInput = z.object({ id: idParam, takenDown: booleanParam("invalidInput") });

export const featureInput = z.object({ id: idParam, featured: booleanParam("invalidInput") });

export const professionSaveInput = z.object({
  id: optionalIdParam,
  name: textParam("professionNameInvalid", { min: 1, max: 20 }),
  sort: sortParam,
});
