import type { ResponseReview } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { presentReview } from "./present.ts";

/** The receipt's 审核 part: the response's review state and the reviewer's reason; null without review. */
export async function receiptReview(
  ctx: Pick<AppContext, "db">,
  responseId: number,
): Promise<ResponseReview | null> {
  const row = await ctx.db
    .selectFrom("responses")
    .select(["reviewState", "reviewReason", "reviewedAt"])
    .where("id", "=", responseId)
    .executeTakeFirst();
  return row ? presentReview(row) : null;
}
