import { z } from "zod";
import { idSchema } from "../../definition/ids.ts";
import { questionTypeNames } from "../names.ts";
import { layoutType } from "./layout-base.ts";

/**
 * 题组: a heading over member questions that follow it. Hiding the group (show logic) hides every member;
 * members keep their own show logic too.
 */
export const groupType = layoutType({
  type: "group",
  name: questionTypeNames.group,
  configSchema: z.object({ memberIds: z.array(idSchema).max(500) }),
  defaults: () => ({ memberIds: [] }),
});
