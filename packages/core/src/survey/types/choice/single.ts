import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { defaultOptions } from "../helpers/choice.ts";
import { questionTypeNames } from "../names.ts";
import { singleChoiceType } from "./single-choice-base.ts";

const configSchema = z.object({
  options: z.array(optionSchema).max(500).default([]),
  columns: z.number().int().min(1).max(6).default(1),
});
export type SingleConfig = z.output<typeof configSchema>;

export const singleType = singleChoiceType({
  type: "single",
  name: questionTypeNames.single,
  group: "choice",
  configSchema,
  defaults: () => ({ options: defaultOptions(2), columns: 1 }),
});
