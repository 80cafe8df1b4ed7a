import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { questionTypeNames } from "../names.ts";
import { singleChoiceType } from "./single-choice-base.ts";

// Every option of an image choice carries its picture.
export const imageOptionSchema = optionSchema.extend({ image: z.string().min(1).max(2000) });

const configSchema = z.object({
  options: z.array(imageOptionSchema).max(200).default([]),
  columns: z.number().int().min(1).max(6).default(3),
  showLabels: z.boolean().default(true),
});
export type ImageSingleConfig = z.output<typeof configSchema>;

export const imageSingleType = singleChoiceType({
  type: "imageSingle",
  name: questionTypeNames.imageSingle,
  group: "choice",
  configSchema,
  defaults: () => ({
    options: [
      { id: "o1", label: "图片1", image: "https://example.com/1.png" },
      { id: "o2", label: "图片2", image: "https://example.com/2.png" },
    ],
    columns: 3,
    showLabels: true,
  }),
});
