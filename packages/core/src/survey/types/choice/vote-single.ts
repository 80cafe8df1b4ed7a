import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { defaultOptions } from "../helpers/choice.ts";
import { questionTypeNames } from "../names.ts";
import { singleChoiceType } from "./single-choice-base.ts";

/** When the respondent may see live results: never, after voting, or always. */
export const voteResultsSchema = z.enum(["never", "afterVote", "always"]).default("afterVote");

const configSchema = z.object({
  options: z.array(optionSchema).max(500).default([]),
  showResults: voteResultsSchema,
});
export type VoteSingleConfig = z.output<typeof configSchema>;

export const voteSingleType = singleChoiceType({
  type: "voteSingle",
  name: questionTypeNames.voteSingle,
  group: "choice",
  configSchema,
  defaults: () => ({ options: defaultOptions(2), showResults: "afterVote" as const }),
});
