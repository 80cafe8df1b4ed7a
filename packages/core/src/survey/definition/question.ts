import type { z } from "zod";
import { z as zod } from "zod";
import { appointmentType } from "../types/advanced/appointment.ts";
import { bookingType } from "../types/advanced/booking.ts";
import { fileUploadType } from "../types/advanced/file-upload.ts";
import { personalType } from "../types/advanced/personal.ts";
import { productType } from "../types/advanced/product.ts";
import { regionType } from "../types/advanced/region.ts";
import { signatureType } from "../types/advanced/signature.ts";
import { cascaderType } from "../types/choice/cascader.ts";
import { dropdownType } from "../types/choice/dropdown.ts";
import { imageMultipleType } from "../types/choice/image-multiple.ts";
import { imageSingleType } from "../types/choice/image-single.ts";
import { multipleType } from "../types/choice/multiple.ts";
import { singleType } from "../types/choice/single.ts";
import { trueFalseType } from "../types/choice/true-false.ts";
import { voteMultipleType } from "../types/choice/vote-multiple.ts";
import { voteSingleType } from "../types/choice/vote-single.ts";
import { dividerType } from "../types/layout/divider.ts";
import { groupType } from "../types/layout/group.ts";
import { paragraphType } from "../types/layout/paragraph.ts";
import { matrixDropdownType } from "../types/matrix/matrix-dropdown.ts";
import { matrixFillType } from "../types/matrix/matrix-fill.ts";
import { matrixMultipleType } from "../types/matrix/matrix-multiple.ts";
import { matrixScaleType } from "../types/matrix/matrix-scale.ts";
import { matrixSingleType } from "../types/matrix/matrix-single.ts";
import { tableType } from "../types/matrix/table.ts";
import { allocationType } from "../types/rating/allocation.ts";
import { likertType } from "../types/rating/likert.ts";
import { npsType } from "../types/rating/nps.ts";
import { rankingType } from "../types/rating/ranking.ts";
import { sliderType } from "../types/rating/slider.ts";
import { starType } from "../types/rating/star.ts";
import { dateType } from "../types/text/date.ts";
import { dateRangeType } from "../types/text/date-range.ts";
import { inlineBlankType } from "../types/text/inline-blank.ts";
import { multiBlankType } from "../types/text/multi-blank.ts";
import { multiLineType } from "../types/text/multi-line.ts";
import { numberType } from "../types/text/number.ts";
import { singleLineType } from "../types/text/single-line.ts";
import { timeType } from "../types/text/time.ts";
import { questionSchemaOf } from "./question-base.ts";

function of<T extends string, C, CI>(module: { type: T; configSchema: z.ZodType<C, CI> }) {
  return questionSchemaOf(module.type, module.configSchema);
}

/**
 * A question of any type, discriminated by `type`. 分页 is not here: pages are structural (`pages[]`).
 */
export const questionSchema = zod.discriminatedUnion("type", [
  of(singleType),
  of(multipleType),
  of(dropdownType),
  of(cascaderType),
  of(imageSingleType),
  of(imageMultipleType),
  of(trueFalseType),
  of(voteSingleType),
  of(voteMultipleType),
  of(singleLineType),
  of(multiLineType),
  of(multiBlankType),
  of(inlineBlankType),
  of(numberType),
  of(dateType),
  of(timeType),
  of(dateRangeType),
  of(starType),
  of(npsType),
  of(likertType),
  of(sliderType),
  of(allocationType),
  of(rankingType),
  of(matrixSingleType),
  of(matrixMultipleType),
  of(matrixFillType),
  of(matrixScaleType),
  of(matrixDropdownType),
  of(tableType),
  of(fileUploadType),
  of(signatureType),
  of(regionType),
  of(personalType),
  of(bookingType),
  of(productType),
  of(appointmentType),
  of(paragraphType),
  of(dividerType),
  of(groupType),
]);

export type Question = z.output<typeof questionSchema>;
export type QuestionInput = z.input<typeof questionSchema>;
export type QuestionOfType<T extends Question["type"]> = Extract<Question, { type: T }>;
