import type { AnswerStatusChange, ResponseStatus, WebhookResponseChange } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import type { Viewer } from "../../http/viewer.ts";
import { addToCounters } from "../answering/counters.ts";
import { recordActivity } from "../teams/activity.ts";
import { emitWebhookEvents, wakeWebhooks } from "../webhooks/events.ts";
import { RESULTS_VERSION_KEY } from "./fact-bitset-cache.ts";
import { applyCounters, storedFacts } from "./record.ts";
import { resultsScope } from "./scope.ts";

/** Which statuses each call moves from, and to. */
export const statusChanges = {
  deleteAnswer: { from: ["valid", "invalid"], to: "deleted" },
  restoreAnswer: { from: ["deleted"], to: "valid" },
  markInvalid: { from: ["valid"], to: "invalid" },
  markValid: { from: ["invalid"], to: "valid" },
} as const satisfies Record<string, { from: readonly ResponseStatus[]; to: ResponseStatus }>;

export type StatusChange = keyof typeof statusChanges;

/** What a `response.updated` webhook says changed. */
const webhookChanges: Record<StatusChange, WebhookResponseChange> = {
  deleteAnswer: "deleted",
  restoreAnswer: "restored",
  markInvalid: "invalid",
  markValid: "valid",
};

/**
 * Moves responses between valid, invalid and the response recycle bin. Counters follow in the same
 * transaction — leaving "valid" subtracts a response's counter keys (read from its stored facts), coming
 * back adds them — so they always equal a recount. Responses already in the target status, or of
 * another questionnaire, are left alone: repeating a call changes nothing.
 */
export async function changeResponseStatus(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
  responseIds: readonly number[],
  change: StatusChange,
): Promise<AnswerStatusChange> {
  await resultsScope(ctx.db, viewer, questionnaireId, "manage");
  return transaction(ctx.db, async (trx, onCommit) => {
    const changed = await moveResponseStatus(ctx, trx, onCommit, questionnaireId, responseIds, change);
    if (change === "deleteAnswer" && changed > 0)
      await recordActivity(trx, ctx.clock.now(), {
        questionnaireId,
        actorId: viewer.user.id,
        action: "deleteResponses",
        detail: `${changed} 份`,
      });
    return { changed };
  });
}

/**
 * `changeResponseStatus`'s work inside the caller's transaction, for any caller (a paid 商品 order makes its
 * response valid in the payment's transaction): how many responses moved.
 */
export async function moveResponseStatus(
  ctx: Pick<AppContext, "db" | "dialect" | "clock">,
  trx: Trx,
  onCommit: (hook: () => void) => void,
  questionnaireId: number,
  responseIds: readonly number[],
  change: StatusChange,
): Promise<number> {
  const { from, to } = statusChanges[change];
  // Counters (the response count is the `total` one) are atomic upserts taken in one order, as submits
  // take them (addToCounters): nothing else needs holding.
  let selected = trx
    .selectFrom("responses")
    .select(["id", "status", "submittedAt", "source", "durationSeconds"])
    .where("questionnaireId", "=", questionnaireId)
    .where("id", "in", [...new Set(responseIds)])
    .where("status", "in", [...from])
    // Deleted for good by 答卷保留期限: nothing left to restore.
    .where((eb) => eb.or([eb("erasedAs", "is", null), eb("erasedAs", "<>", "deleted")]));
  // Two changes of the same response must not both move its counters: the second waits for the first
  // and, its status re-read, skips it. (SQLite runs one write transaction at a time.)
  if (ctx.dialect === "postgres") selected = selected.forUpdate();
  const rows = await selected.execute();
  if (rows.length === 0) return 0;
  const facts = await storedFacts(
    trx,
    questionnaireId,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    const wasCounted = row.status === "valid";
    const counted = to === "valid";
    if (wasCounted === counted) continue;
    const own = facts.get(row.id) ?? [];
    await applyCounters(trx, questionnaireId, own, row, counted ? 1 : -1);
  }
  await trx
    .updateTable("responses")
    .set({ status: to })
    .where("questionnaireId", "=", questionnaireId)
    .where(
      "id",
      "in",
      rows.map((row) => row.id),
    )
    .execute();
  // Cached fact bitsets (fact-bitset-cache.ts) see statuses moved by this version, in any process.
  await addToCounters(trx, questionnaireId, [[RESULTS_VERSION_KEY, 1]]);
  const emitted = await emitWebhookEvents(
    trx,
    ctx.clock.now(),
    questionnaireId,
    rows.map((row) => ({
      type: "response.updated" as const,
      payload: { questionnaireId, responseId: row.id, change: webhookChanges[change] },
    })),
  );
  if (emitted > 0) onCommit(() => wakeWebhooks(ctx.db));
  return rows.length;
}
