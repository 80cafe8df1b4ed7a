import { type Kysely, type Migration, sql } from "kysely";
import { RESULTS_VERSION_KEY } from "../../commands/results/fact-bitset-cache.ts";
import {
  applyCounters,
  factsOfStored,
  insertFactRows,
  revisionDefinitions,
} from "../../commands/results/record.ts";
import type { DialectName, Trx } from "../index.ts";
import type { Database } from "../schema.ts";

/**
 * Results: `response_facts` (what each response contributes, indexed for filters, cross-analysis and
 * listings) and `response_grades` (manual 批改). Counters grow `source:`, `duration` and fact keys, so they
 * are rebuilt from the facts of valid responses; PostgreSQL counts become bigint (summed durations pass
 * 2^31) and keys longer (matrix dropdown cells name row, column and choice).
 */
export function resultsMigration(dialect: DialectName): Migration {
  // Byte order for keys and texts on PostgreSQL too: prefix ranges over keys must not depend on a locale.
  const keyType = dialect === "postgres" ? sql`varchar(400) collate "C"` : sql`varchar(400)`;
  const textType = dialect === "postgres" ? sql`text collate "C"` : sql`text`;
  const numType = dialect === "postgres" ? sql`double precision` : sql`real`;
  return {
    async up(db: Kysely<unknown>) {
      let facts = db.schema
        .createTable("response_facts")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("response_id", "integer", (c) =>
          c.notNull().references("responses.id").onDelete("cascade"),
        )
        .addColumn("question_id", "varchar(64)", (c) => c.notNull())
        .addColumn("key", keyType, (c) => c.notNull())
        .addColumn("num", numType)
        .addColumn("text", textType)
        .addPrimaryKeyConstraint("response_facts_pk", ["questionnaire_id", "response_id", "key"]);
      // Clustered by response on SQLite: a response's facts are one contiguous range.
      if (dialect === "sqlite") facts = facts.modifyEnd(sql`without rowid`);
      await facts.execute();
      await db.schema
        .createIndex("response_facts_key_idx")
        .on("response_facts")
        .columns(["questionnaire_id", "key", "response_id"])
        .execute();
      // Partial: only value comparisons read it, and each says `num is not null` (filter.ts), so the index
      // leaves out the choice, matrix and marker facts that make up most rows.
      await db.schema
        .createIndex("response_facts_num_idx")
        .on("response_facts")
        .columns(["questionnaire_id", "question_id", "num"])
        .where(sql.ref("num"), "is not", null)
        .execute();
      await db.schema
        .createIndex("responses_status_idx")
        .on("responses")
        .columns(["questionnaire_id", "status", "submitted_at"])
        .execute();

      await db.schema
        .createTable("response_grades")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("response_id", "integer", (c) =>
          c.notNull().references("responses.id").onDelete("cascade"),
        )
        .addColumn("question_id", "varchar(64)", (c) => c.notNull())
        .addColumn("score", numType, (c) => c.notNull())
        .addColumn("graded_by", "integer", (c) => c.notNull())
        .addColumn("graded_at", "varchar(32)", (c) => c.notNull())
        .addPrimaryKeyConstraint("response_grades_pk", ["response_id", "question_id"])
        .execute();

      if (dialect === "postgres") {
        await sql`alter table response_counters alter column count type bigint`.execute(db);
        await sql`alter table response_counters alter column key type varchar(400)`.execute(db);
      }
      await backfillResults(db as Kysely<Database>);
    },
  };
}

const BATCH = 500;

/** PostgreSQL runs migrations inside a transaction already (transactional DDL); SQLite does not. */
export async function inTransaction(db: Kysely<Database>, fn: (trx: Trx) => Promise<void>) {
  if (db.isTransaction) return fn(db as Trx);
  return db.transaction().execute(fn);
}

/** Facts for every stored response, and counters rebuilt from the valid ones. */
export async function backfillResults(db: Kysely<Database>) {
  const questionnaires = await db.selectFrom("responses").select("questionnaireId").distinct().execute();
  for (const { questionnaireId } of questionnaires) {
    await inTransaction(db, async (trx) => {
      // The results version is no count: it only ever grows, so cached fact bitsets are never fooled.
      await trx
        .deleteFrom("response_counter_shards")
        .where("questionnaireId", "=", questionnaireId)
        .where("key", "<>", RESULTS_VERSION_KEY)
        .execute();
      let after = 0;
      for (;;) {
        const rows = await trx
          .selectFrom("responses")
          .selectAll()
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
          const facts = factsOfStored(definition, row, {});
          await insertFactRows(trx, questionnaireId, row.id, facts);
          if (row.status === "valid") await applyCounters(trx, questionnaireId, facts, row, 1);
        }
        after = rows[rows.length - 1]?.id ?? after;
      }
      // The response count was a column then; 0016 dropped it for the `total` counter just rebuilt.
    });
  }
}
