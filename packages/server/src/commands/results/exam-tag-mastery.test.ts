import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SurveyDefinition } from "@wjgj/core";
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrations/index.ts";
import { tagMasteryQuery } from "./exam-tag-mastery.ts";

// SQLite keeps no statistics and no key index on response_facts: left to itself it reads every fact of the
// exam for 知识点掌握. The query walks the exam's responses instead and reaches their tag rows and score
// facts by key, whatever database the rest of the suite runs on.
describe("知识点掌握 on SQLite", () => {
  let dir: string;
  let handle: DbHandle;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-tag-plan-"));
    handle = openDb({ dataDir: dir });
    await migrateToLatest(handle.db, handle.dialect);
  });

  afterAll(async () => {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads each response's tag rows and score facts by key", async () => {
    const set = {
      questionnaireId: 1,
      definition: {} as SurveyDefinition,
      filter: { dateFrom: "2026-01-01" },
      status: "valid" as const,
      dialect: "sqlite" as const,
    };
    const compiled = tagMasteryQuery(handle.db, set, null).compile();
    const plan = await handle.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    const details = plan.rows.map((row) => row.detail).filter((detail) => !detail.includes("B-TREE"));
    expect(details).toHaveLength(3);
    expect(details[0]).toMatch(/^SEARCH responses USING INDEX .*\(questionnaire_id=\? AND status=\?/);
    expect(details[1]).toMatch(
      /^SEARCH t USING .*INDEX .*\(questionnaire_id=\? AND revision_id=\? AND candidate=\?\)/,
    );
    expect(details[2]).toBe("SEARCH f USING PRIMARY KEY (questionnaire_id=? AND response_id=? AND key=?)");
  });
});
