import { z } from "zod";
import { questionTypeNames } from "../names.ts";
import { layoutType } from "./layout-base.ts";

/**
 * 分页: in the palette so designers can insert a page break, but stored structurally: inserting one splits the
 * page into two `pages[]` entries. Its config is the new page's caption. It never appears among questions.
 */
export const pageBreakType = layoutType({
  type: "pageBreak",
  name: questionTypeNames.pageBreak,
  configSchema: z.object({ title: z.string().max(200).optional() }),
  defaults: () => ({}),
});
