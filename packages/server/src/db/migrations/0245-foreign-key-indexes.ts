import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";

/** Foreign keys whose column no index led: deleting a row of the table pointed at scanned the pointing one. */
const keys: readonly (readonly [table: string, column: string])[] = [
  ["responses", "revision_id"],
  ["red_packet_claims", "response_id"],
  ["text_code_tags", "response_id"],
  ["response_grades", "questionnaire_id"],
  ["designer_presence", "user_id"],
  ["external_accounts", "user_id"],
  ["invoices", "user_id"],
  ["ledger_accounts", "user_id"],
  ["sample_orders", "user_id"],
  ["space_posts", "user_id"],
  ["wechat_login_tickets", "user_id"],
  ["ledger_transfers", "pending_id"],
  ["prize_draws", "prize_id"],
  ["templates", "profession_id"],
  ["exam_attempts", "candidate_id"],
];

/**
 * Deleting a row makes the database look, through every foreign key, for the rows that point at it (to
 * cascade, or to refuse): without an index led by the pointing column that is a scan of the whole pointing
 * table per deleted row. Deleting a questionnaire for good deleted its responses, and each response scanned
 * every fact of every questionnaire (SQLite: `response_facts` is keyed by questionnaire first) and then each
 * of its revisions every response — hours on a large database, SQLite's one writer held all along. Each such
 * key gets its index (db/foreign-key-indexes.test.ts keeps it so).
 *
 * SQLite's facts also lose their two keys, as PostgreSQL's did in 0030: a submit's 50 fact rows no longer
 * cost 100 parent look-ups, and a deleted response's facts go by a trigger that deletes its range of the
 * primary key. SQLite cannot drop a key in place: the table is copied into one without them.
 */
export function foreignKeyIndexesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, column] of keys)
        await sql`create index if not exists ${sql.id(`${table}_${column}_fk_idx`)}
          on ${sql.table(table)} (${sql.ref(column)})`.execute(db);
      if (dialect !== "sqlite") return;
      await sql`create table response_facts_unkeyed (
          questionnaire_id integer not null,
          response_id integer not null,
          question_id varchar(64) not null,
          key varchar(400) not null,
          num real,
          text text,
          constraint response_facts_pk primary key (questionnaire_id, response_id, key)
        ) without rowid`.execute(db);
      await sql`insert into response_facts_unkeyed (questionnaire_id, response_id, question_id, key, num, text)
        select questionnaire_id, response_id, question_id, key, num, text from response_facts`.execute(db);
      await sql`drop table response_facts`.execute(db);
      await sql`alter table response_facts_unkeyed rename to response_facts`.execute(db);
      await sql`create index response_facts_num_idx on response_facts (questionnaire_id, question_id, num)
        where num is not null`.execute(db);
      // Responses cascade from their questionnaire; a cascaded delete fires this trigger too.
      await sql`create trigger responses_delete_facts after delete on responses for each row begin
          delete from response_facts where questionnaire_id = old.questionnaire_id and response_id = old.id;
        end`.execute(db);
    },
  };
}
