import { z } from "zod";
import { pageNumParam, pageSizeParam } from "../../http/params.ts";

/** Paged lists filtered by (part of) a phone number. */
export const phoneSearchInput = z.object({
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
  phone: z
    .string({ error: "手机号搜索条件需为文本" })
    .trim()
    .max(20, "手机号搜索条件过长")
    .regex(/^\d*$/, "手机号搜索条件只能包含数字")
    .optional(),
});
