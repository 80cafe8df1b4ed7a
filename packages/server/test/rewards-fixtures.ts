import { iso } from "../src/clock.ts";
import { publishNew } from "./answering.ts";
import type { BuiltUser } from "./factories.ts";
import type { TestContext } from "./helpers.ts";

/** Published questionnaires with stored responses, and funded wallets, for the rewards tests. */

export async function publishedWithRevision(t: TestContext, owner: BuiltUser) {
  const q = await publishNew(t, owner, {});
  const revision = await t.db
    .selectFrom("questionnaire_revisions")
    .select("id")
    .where("questionnaireId", "=", q.id)
    .executeTakeFirstOrThrow();
  return { ...q, revisionId: revision.id };
}

let seq = 0;

/**
 * `count` stored responses straight in the database (the concurrency tests need hundreds; submitting them
 * is tested elsewhere), each with its own idempotency key and device.
 */
export async function storeResponses(
  t: TestContext,
  q: { id: number; revisionId: number },
  count: number,
): Promise<Array<{ responseId: number; idempotencyKey: string }>> {
  const now = iso(t.clock.now());
  const rows = Array.from({ length: count }, () => {
    seq += 1;
    return {
      questionnaireId: q.id,
      revisionId: q.revisionId,
      answers: JSON.stringify({ q1: { optionId: "b" } }),
      labels: "{}",
      score: 4,
      maxScore: 4,
      passed: 1,
      endState: "submitted",
      status: "valid" as const,
      ip: "10.3.0.1",
      userAgent: "vitest",
      deviceId: `fixture-device-${seq}`,
      userId: null,
      source: "link",
      durationSeconds: 30,
      idempotencyKey: `fixture-key-${seq}-${Math.random().toString(36).slice(2, 10)}`,
      submittedAt: now,
    };
  });
  const out: Array<{ responseId: number; idempotencyKey: string }> = [];
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await t.db
      .insertInto("responses")
      .values(rows.slice(i, i + 200))
      .returning(["id", "idempotencyKey"])
      .execute();
    out.push(...inserted.map((r) => ({ responseId: r.id, idempotencyKey: r.idempotencyKey })));
  }
  return out;
}
