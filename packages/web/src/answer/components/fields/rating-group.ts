import {
  AllocationField,
  LikertField,
  NpsField,
  RankingField,
  SliderField,
  StarField,
} from "../rating/rating-fields.tsx";
import { registerFields } from "./registry.ts";

registerFields({
  star: StarField,
  nps: NpsField,
  likert: LikertField,
  slider: SliderField,
  allocation: AllocationField,
  ranking: RankingField,
});
