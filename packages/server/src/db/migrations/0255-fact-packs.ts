import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";

/**
 * PostgreSQL packs a response's bare fact keys into one row (issue #37). The bench's 50-question submit
 * wrote 50 fact rows, and they were the whole gap between the real submit and a bare insert of the response
 * (bench/HISTORY.md, the early-morning entry of 2026-12-05): 40 of them are choices with nothing but their
 * key, and PostgreSQL pays per row (a heap tuple, a WAL record and an entry in each of three indexes).
 *
 * `response_fact_keys` holds, per response, the facts of the families `option:`, `answered:`, `quota:`,
 * `skipped:` and `cell:` that carry neither number nor text, as a JSON array of `[questionId, key]` pairs;
 * every other fact stays a row of `response_facts` (so text listings and the exam report keep its key
 * index). The view `response_facts_all` gives both as the rows the one table used to hold, the same rows
 * exactly, so every reader of bare keys reads the view and means what it meant before.
 *
 * SQLite kept every fact a row here, its view the table (a first measurement found its submit slower with
 * packs); migration 0260 packs them there too, measured again in alternating rounds of old and new code.
 *
 * The families are written out here, not imported: a migration does what it did when it ran
 * (commands/results/fact-packs.ts holds the same list for new facts).
 */
const families = ["option", "answered", "quota", "skipped", "cell"];

const bare = sql.join(
  families.map((family) => sql`(key >= ${sql.lit(`${family}:`)} and key < ${sql.lit(`${family};`)})`),
  sql` or `,
);
const packed = sql`num is null and text is null and (${bare})`;

/** PostgreSQL: moves the bare fact rows of responses that have no pack yet into packs (the data step). */
export async function packBareFactRows(db: Kysely<unknown>): Promise<void> {
  await sql`insert into response_fact_keys (questionnaire_id, response_id, keys)
    select questionnaire_id, response_id, json_agg(json_build_array(question_id, key) order by key)::text
    from response_facts where ${packed}
    group by questionnaire_id, response_id`.execute(db);
  await sql`delete from response_facts where ${packed}`.execute(db);
}

export function factPacksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "sqlite") {
        await sql`create view response_facts_all as
          select questionnaire_id, response_id, question_id, key, num, text from response_facts`.execute(db);
        return;
      }
      // No foreign keys, as response_facts has none since 0030: the responses trigger deletes packs too.
      await sql`create table response_fact_keys (
            questionnaire_id integer not null,
            response_id integer not null,
            keys text not null,
            constraint response_fact_keys_pk primary key (questionnaire_id, response_id)
          )`.execute(db);
      await sql`create view response_facts_all as
          select questionnaire_id, response_id, question_id, key, num, text from response_facts
          union all
          select p.questionnaire_id, p.response_id, (e ->> 0)::varchar(64), (e ->> 1)::varchar(400) collate "C",
            null::double precision, null::text collate "C"
          from response_fact_keys p cross join lateral json_array_elements(p.keys::json) e`.execute(db);
      await sql`create or replace function wjgj_delete_response_facts() returns trigger language plpgsql as $$
          begin
            delete from response_facts f using gone g
              where f.questionnaire_id = g.questionnaire_id and f.response_id = g.id;
            delete from response_fact_keys k using gone g
              where k.questionnaire_id = g.questionnaire_id and k.response_id = g.id;
            return null;
          end $$`.execute(db);
      await packBareFactRows(db);
    },
  };
}
