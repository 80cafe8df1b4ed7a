import { appointmentType } from "./advanced/appointment.ts";
import { bookingType } from "./advanced/booking.ts";
import { fileUploadType } from "./advanced/file-upload.ts";
import { personalType } from "./advanced/personal.ts";
import { productType } from "./advanced/product.ts";
import { regionType } from "./advanced/region.ts";
import { signatureType } from "./advanced/signature.ts";
import { cascaderType } from "./choice/cascader.ts";
import { dropdownType } from "./choice/dropdown.ts";
import { imageMultipleType } from "./choice/image-multiple.ts";
import { imageSingleType } from "./choice/image-single.ts";
import { multipleType } from "./choice/multiple.ts";
import { singleType } from "./choice/single.ts";
import { trueFalseType } from "./choice/true-false.ts";
import { voteMultipleType } from "./choice/vote-multiple.ts";
import { voteSingleType } from "./choice/vote-single.ts";
import { dividerType } from "./layout/divider.ts";
import { groupType } from "./layout/group.ts";
import { pageBreakType } from "./layout/page-break.ts";
import { paragraphType } from "./layout/paragraph.ts";
import { matrixDropdownType } from "./matrix/matrix-dropdown.ts";
import { matrixFillType } from "./matrix/matrix-fill.ts";
import { matrixMultipleType } from "./matrix/matrix-multiple.ts";
import { matrixScaleType } from "./matrix/matrix-scale.ts";
import { matrixSingleType } from "./matrix/matrix-single.ts";
import { tableType } from "./matrix/table.ts";
import type { AnyQuestionModule } from "./module.ts";
import { type PaletteGroup, paletteGroupNames, paletteGroups } from "./palette.ts";
import { allocationType } from "./rating/allocation.ts";
import { likertType } from "./rating/likert.ts";
import { npsType } from "./rating/nps.ts";
import { rankingType } from "./rating/ranking.ts";
import { sliderType } from "./rating/slider.ts";
import { starType } from "./rating/star.ts";
import { dateType } from "./text/date.ts";
import { dateRangeType } from "./text/date-range.ts";
import { inlineBlankType } from "./text/inline-blank.ts";
import { multiBlankType } from "./text/multi-blank.ts";
import { multiLineType } from "./text/multi-line.ts";
import { numberType } from "./text/number.ts";
import { singleLineType } from "./text/single-line.ts";
import { timeType } from "./text/time.ts";

/** Every question type, in palette order. Adding a type means adding its module here and in the union. */
export const questionTypes = [
  singleType,
  multipleType,
  dropdownType,
  cascaderType,
  imageSingleType,
  imageMultipleType,
  trueFalseType,
  voteSingleType,
  voteMultipleType,
  singleLineType,
  multiLineType,
  multiBlankType,
  inlineBlankType,
  numberType,
  dateType,
  timeType,
  dateRangeType,
  starType,
  npsType,
  likertType,
  sliderType,
  allocationType,
  rankingType,
  matrixSingleType,
  matrixMultipleType,
  matrixFillType,
  matrixScaleType,
  matrixDropdownType,
  tableType,
  fileUploadType,
  signatureType,
  regionType,
  personalType,
  bookingType,
  productType,
  appointmentType,
  paragraphType,
  pageBreakType,
  dividerType,
  groupType,
] as const;

export type QuestionType = (typeof questionTypes)[number]["type"];

const byType: ReadonlyMap<string, AnyQuestionModule> = new Map(
  questionTypes.map((module): [string, AnyQuestionModule] => [module.type, module]),
);

export function getQuestionType(type: string): AnyQuestionModule | undefined {
  return byType.get(type);
}

/** The module of a question known to be valid (its type came through the definition schema). */
export function moduleOf(question: { type: string }): AnyQuestionModule {
  const module = byType.get(question.type);
  if (!module) throw new Error(`Unknown question type ${question.type}`);
  return module;
}

export interface PaletteSection {
  group: PaletteGroup;
  name: string;
  items: { type: QuestionType; name: string }[];
}

/** The designer's palette: groups with Chinese names and their types. */
export function palette(): PaletteSection[] {
  return paletteGroups.map((group) => ({
    group,
    name: paletteGroupNames[group],
    items: questionTypes
      .filter((module) => module.group === group && !module.retired)
      .map(({ type, name }) => ({ type, name })),
  }));
}
