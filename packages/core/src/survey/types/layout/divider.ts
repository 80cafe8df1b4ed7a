import { z } from "zod";
import { layoutType } from "./layout-base.ts";

/** 分割线: a visual rule. */
export const dividerType = layoutType({
  type: "divider",
  name: "分割线",
  configSchema: z.object({ style: z.enum(["solid", "dashed"]).default("solid") }),
  defaults: () => ({ style: "solid" as const }),
});
