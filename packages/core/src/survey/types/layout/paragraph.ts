import { z } from "zod";
import { questionTypeNames } from "../names.ts";
import { layoutType } from "./layout-base.ts";

/** 段落说明: rich text shown between questions (title + description); may carry show logic and piping. */
export const paragraphType = layoutType({
  type: "paragraph",
  name: questionTypeNames.paragraph,
  configSchema: z.object({ align: z.enum(["left", "center"]).default("left") }),
  defaults: () => ({ align: "left" as const }),
});
