import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/** The public site's content, the admin console's records and the audit log. */
export function siteContentMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("labels"), dialect)
        .addColumn("name", "varchar(32)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("news"), dialect)
        .addColumn("title", "varchar(120)", (c) => c.notNull())
        .addColumn("summary", "varchar(300)", (c) => c.notNull().defaultTo(""))
        .addColumn("cover", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("label_id", "integer", (c) => c.references("labels.id").onDelete("set null"))
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("publish_at", "varchar(32)", (c) => c.notNull())
        .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by", "integer", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("news_public_idx").on("news").columns(["status", "publish_at"]).execute();
      await db.schema.createIndex("news_label_idx").on("news").columns(["label_id", "publish_at"]).execute();

      await withId(db.schema.createTable("help_categories"), dialect)
        .addColumn("name", "varchar(32)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(db.schema.createTable("help_articles"), dialect)
        .addColumn("category_id", "integer", (c) =>
          c.notNull().references("help_categories.id").onDelete("cascade"),
        )
        .addColumn("title", "varchar(120)", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        // The content's text without markup: what the help centre's search and excerpts read.
        .addColumn("plain_text", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("help_articles_category_idx")
        .on("help_articles")
        .columns(["category_id", "sort"])
        .execute();

      await withId(db.schema.createTable("banners"), dialect)
        .addColumn("title", "varchar(60)", (c) => c.notNull())
        .addColumn("subtitle", "varchar(120)", (c) => c.notNull().defaultTo(""))
        .addColumn("image", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("link", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("nav_entries"), dialect)
        .addColumn("name", "varchar(32)", (c) => c.notNull())
        .addColumn("path", "varchar(200)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("visible", "integer", (c) => c.notNull().defaultTo(1))
        .execute();

      await withId(db.schema.createTable("friend_links"), dialect)
        .addColumn("name", "varchar(40)", (c) => c.notNull())
        .addColumn("url", "varchar(300)", (c) => c.notNull())
        .addColumn("contact", "varchar(100)", (c) => c.notNull().defaultTo(""))
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("reviewed_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("friend_links_status_idx")
        .on("friend_links")
        .columns(["status", "id"])
        .execute();
      await db.schema
        .createIndex("friend_links_ip_idx")
        .on("friend_links")
        .columns(["ip", "created_at"])
        .execute();

      await withId(db.schema.createTable("leads"), dialect)
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("name", "varchar(40)", (c) => c.notNull())
        .addColumn("phone", "varchar(20)", (c) => c.notNull())
        .addColumn("company", "varchar(100)", (c) => c.notNull().defaultTo(""))
        .addColumn("email", "varchar(100)", (c) => c.notNull().defaultTo(""))
        .addColumn("content", "varchar(2000)", (c) => c.notNull().defaultTo(""))
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("handled_at", "varchar(32)")
        .execute();
      await db.schema.createIndex("leads_ip_idx").on("leads").columns(["ip", "created_at"]).execute();

      await withId(db.schema.createTable("vip_sets"), dialect)
        .addColumn("level", "integer", (c) => c.notNull().unique())
        .addColumn("name", "varchar(32)", (c) => c.notNull())
        .addColumn("badge", "varchar(32)", (c) => c.notNull().defaultTo(""))
        .addColumn("price_fen", "integer", (c) => c.notNull())
        .addColumn("duration_days", "integer", (c) => c.notNull())
        .addColumn("limits", "text", (c) => c.notNull())
        .addColumn("description", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("audit_logs"), dialect)
        .addColumn("admin_id", "integer", (c) => c.notNull())
        .addColumn("action", "varchar(64)", (c) => c.notNull())
        .addColumn("entity", "varchar(32)", (c) => c.notNull())
        .addColumn("entity_id", "varchar(64)", (c) => c.notNull())
        .addColumn("before", "text")
        .addColumn("after", "text")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("audit_logs_entity_idx")
        .on("audit_logs")
        .columns(["entity", "entity_id"])
        .execute();
    },
  };
}
