import {
  CODE_FILTER_MAX,
  codeFilterMatches,
  conditionSchema,
  exportKinds,
  messages,
  responseSourceNames,
  reviewStates,
} from "@wjgj/core";
import { z } from "zod";
import { blankAsAbsent, booleanParam, enumParam, idParam, jsonObjectParam } from "../../http/params.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(text: string): boolean {
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2100 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const dayParam = z
  .string({ error: messages.exportDateInvalid })
  .regex(DAY, messages.exportDateInvalid)
  .refine(isRealDay, messages.exportDateInvalid);

const sources = Object.keys(responseSourceNames) as [string, ...string[]];

/** Size of a stored filter: answer conditions from the 筛选 panel ride along, but not without bound. */
const FILTER_MAX_CHARS = 10_000;

/**
 * The filter's size as stored. Further keys are kept as sent, so they may nest thousands deep: stringifying
 * those overflows the stack (RangeError), and such a filter is too large to store by any measure.
 */
function storedSize(filter: unknown): number {
  try {
    return JSON.stringify(filter).length;
  } catch (error) {
    if (error instanceof RangeError) return Number.POSITIVE_INFINITY;
    throw error;
  }
}

/** 筛选 by 编码: 1–20 code ids and how they combine. */
export const codeFilterSchema = z.object(
  {
    codeIds: z
      .array(
        z
          .number({ error: messages.filterCodesInvalid })
          .int(messages.filterCodesInvalid)
          .positive(messages.filterCodesInvalid)
          .max(2_147_483_647, messages.filterCodesInvalid),
        { error: messages.filterCodesInvalid },
      )
      .min(1, messages.filterCodesInvalid)
      .max(CODE_FILTER_MAX, messages.filterCodesInvalid),
    match: z.enum(codeFilterMatches, { error: messages.filterCodesInvalid }),
  },
  { error: messages.filterCodesInvalid },
);

/**
 * The export filter: status, dates, sources and the 筛选 panel's answer condition (checked against the
 * questionnaire when the job is created); further keys are kept as sent. `null`s of untouched form fields
 * count as absent.
 */
export const exportFilterSchema = z
  .looseObject(
    {
      includeInvalid: blankAsAbsent(booleanParam("exportFilterInvalid")),
      startDate: blankAsAbsent(dayParam),
      endDate: blankAsAbsent(dayParam),
      sources: z
        .array(enumParam(sources, "exportSourceInvalid"), { error: messages.exportSourceInvalid })
        .max(20)
        .optional(),
      condition: conditionSchema.optional(),
      codes: codeFilterSchema.optional(),
      review: blankAsAbsent(enumParam(reviewStates, "reviewStateInvalid")),
      weighted: blankAsAbsent(booleanParam("exportFilterInvalid")),
      fullPersonal: blankAsAbsent(booleanParam("exportFilterInvalid")),
    },
    { error: messages.exportFilterInvalid },
  )
  .refine((filter) => !filter.startDate || !filter.endDate || filter.startDate <= filter.endDate, {
    message: messages.exportDateOrder,
    path: ["endDate"],
  })
  .refine((filter) => storedSize(filter) <= FILTER_MAX_CHARS, messages.exportFilterInvalid);

export const createInput = z.object({
  questionnaireId: idParam,
  kind: enumParam(exportKinds, "exportKindInvalid"),
  filter: blankAsAbsent(jsonObjectParam(exportFilterSchema)),
});

export const listInput = z.object({ questionnaireId: idParam });

export const jobInput = z.object({ questionnaireId: idParam, id: idParam });

/** `export/file`: the signed token of a 下载链接 (checked in full by openFileLink). */
export const fileLinkInput = z.object({
  t: z.string({ error: messages.exportLinkInvalid }).max(200, messages.exportLinkInvalid),
});
