import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";

/**
 * SQLite drops `response_facts_key_idx` (questionnaire, key, response). Every submit added about one entry
 * per answered question to it, each at the tail of its own key's run: dozens of scattered index pages
 * rewritten per commit, the largest single cost of a submit. What read it is served otherwise: statistics,
 * filters and cross-analysis by the in-memory bitset index (built by one GROUP BY over the primary key), and
 * the SQL filter of listings and exports by a lookup per response on the primary key (filter.ts). PostgreSQL
 * keeps the index: its writers do not wait on one another.
 */
export function sqliteFactsKeyIndexMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "sqlite") await sql`drop index if exists response_facts_key_idx`.execute(db);
    },
  };
}
