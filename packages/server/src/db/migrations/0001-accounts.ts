import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

export function accountsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("users"), dialect)
        .addColumn("phone", "varchar(20)", (c) => c.unique())
        .addColumn("nick_name", "varchar(64)", (c) => c.notNull().defaultTo(""))
        .addColumn("avatar", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("password_hash", "varchar(200)")
        .addColumn("vip_level", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("vip_stop_time", "varchar(32)")
        .addColumn("is_template", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("role", "varchar(16)", (c) => c.notNull().defaultTo("user"))
        .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("active"))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("users_created_at_idx").on("users").column("created_at").execute();

      await withId(db.schema.createTable("sessions"), dialect)
        .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("from_type", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("ip", "varchar(64)", (c) => c.notNull().defaultTo(""))
        .addColumn("user_agent", "varchar(300)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("revoked_at", "varchar(32)")
        .execute();
      await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

      await withId(db.schema.createTable("phone_codes"), dialect)
        .addColumn("phone", "varchar(20)", (c) => c.notNull())
        .addColumn("purpose", "varchar(16)", (c) => c.notNull())
        .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("consumed_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("phone_codes_phone_idx")
        .on("phone_codes")
        .columns(["phone", "created_at"])
        .execute();
      await db.schema
        .createIndex("phone_codes_ip_idx")
        .on("phone_codes")
        .columns(["ip", "created_at"])
        .execute();

      await withId(db.schema.createTable("sms_outbox"), dialect)
        .addColumn("phone", "varchar(20)", (c) => c.notNull())
        .addColumn("purpose", "varchar(32)", (c) => c.notNull())
        .addColumn("content", "varchar(500)", (c) => c.notNull())
        .addColumn("code", "varchar(16)")
        .addColumn("provider", "varchar(32)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sms_outbox_phone_idx").on("sms_outbox").columns(["phone", "id"]).execute();

      await withId(db.schema.createTable("login_attempts"), dialect)
        .addColumn("phone", "varchar(20)", (c) => c.notNull())
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("success", "integer", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("login_attempts_phone_idx")
        .on("login_attempts")
        .columns(["phone", "created_at"])
        .execute();
      await db.schema
        .createIndex("login_attempts_ip_idx")
        .on("login_attempts")
        .columns(["ip", "created_at"])
        .execute();

      await withId(db.schema.createTable("external_accounts"), dialect)
        .addColumn("from_type", "integer", (c) => c.notNull())
        .addColumn("platform_user_id", "varchar(128)", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("external_accounts_platform_uq", ["from_type", "platform_user_id"])
        .execute();

      await db.schema
        .createTable("other_login_uses")
        .addColumn("signature", "varchar(64)", (c) => c.primaryKey())
        .addColumn("used_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("settings")
        .addColumn("key", "varchar(64)", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
  };
}
