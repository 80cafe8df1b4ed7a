import { z } from "zod";
import { questionTypeNames } from "../names.ts";
import { layoutType } from "./layout-base.ts";

/** 分割线: a visual rule. */
export const dividerType = layoutType({
  type: "divider",
  name: questionTypeNames.divider,
  configSchema: z.object({ style: z.enum(["solid", "dashed"]).default("solid") }),
  defaults: () => ({ style: "solid" as const }),
});
