import { z } from "zod";
import { selectionRangeSchema } from "../../definition/validation-rules.ts";
import { questionTypeNames } from "../names.ts";
import { imageOptionSchema } from "./image-single.ts";
import { multipleChoiceType } from "./multiple-choice-base.ts";

const configSchema = z.object({
  options: z.array(imageOptionSchema).max(200).default([]),
  selection: selectionRangeSchema.optional(),
  columns: z.number().int().min(1).max(6).default(3),
  showLabels: z.boolean().default(true),
});
export type ImageMultipleConfig = z.output<typeof configSchema>;

export const imageMultipleType = multipleChoiceType({
  type: "imageMultiple",
  name: questionTypeNames.imageMultiple,
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
