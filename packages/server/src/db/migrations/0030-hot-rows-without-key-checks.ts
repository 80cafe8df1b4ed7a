import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";

/**
 * PostgreSQL checks a foreign key with one `select … for key share` on the parent row per inserted child
 * row: a submit's 50 facts and its new counter rows cost as many checks as rows, each locking the same
 * questionnaire row (concurrent submits then share it through multixacts). In the submit bench these
 * checks took more time than everything else the submit statement does. The facts and counter rows are
 * only ever written by the statement that inserts their response (itself still checked against the
 * questionnaire and revision), so the checks prove nothing there; what the keys still give is the
 * cascade when a questionnaire or a response is deleted for good, which statement-level triggers keep
 * (one delete per deleting statement, not per row). SQLite keeps its keys: its checks are index probes in
 * the same process and its writes are serial anyway.
 */
export function hotRowsWithoutKeyChecksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`alter table response_facts drop constraint response_facts_questionnaire_id_fkey`.execute(db);
      await sql`alter table response_facts drop constraint response_facts_response_id_fkey`.execute(db);
      await sql`alter table response_counter_shards
        drop constraint response_counter_shards_questionnaire_id_fkey`.execute(db);
      // Responses still cascade from their questionnaire, so deleting one deletes its responses, whose
      // trigger then deletes their facts.
      await sql`create function wjgj_delete_response_facts() returns trigger language plpgsql as $$
        begin
          delete from response_facts f using gone g
            where f.questionnaire_id = g.questionnaire_id and f.response_id = g.id;
          return null;
        end $$`.execute(db);
      await sql`create trigger responses_delete_facts after delete on responses
        referencing old table as gone for each statement execute function wjgj_delete_response_facts()`.execute(
        db,
      );
      await sql`create function wjgj_delete_questionnaire_counters() returns trigger language plpgsql as $$
        begin
          delete from response_counter_shards c using gone g where c.questionnaire_id = g.id;
          return null;
        end $$`.execute(db);
      await sql`create trigger questionnaires_delete_counters after delete on questionnaires
        referencing old table as gone for each statement
        execute function wjgj_delete_questionnaire_counters()`.execute(db);
    },
  };
}
