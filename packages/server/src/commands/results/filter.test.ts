import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FactPredicate } from "@wjgj/core";
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrations/index.ts";
import { predicateSql } from "./filter.ts";

// SQLite keeps no key index on response_facts (every submit would rewrite dozens of its pages): the SQL
// filter of listings and exports must reach a response's facts through the primary key, and its pack of bare
// keys through its row id, never by reading every fact of the questionnaire. This holds on SQLite whatever
// database the rest of the suite runs on.
describe("the SQL filter on SQLite", () => {
  let dir: string;
  let handle: DbHandle;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-filter-plan-"));
    handle = openDb({ dataDir: dir });
    await migrateToLatest(handle.db, handle.dialect);
  });

  afterAll(async () => {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const leaves: [string, FactPredicate][] = [
    ["an option chosen", { kind: "hasKey", keys: ["option:q1:o1", "option:q1:o2"] }],
    ["a question answered", { kind: "answered", questionId: "q2" }],
    [
      "a number compared",
      {
        kind: "compare",
        questionId: "q3",
        keys: ["num:q3"],
        prefix: null,
        column: "num",
        op: "gt",
        value: 3,
      },
    ],
    [
      "a text searched",
      {
        kind: "compare",
        questionId: "q4",
        keys: [],
        prefix: "text:q4",
        column: "text",
        op: "contains",
        value: "好",
      },
    ],
  ];

  it.each(leaves)("looks up %s by the response's primary key", async (_name, leaf) => {
    const predicate: FactPredicate = { kind: "or", items: [leaf, { kind: "not", item: leaf }] };
    const compiled = handle.db
      .selectFrom("responses")
      .select("responses.id")
      .where("responses.questionnaireId", "=", 1)
      .where((eb) => predicateSql(eb, predicate, { questionnaireId: 1, dialect: "sqlite" }))
      .compile();
    const plan = await handle.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    const details = plan.rows.map((row) => row.detail);
    // Fact rows by the response's primary key, packs (migration 0260) by the response's id as their row id.
    const lookups = details.filter((detail) => /^(SEARCH|SCAN) (?!responses )/.test(detail));
    expect(lookups.length).toBeGreaterThan(0);
    for (const detail of lookups)
      expect(detail).toMatch(
        /^SEARCH (response_facts USING PRIMARY KEY \(questionnaire_id=\? AND response_id=\?|p USING INTEGER PRIMARY KEY \(rowid=\?\))/,
      );
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'response_facts'`.execute(
      handle.db,
    );
    expect(indexes.rows.map((row) => row.name)).not.toContain("response_facts_key_idx");
  });
});
