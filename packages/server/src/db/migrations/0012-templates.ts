import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Templates and the professions (行业) the gallery filters by. A template keeps its own definition
 * snapshot, so later edits of the questionnaire it came from never change it.
 */
export function templatesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("template_professions"), dialect)
        .addColumn("name", "varchar(20)", (c) => c.notNull().unique())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("templates"), dialect)
        // Null for the site's official templates.
        .addColumn("owner_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("official", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("category_id", "varchar(32)", (c) => c.notNull().defaultTo(""))
        .addColumn("profession_id", "integer", (c) => c.references("template_professions.id"))
        .addColumn("title", "varchar(100)", (c) => c.notNull())
        .addColumn("description", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("cover", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("tags", "varchar(200)", (c) => c.notNull().defaultTo("[]"))
        // Lower-cased title, description and tags: what the gallery's search matches.
        .addColumn("search_text", "varchar(900)", (c) => c.notNull().defaultTo(""))
        .addColumn("definition", "text", (c) => c.notNull())
        .addColumn("question_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("visibility", "varchar(16)", (c) => c.notNull())
        .addColumn("review_state", "varchar(16)", (c) => c.notNull())
        .addColumn("reject_reason", "varchar(200)", (c) => c.notNull().defaultTo(""))
        .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("use_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      // The gallery's search: every filter and sort column beside the search text, so the id query of a
      // page reads this narrow index instead of the table, whose rows carry whole definitions.
      await db.schema
        .createIndex("templates_search_idx")
        .on("templates")
        .columns([
          "review_state",
          "visibility",
          "kind",
          "search_text",
          "category_id",
          "profession_id",
          "featured",
          "use_count",
          "updated_at",
        ])
        .execute();
      await db.schema
        .createIndex("templates_owner_idx")
        .on("templates")
        .columns(["owner_id", "updated_at"])
        .execute();
    },
  };
}
