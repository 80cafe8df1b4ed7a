import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { selectionRangeSchema } from "../../definition/validation-rules.ts";
import { defaultOptions } from "../helpers/choice.ts";
import { questionTypeNames } from "../names.ts";
import { multipleChoiceType } from "./multiple-choice-base.ts";
import { voteResultsSchema } from "./vote-single.ts";

const configSchema = z.object({
  options: z.array(optionSchema).max(500).default([]),
  selection: selectionRangeSchema.optional(),
  showResults: voteResultsSchema,
});
export type VoteMultipleConfig = z.output<typeof configSchema>;

export const voteMultipleType = multipleChoiceType({
  type: "voteMultiple",
  name: questionTypeNames.voteMultiple,
  group: "choice",
  configSchema,
  defaults: () => ({ options: defaultOptions(3), showResults: "afterVote" as const }),
});
