import { limits, messages } from "@wjgj/core";
import { z } from "zod";
import {
  blankAsAbsent,
  enumParam,
  idParam,
  intFromText,
  optionalIdParam,
  pageNumParam,
  pageSizeParam,
  phoneParam,
  textParam,
} from "../../http/params.ts";

export const emptyInput = z.object({});
export const idInput = z.object({ id: idParam });

/** The site keeps the label as text and sends "" (or 0) for 全部 (§3). */
const labelIdParam = z.preprocess(
  (value) => (value === "" || value === "0" || value === 0 ? undefined : value),
  idParam.optional(),
);

/** News list paging: 8 per page from page 1 (§9), at most 50. */
export const newsListInput = z.object({
  labelId: labelIdParam,
  pageNum: intFromText("pageNumInvalid", 1, 1_000_000).default(limits.newsFirstPage),
  pageSize: intFromText("newsPageSizeInvalid", 1, 50).default(limits.newsPageSize),
});

export const friendLinkInput = z.object({
  name: textParam("friendLinkNameInvalid", { min: 1, max: 40 }),
  url: z
    .string({ error: messages.friendLinkUrlInvalid })
    .trim()
    .max(300, messages.friendLinkUrlInvalid)
    .regex(/^https?:\/\/[^\s"'<>\\/]+(?:\/[^\s"'<>\\]*)?$/i, messages.friendLinkUrlInvalid),
  contact: textParam("friendLinkContactInvalid", { min: 1, max: 100 }),
});

const emailParam = z
  .string({ error: messages.emailInvalid })
  .trim()
  .max(100, messages.emailInvalid)
  .regex(/^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/, messages.emailInvalid);

export const leadInput = z.object({
  kind: enumParam(["service", "contact"], "leadKindInvalid"),
  name: textParam("leadNameInvalid", { min: 1, max: 40 }),
  phone: phoneParam,
  company: textParam("companyInvalid", { max: 100 }).default(""),
  email: blankAsAbsent(emailParam).transform((value) => value ?? ""),
  content: textParam("leadContentInvalid", { max: 2000, multiline: true }).default(""),
});

export const helpArticleListInput = z.object({
  categoryId: optionalIdParam,
  keyword: blankAsAbsent(textParam("keywordInvalid", { max: 50 })),
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
});
