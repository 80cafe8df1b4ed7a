import { z } from "zod";
import { layoutType } from "./layout-base.ts";

/**
 * 分页: in the palette so designers can insert a page break, but stored structurally: inserting one splits the
 * page into two `pages[]` entries. Its config is the new page's caption. It never appears among questions.
 */
export const pageBreakType = layoutType({
  type: "pageBreak",
  name: "分页",
  configSchema: z.object({ title: z.string().max(200).optional() }),
  defaults: () => ({}),
});
