import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/** API keys, their per-minute usage (the rate limit) and their call log (issue #38). */
export function apiKeysMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("api_keys"), dialect)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "varchar(100)", (c) => c.notNull())
        .addColumn("prefix", "varchar(32)", (c) => c.notNull())
        .addColumn("key_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("scopes", "varchar(200)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)")
        .addColumn("revoked_at", "varchar(32)")
        .addColumn("last_used_at", "varchar(32)")
        .addColumn("last_used_ip", "varchar(64)", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema.createIndex("api_keys_user").on("api_keys").columns(["user_id", "id"]).execute();
      await db.schema
        .createTable("api_key_usage")
        .addColumn("key_id", "integer", (c) => c.notNull().references("api_keys.id").onDelete("cascade"))
        .addColumn("minute", "varchar(16)", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("api_key_usage_pk", ["key_id", "minute"])
        .execute();
      await withId(db.schema.createTable("api_calls"), dialect)
        .addColumn("key_id", "integer", (c) => c.notNull().references("api_keys.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("method", "varchar(8)", (c) => c.notNull())
        .addColumn("path", "varchar(300)", (c) => c.notNull())
        .addColumn("status", "integer", (c) => c.notNull())
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("duration_ms", "integer", (c) => c.notNull())
        .addColumn("at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("api_calls_key").on("api_calls").columns(["key_id", "id"]).execute();
      await db.schema.createIndex("api_calls_at").on("api_calls").column("at").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("api_calls").execute();
      await db.schema.dropTable("api_key_usage").execute();
      await db.schema.dropTable("api_keys").execute();
    },
  };
}
