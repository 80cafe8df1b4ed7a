import { type EvaluationResult, getQuestionType, type SurveyDefinition } from "@wjgj/core";
import { sql } from "kysely";
import type { Trx } from "../../db/index.ts";

/**
 * Counter keys one response adds: `total`, `day:<YYYY-MM-DD>`, `answered:<q>`, `option:<q>:<o>` for every
 * chosen option, and the engine's `quota:<id>` keys. Statistics read these instead of scanning responses.
 */
export function counterKeys(
  definition: SurveyDefinition,
  answers: Record<string, unknown>,
  quotaKeys: readonly string[],
  day: string,
): string[] {
  const keys = new Set<string>(["total", `day:${day}`]);
  for (const page of definition.pages) {
    for (const question of page.questions) {
      const answer = answers[question.id];
      if (answer === undefined) continue;
      keys.add(`answered:${question.id}`);
      for (const optionId of getQuestionType(question.type)?.selected?.(answer) ?? []) {
        keys.add(`option:${question.id}:${optionId}`);
      }
    }
  }
  for (const key of quotaKeys) keys.add(key);
  return [...keys];
}

/** Adds `delta` to each counter, creating missing ones; one statement per key, atomic on both databases. */
export async function bumpCounters(
  trx: Trx,
  questionnaireId: number,
  keys: readonly string[],
  delta: number,
) {
  for (const key of keys) {
    await trx
      .insertInto("response_counters")
      .values({ questionnaireId, key, count: delta })
      .onConflict((oc) =>
        oc
          .columns(["questionnaireId", "key"])
          .doUpdateSet({ count: sql<number>`response_counters.count + ${delta}` }),
      )
      .execute();
  }
}

export async function readCounters(trx: Trx, questionnaireId: number, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, number>();
  const rows = await trx
    .selectFrom("response_counters")
    .select(["key", "count"])
    .where("questionnaireId", "=", questionnaireId)
    .where("key", "in", keys)
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.count)]));
}

/** The cap of each quota key the engine reported: an option's `quota`, or a condition quota's `limit`. */
export function quotaLimits(definition: SurveyDefinition, quotaKeys: readonly string[]): Map<string, number> {
  const limits = new Map<string, number>();
  for (const key of quotaKeys) {
    const [kind, first, second] = key.split(":");
    if (kind === "quota") {
      const quota = definition.quotas.find((q) => q.id === first);
      if (quota) limits.set(key, quota.limit);
    } else if (kind === "option") {
      const question = definition.pages.flatMap((p) => p.questions).find((q) => q.id === first);
      const options = (question?.config as { options?: { id: string; quota?: number }[] } | undefined)
        ?.options;
      const quota = options?.find((o) => o.id === second)?.quota;
      if (quota !== undefined) limits.set(key, quota);
    }
  }
  return limits;
}

/** The options each answered question offered, as the respondent saw them (labels after piping/joining). */
export function seenLabels(result: EvaluationResult, answers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(result.options).filter(([questionId]) => answers[questionId] !== undefined),
  );
}
