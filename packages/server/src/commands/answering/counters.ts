import { counterKeysOf, getQuestionType, responseFacts, type SurveyDefinition } from "@wjgj/core";
import { sql } from "kysely";
import { type Db, isSqlite, type Trx } from "../../db/index.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { sqliteRowsInsert } from "../../db/sqlite-rows.ts";

/**
 * Counter keys one response adds — `total`, `day:<YYYY-MM-DD>`, `source:<s>`, `answered:<q>`, `option:<q>:<o>`
 * for every chosen option, the engine's `quota:<id>` keys and the other counted facts — derived from core's
 * `responseFacts`, the one source of truth for counters and facts. Statistics read these, never responses.
 */
export function counterKeys(
  definition: SurveyDefinition,
  answers: Record<string, unknown>,
  quotaKeys: readonly string[],
  day: string,
  source = "link",
): string[] {
  return counterKeysOf(responseFacts(definition, answers, quotaKeys), { day, source });
}

/**
 * The counter shard a PostgreSQL connection writes: its backend's process id modulo 64 (pooled connections
 * opened one after another get consecutive ids, so they spread over the shards). Readers sum the shards
 * through the `response_counters` view.
 */
export const COUNTER_SHARD = "pg_backend_pid() % 64";

/** SQLite: the upserts of a list of counters, their values bound (db/sqlite-rows.ts). */
const addCounterRows = sqliteRowsInsert(
  "insert into response_counter_shards (questionnaire_id, key, shard, count)",
  4,
  'on conflict (questionnaire_id, key, shard) do update set "count" = response_counter_shards."count" + excluded."count"',
);

/**
 * Adds each entry's amount to its counter, creating missing ones (keys must be distinct): batched upserts,
 * atomic on both databases.
 */
export async function addToCounters(
  trx: Trx,
  questionnaireId: number,
  entries: readonly (readonly [key: string, delta: number])[],
) {
  if (entries.length === 0) return;
  if (isSqlite(trx)) {
    await addCounterRows.run(trx, entries.length, (values, index) => {
      const [key, delta] = entries[index] as readonly [string, number];
      values.push(questionnaireId, key, 0, delta);
    });
    return;
  }
  // One statement whatever the number of keys, its rows locked in key order: submits no longer hold the
  // questionnaire, so two transactions upserting the same hot counters must take them in the same order
  // (or deadlock).
  await addCountersArrays.execute(trx, { questionnaireId, ...counterColumns(entries) });
}

/**
 * The entries as two parallel arrays for PostgreSQL's `unnest(keys, amounts)`: the driver writes them as
 * array literals, which the server reads with less work than a JSON object it would parse and walk.
 */
export function counterColumns(entries: readonly (readonly [key: string, delta: number])[]): {
  keys: string[];
  amounts: number[];
} {
  const keys: string[] = [];
  const amounts: number[] = [];
  for (const [key, delta] of entries) {
    keys.push(key);
    amounts.push(delta);
  }
  return { keys, amounts };
}

/** Entries with one delta per key: PostgreSQL's upsert cannot touch one counter row twice in a statement. */
export function mergeCounterEntries(
  entries: readonly (readonly [key: string, delta: number])[],
): [key: string, delta: number][] {
  const merged = new Map<string, number>();
  for (const [key, delta] of entries) merged.set(key, (merged.get(key) ?? 0) + delta);
  return [...merged].filter(([, delta]) => delta !== 0);
}

/**
 * PostgreSQL's counterpart of addCounterRows, into the shard of the connection (COUNTER_SHARD): a transaction
 * left open holds only its shard's rows. `order by key` (bytewise, the key column's collation since migration
 * 0090; the submit statement sorts the same way) fixes the order its row locks are taken in.
 */
const addCountersArrays = preparedQuery<
  never,
  { questionnaireId: number; keys: string[]; amounts: number[] }
>(
  (_db, p) =>
    sql`insert into response_counter_shards (questionnaire_id, key, shard, count)
      select ${p.questionnaireId}::int, e.key, ${sql.raw(COUNTER_SHARD)}, e.amount
      from unnest(${p.keys}::text[], ${p.amounts}::bigint[]) e (key, amount) order by e.key collate "C"
      on conflict (questionnaire_id, key, shard) do update set count = response_counter_shards.count + excluded.count`,
);

/** The counters of `keys` (keys never counted are left out), inside a transaction or not. */
export async function readCounters(db: Db | Trx, questionnaireId: number, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, number>();
  const rows = await db
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

/** Each question's own options by id, as `definition` writes them (hidden ones left out), once per definition. */
const writtenOptions = new WeakMap<SurveyDefinition, Map<string, Map<string, string>>>();

function optionsAsWritten(definition: SurveyDefinition): Map<string, Map<string, string>> {
  let byQuestion = writtenOptions.get(definition);
  if (!byQuestion) {
    byQuestion = new Map();
    for (const page of definition.pages)
      for (const question of page.questions) {
        const options = getQuestionType(question.type)?.options?.(question.config);
        if (!options || options.length === 0) continue;
        const labels = new Map<string, string>();
        for (const option of options) if (!option.hidden) labels.set(option.id, option.label);
        byQuestion.set(question.id, labels);
      }
    writtenOptions.set(definition, byQuestion);
  }
  return byQuestion;
}

/**
 * The labels of the options each answer chose, as the respondent saw them (after piping/joining):
 * `{ questionId: { optionId: label } }`. Stored with the response, so results show what was on screen.
 * A label the answered revision (`revision`) gives that very option of that question, shown, is left out:
 * every reader falls back to the answered revision's options (the answer list and view, the receipt, the
 * open API, exports' choiceText). What is kept is what the revision cannot tell — piped text, options drawn
 * from another question (选项引用), questions of a 随机组卷 paper from the bank — so a plain response stores
 * `{}`, and its row, a third smaller, fits two to a SQLite page instead of one.
 */
export function chosenLabels(
  definition: SurveyDefinition,
  options: Record<string, readonly { id: string; label: string }[]>,
  answers: Record<string, unknown>,
  revision?: SurveyDefinition,
): Record<string, Record<string, string>> {
  const written = revision ? optionsAsWritten(revision) : undefined;
  const labels: Record<string, Record<string, string>> = {};
  for (const page of definition.pages) {
    for (const question of page.questions) {
      const answer = answers[question.id];
      const offered = options[question.id];
      if (answer === undefined || !offered) continue;
      const chosen = getQuestionType(question.type)?.selected?.(answer);
      if (!chosen || chosen.length === 0) continue;
      const own = written?.get(question.id);
      const seen: Record<string, string> = {};
      let count = 0;
      for (const option of offered) {
        if (!chosen.includes(option.id) || own?.get(option.id) === option.label) continue;
        seen[option.id] = option.label;
        count += 1;
      }
      if (count > 0) labels[question.id] = seen;
    }
  }
  return labels;
}
