import { questionarySorts, questionaryStatuses, questionnaireKinds } from "@wjgj/core";
import { z } from "zod";
import {
  blankAsAbsent,
  booleanParam,
  enumParam,
  idParam,
  intFromText,
  jsonObjectParam,
  MAX_INT,
  pageNumParam,
  pageSizeParam,
  textParam,
} from "../../http/params.ts";

export const kindParam = enumParam(questionnaireKinds, "questionaryKindInvalid");
const titleParam = textParam("questionaryTitleInvalid", { min: 1, max: 200 });

/** Whole definitions are validated by core (parseClientDefinition), which reports paths. */
const definitionParam = z.unknown();

export const idInput = z.object({ id: idParam });

export const addInput = z.object({
  kind: kindParam,
  title: titleParam,
  categoryId: blankAsAbsent(textParam("questionaryKindInvalid", { max: 32 })),
  definition: definitionParam.optional(),
});

export const listInput = z.object({
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
  title: blankAsAbsent(textParam("keywordInvalid", { max: 50 })),
  kind: blankAsAbsent(kindParam),
  status: blankAsAbsent(enumParam(questionaryStatuses, "statusInvalid")),
  sort: blankAsAbsent(enumParam(questionarySorts, "listSortInvalid")),
  starred: blankAsAbsent(booleanParam("starredInvalid")),
});

export const recycleListInput = listInput.pick({ pageNum: true, pageSize: true, title: true });

export const starInput = z.object({ id: idParam, starred: booleanParam("starredInvalid") });

export const saveInput = z.object({
  id: idParam,
  definition: definitionParam,
  baseVersion: intFromText("versionInvalid", 1, MAX_INT),
});

export const settingsInput = z.object({
  id: idParam,
  settings: jsonObjectParam(z.record(z.string(), z.unknown(), { error: "请提交要修改的设置" })),
  /** The values the client last saw for the keys it changes; absent to overwrite (覆盖). */
  base: blankAsAbsent(jsonObjectParam(z.record(z.string(), z.unknown()))),
});

export const kindFilterInput = z.object({ kind: blankAsAbsent(kindParam) });
