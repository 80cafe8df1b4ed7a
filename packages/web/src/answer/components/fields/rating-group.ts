import type { FieldComponent } from "../field-types.ts";
import {
  AllocationField,
  LikertField,
  NpsField,
  RankingField,
  SliderField,
  StarField,
} from "../rating/rating-fields.tsx";

/** The rating group: registered by the registry's loader (or all.ts) when it is loaded. */
export const ratingFields: Readonly<Record<string, FieldComponent>> = {
  star: StarField,
  nps: NpsField,
  likert: LikertField,
  slider: SliderField,
  allocation: AllocationField,
  ranking: RankingField,
};
