import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";

/**
 * SQLite packs a response's bare fact keys too (issue #37), as PostgreSQL has since 0255: the choices, matrix
 * cells, answered marks, quotas and skips that carry neither number nor text, one JSON array of
 * `[questionId, key]` pairs per response. Their rows were the largest part of a submit's time on SQLite: 40 of a
 * 50-question response's 50 fact rows, each a B-tree insert into `response_facts`.
 *
 * The pack's row id is the response's id, so packs are appended in id order (one leaf page per batch of
 * submits) and a response's pack is found without an index; the index by questionnaire serves the readers of
 * a whole questionnaire. The view `response_facts_all` gives packs and rows as the rows the one table held.
 * The responses trigger deletes packs with the rows.
 *
 * The families are written out here, not imported: a migration does what it did when it ran.
 */
const families = ["option", "answered", "quota", "skipped", "cell"];

const bare = sql.join(
  families.map((family) => sql`(key >= ${sql.lit(`${family}:`)} and key < ${sql.lit(`${family};`)})`),
  sql` or `,
);
const packed = sql`num is null and text is null and (${bare})`;

/** SQLite: moves the bare fact rows of responses into packs, in key order as the view reads them back. */
export async function packSqliteBareFactRows(db: Kysely<unknown>): Promise<void> {
  await sql`insert into response_fact_keys (questionnaire_id, response_id, keys)
      select questionnaire_id, response_id, json_group_array(json_array(question_id, key))
      from (select questionnaire_id, response_id, question_id, key from response_facts
        where ${packed} order by questionnaire_id, response_id, key)
      group by questionnaire_id, response_id`.execute(db);
  await sql`delete from response_facts where ${packed}`.execute(db);
}

export function sqliteFactPacksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "sqlite") return;
      // No foreign keys, as response_facts has none since 0245: the responses trigger deletes packs too.
      await sql`create table response_fact_keys (
          questionnaire_id integer not null,
          response_id integer primary key,
          keys text not null
        )`.execute(db);
      await sql`create index response_fact_keys_questionnaire_idx on response_fact_keys (questionnaire_id)`.execute(
        db,
      );
      await sql`drop view response_facts_all`.execute(db);
      await sql`create view response_facts_all as
          select questionnaire_id, response_id, question_id, key, num, text from response_facts
          union all
          select p.questionnaire_id, p.response_id, e.value ->> 0, e.value ->> 1, null, null
          from response_fact_keys p, json_each(p.keys) e`.execute(db);
      await sql`drop trigger responses_delete_facts`.execute(db);
      await sql`create trigger responses_delete_facts after delete on responses for each row begin
          delete from response_facts where questionnaire_id = old.questionnaire_id and response_id = old.id;
          delete from response_fact_keys where response_id = old.id;
        end`.execute(db);
      await packSqliteBareFactRows(db);
    },
  };
}
