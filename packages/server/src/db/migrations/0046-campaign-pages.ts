import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/** /hd topic pages the admin writes: slug, banner, sanitised rich text, linked content and a call to action. */
export function campaignPagesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("campaign_pages"), dialect)
        .addColumn("slug", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull())
        .addColumn("banner", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("template_ids", "text", (c) => c.notNull())
        .addColumn("questionnaire_ids", "text", (c) => c.notNull())
        .addColumn("cta_text", "varchar(40)", (c) => c.notNull())
        .addColumn("cta_url", "text", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
  };
}
