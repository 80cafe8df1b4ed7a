import { fillPlaceholders, type MessageKey, messages } from "@wjgj/core";
import type { AppContext } from "../../../context.ts";
import { InvalidInputError } from "../../../errors.ts";
import type { Viewer } from "../../../http/viewer.ts";
import { ownerEntitlements } from "../../money/entitlements.ts";
import { EntitlementError } from "../../money/membership.ts";
import { type ResultsScope, resultsScope } from "../scope.ts";

/**
 * The questionnaire whose responses are analysed: the results' access (`view`; `manage` to change its
 * weighting, which every member's figures then use), and 统计分析 is sold with 交叉分析 — the owner's level
 * decides, also for team members.
 */
export async function analysisScope(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  access: "view" | "manage",
): Promise<ResultsScope> {
  const scope = await resultsScope(ctx.db, viewer, id, access);
  const { crossAnalysis } = await ownerEntitlements(ctx.db, scope.row.ownerId, ctx.clock.now());
  if (!crossAnalysis) throw new EntitlementError(messages.entitlementCrossAnalysis);
  return scope;
}

/** A catalogue message with its `{placeholders}` filled. */
export function analysisMessage(key: MessageKey, values: Record<string, string | number> = {}): string {
  return fillPlaceholders(messages[key], values);
}

/** A 400 naming `field`, with a filled catalogue message. */
export function analysisError(
  field: string,
  key: MessageKey,
  values: Record<string, string | number> = {},
): InvalidInputError {
  return new InvalidInputError([{ field, message: analysisMessage(key, values) }], key);
}
