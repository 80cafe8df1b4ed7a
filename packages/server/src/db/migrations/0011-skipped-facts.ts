import { skippedFacts, skippedQuestionIds } from "@wjgj/core";
import type { Kysely, Migration } from "kysely";
import { addToCounters } from "../../commands/answering/counters.ts";
import { RESULTS_VERSION_KEY } from "../../commands/results/fact-bitset-cache.ts";
import { insertFactRows, revisionDefinitions, submitContext } from "../../commands/results/record.ts";
import type { Database } from "../schema.ts";
import { inTransaction } from "./0006-results.ts";

const BATCH = 500;

/**
 * Responses stored before submits recorded `skipped:<q>` facts get them now, derived exactly as the submit
 * derives them (the logic re-run on the stored answers in their submit context), with the counters of the
 * valid ones: statistics then tell 跳过 from 未作答 for old responses too. Safe to run again: the skipped
 * facts and counters of a questionnaire are dropped and rebuilt together.
 */
export async function backfillSkipped(db: Kysely<Database>) {
  const questionnaires = await db.selectFrom("responses").select("questionnaireId").distinct().execute();
  for (const { questionnaireId } of questionnaires) {
    await inTransaction(db, async (trx) => {
      await trx
        .deleteFrom("response_facts")
        .where("questionnaireId", "=", questionnaireId)
        .where("key", "like", "skipped:%")
        .execute();
      await trx
        .deleteFrom("response_counter_shards")
        .where("questionnaireId", "=", questionnaireId)
        .where("key", "like", "skipped:%")
        .execute();
      const counted = new Map<string, number>();
      let after = 0;
      for (;;) {
        const rows = await trx
          .selectFrom("responses")
          .select(["id", "revisionId", "answers", "submittedAt", "deviceId", "status"])
          .where("questionnaireId", "=", questionnaireId)
          .where("id", ">", after)
          .orderBy("id")
          .limit(BATCH)
          .execute();
        if (rows.length === 0) break;
        const definitions = await revisionDefinitions(
          trx,
          rows.map((row) => row.revisionId),
        );
        for (const row of rows) {
          const definition = definitions.get(row.revisionId);
          if (!definition) continue;
          const answers = JSON.parse(row.answers) as Record<string, unknown>;
          const facts = skippedFacts(skippedQuestionIds(definition, answers, submitContext(row)));
          await insertFactRows(trx, questionnaireId, row.id, facts);
          if (row.status !== "valid") continue;
          for (const fact of facts) counted.set(fact.key, (counted.get(fact.key) ?? 0) + 1);
        }
        after = rows[rows.length - 1]?.id ?? after;
      }
      // Cached fact bitsets (any process) are rebuilt: they hold no skipped facts yet.
      await addToCounters(trx, questionnaireId, [...counted, [RESULTS_VERSION_KEY, 1]]);
    });
  }
}

export function skippedFactsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await backfillSkipped(db as Kysely<Database>);
    },
  };
}
