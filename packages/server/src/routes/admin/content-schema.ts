import { type MessageKey, messages } from "@wjgj/core";
import { z } from "zod";
import {
  blankAsAbsent,
  booleanParam,
  dateTimeParam,
  enumParam,
  idParam,
  intFromText,
  jsonObjectParam,
  optionalIdParam,
  pageNumParam,
  pageSizeParam,
  sortParam,
  textParam,
  urlParam,
} from "../../http/params.ts";

/** Inputs of the content screens' list and save calls. A save without `id` creates the record. */

const statusParam = enumParam(["draft", "published"], "statusInvalid");
const keywordParam = blankAsAbsent(textParam("keywordInvalid", { max: 50 }));
/** Rich text before sanitising; the sanitiser shortens it, never lengthens it beyond what came. */
const richTextParam = z
  .string({ error: messages.contentRequired })
  .min(1, messages.contentRequired)
  .max(200_000, messages.contentTooLong);

export const pageInput = z.object({ pageNum: pageNumParam, pageSize: pageSizeParam });
export const idInput = z.object({ id: idParam });

export const newsListInput = pageInput.extend({
  labelId: optionalIdParam,
  status: blankAsAbsent(statusParam),
  keyword: keywordParam,
});

export const newsSaveInput = z.object({
  id: optionalIdParam,
  title: textParam("titleInvalid", { min: 1, max: 120 }),
  summary: textParam("summaryInvalid", { max: 300, multiline: true }).default(""),
  cover: urlParam("urlInvalid", { optional: true }).default(""),
  content: richTextParam,
  labelId: optionalIdParam,
  status: statusParam,
  /** When it goes live; a future time schedules it. Absent: now for a new item, unchanged otherwise. */
  publishAt: blankAsAbsent(dateTimeParam()),
});
export type NewsSave = z.output<typeof newsSaveInput>;

export const labelSaveInput = z.object({
  id: optionalIdParam,
  name: textParam("labelNameInvalid", { min: 1, max: 32 }),
  sort: sortParam,
});
export type LabelSave = z.output<typeof labelSaveInput>;

export const helpCategorySaveInput = z.object({
  id: optionalIdParam,
  name: textParam("helpCategoryNameInvalid", { min: 1, max: 32 }),
  sort: sortParam,
});
export type HelpCategorySave = z.output<typeof helpCategorySaveInput>;

export const helpArticleListInput = pageInput.extend({
  categoryId: optionalIdParam,
  status: blankAsAbsent(statusParam),
  keyword: keywordParam,
});

export const helpArticleSaveInput = z.object({
  id: optionalIdParam,
  categoryId: idParam,
  title: textParam("titleInvalid", { min: 1, max: 120 }),
  content: richTextParam,
  status: statusParam,
  sort: sortParam,
});
export type HelpArticleSave = z.output<typeof helpArticleSaveInput>;

export const bannerSaveInput = z.object({
  id: optionalIdParam,
  title: textParam("bannerTitleInvalid", { min: 1, max: 60 }),
  subtitle: textParam("subtitleInvalid", { max: 120 }).default(""),
  image: urlParam("urlInvalid", { optional: true }).default(""),
  link: urlParam("urlInvalid", { optional: true }).default(""),
  sort: sortParam,
  status: statusParam,
});
export type BannerSave = z.output<typeof bannerSaveInput>;

export const menuSaveInput = z.object({
  id: optionalIdParam,
  name: textParam("menuNameInvalid", { min: 1, max: 32 }),
  path: urlParam("menuPathInvalid", { max: 200 }),
  sort: sortParam,
  visible: booleanParam("visibleInvalid").default(true),
});
export type MenuSave = z.output<typeof menuSaveInput>;

const limitValue = z.union(
  [
    z
      .number(messages.limitsInvalid)
      .int(messages.limitsInvalid)
      .min(-1, messages.limitsInvalid)
      .max(1e9, messages.limitsInvalid),
    z.boolean(messages.limitsInvalid),
    z.string(messages.limitsInvalid).max(100, messages.limitsInvalid),
  ],
  { error: messages.limitsInvalid },
);

/** Feature limits by name, e.g. {"questionnaires": 50, "exportExcel": true}; -1 means unlimited. */
const limitsParam = jsonObjectParam(
  z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, messages.limitsInvalid), limitValue, {
      error: messages.limitsInvalid,
    })
    .refine((limits) => Object.keys(limits).length <= 30, messages.limitsInvalid),
);

export const vipSetSaveInput = z.object({
  id: optionalIdParam,
  // Level 0 is the free 个人版: its row only sets the free limits, its prices stay 0.
  level: intFromText("vipSetLevelInvalid", 0, 3),
  name: textParam("vipNameInvalid", { min: 1, max: 32 }),
  badge: textParam("badgeInvalid", { max: 32 }).default(""),
  priceMonthFen: intFromText("priceFenInvalid", 0, 100_000_000),
  priceYearFen: intFromText("priceFenInvalid", 0, 100_000_000),
  limits: limitsParam,
  description: textParam("descriptionInvalid", { max: 500, multiline: true }).default(""),
  sort: sortParam,
  status: statusParam,
});
export type VipSetSave = z.output<typeof vipSetSaveInput>;

/** Ids typed into one box, separated by commas, spaces or 、; at most 12. */
function idListParam(key: MessageKey, item: RegExp) {
  return z
    .string({ error: messages[key] })
    .max(400, messages[key])
    .transform((text) => [...new Set(text.split(/[\s,，、]+/).filter(Boolean))])
    .refine((ids) => ids.length <= 12 && ids.every((id) => item.test(id)), messages[key]);
}

export const hdListInput = pageInput.extend({
  status: blankAsAbsent(statusParam),
  keyword: keywordParam,
});

export const hdSaveInput = z
  .object({
    id: optionalIdParam,
    slug: z
      .string({ error: messages.hdSlugInvalid })
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{1,63}$/, messages.hdSlugInvalid),
    title: textParam("titleInvalid", { min: 1, max: 120 }),
    summary: textParam("summaryInvalid", { max: 300, multiline: true }).default(""),
    banner: urlParam("urlInvalid", { optional: true }).default(""),
    content: richTextParam,
    templateIds: idListParam("hdTemplatesInvalid", /^[1-9]\d{0,9}$/).default([]),
    questionnaireIds: idListParam("hdQuestionnairesInvalid", /^[0-9A-Za-z]{6,16}$/).default([]),
    ctaText: textParam("hdCtaInvalid", { max: 20 }).default(""),
    ctaUrl: urlParam("urlInvalid", { optional: true }).default(""),
    status: statusParam,
  })
  .refine((input) => !input.ctaText || input.ctaUrl, { path: ["ctaUrl"], message: messages.hdCtaInvalid });
export type HdSave = z.output<typeof hdSaveInput>;
