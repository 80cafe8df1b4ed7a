import type { AppContext } from "../../context.ts";
import type { ResponseRow } from "../../db/tables/responses.ts";
import type { WebhookDeliveryRow } from "../../db/tables/webhooks.ts";
import { responsePresenter } from "../../open-api/routes.ts";

/**
 * Bodies of webhook messages: `{ type, timestamp, data }` (Standard Webhooks), `timestamp` the event's time.
 * A `response.*` message carries the response as the open API presents it — personal answers masked — read when
 * the message is first sent (the submit path only writes ids); the body is then kept, so retries and replays
 * send the very same message. So a response changed between its event and the first attempt is sent as it
 * then is, and one deleted for good meanwhile (a 删除申请, retention) is sent without its answers (`response:
 * null`): an erasure is honoured by messages still waiting for a receiver that was down.
 */

interface Subject {
  questionnaireId?: number;
  responseId?: number;
  [key: string]: unknown;
}

/** The bodies of `deliveries` not sent before (those sent keep theirs), by delivery id. */
export async function buildBodies(
  ctx: Pick<AppContext, "db">,
  deliveries: readonly WebhookDeliveryRow[],
): Promise<Map<number, string>> {
  const bodies = new Map<number, string>();
  const fresh = deliveries.filter((delivery) => delivery.body === null);
  // Responses of the response events still to build, read once per questionnaire for the whole batch.
  const wanted = new Map<number, Set<number>>();
  for (const delivery of fresh) {
    const subject = JSON.parse(delivery.payload) as Subject;
    if (!delivery.eventType.startsWith("response.") || delivery.eventType === "response.deleted") continue;
    if (subject.questionnaireId === undefined || subject.responseId === undefined) continue;
    const ids = wanted.get(subject.questionnaireId) ?? new Set<number>();
    wanted.set(subject.questionnaireId, ids);
    ids.add(subject.responseId);
  }
  const presented = new Map<number, unknown>();
  for (const [questionnaireId, ids] of wanted) {
    const rows: ResponseRow[] = await ctx.db
      .selectFrom("responses")
      .selectAll()
      .where("questionnaireId", "=", questionnaireId)
      .where("id", "in", [...ids])
      .execute();
    // The hook's owner sees what the questionnaire's owner sees in the open API: personal answers masked.
    const present = await responsePresenter(ctx, questionnaireId, rows, false);
    for (const row of rows) presented.set(row.id, row.erasedAs === "deleted" ? null : present(row));
  }
  for (const delivery of fresh) {
    const subject = JSON.parse(delivery.payload) as Subject;
    const data: Record<string, unknown> = { ...subject };
    if (subject.responseId !== undefined && presented.has(subject.responseId))
      data.response = presented.get(subject.responseId);
    bodies.set(
      delivery.id,
      JSON.stringify({ type: delivery.eventType, timestamp: delivery.createdAt, data }),
    );
  }
  for (const delivery of deliveries) if (delivery.body !== null) bodies.set(delivery.id, delivery.body);
  return bodies;
}
