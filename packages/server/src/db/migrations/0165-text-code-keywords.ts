import { lowerLatin } from "@wjgj/core";
import { type Kysely, type Migration, sql } from "kysely";
import type { Database } from "../schema.ts";

/**
 * A code's keywords one per row, Latin capitals folded (issue #35): what lets 筛选 test "has the code" in SQL —
 * a keyword row whose text one of the question's open texts contains — on both databases, without reading the
 * texts into memory. `text_codes.keywords` stays the list as typed, in its order, for the page.
 */
export function textCodeKeywordsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("text_code_keywords")
        .addColumn("code_id", "integer", (c) => c.notNull().references("text_codes.id").onDelete("cascade"))
        .addColumn("keyword", "varchar(80)", (c) => c.notNull())
        .addPrimaryKeyConstraint("text_code_keywords_pk", ["code_id", "keyword"])
        .execute();
      await backfillCodeKeywords(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("text_code_keywords").execute();
    },
  };
}

/** Keyword rows for codes that have none (all of them when the table is new). */
export async function backfillCodeKeywords(db: Kysely<unknown> | Kysely<Database>): Promise<void> {
  const codes = await sql<{ id: number; keywords: string }>`select id, keywords from text_codes c
    where not exists (select 1 from text_code_keywords k where k.code_id = c.id)`.execute(db);
  for (const code of codes.rows) {
    const words = new Set(
      code.keywords
        .split("\n")
        .map(lowerLatin)
        .filter((word) => word !== ""),
    );
    for (const keyword of words)
      await sql`insert into text_code_keywords (code_id, keyword) values (${code.id}, ${keyword})`.execute(
        db,
      );
  }
}
