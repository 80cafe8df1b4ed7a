import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Signing in with WeChat (issue #39): the OAuth `state`s handed out (bound to the browser that asked, used
 * once), the WeChat identities bound to accounts (digests only), and values cached for every instance
 * (the 公众号's access token and jsapi_ticket).
 */
export function wechatMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("wechat_oauth_states"), dialect)
        .addColumn("state_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("browser_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("purpose", "varchar(16)", (c) => c.notNull())
        .addColumn("app", "varchar(16)", (c) => c.notNull())
        .addColumn("user_id", "integer")
        .addColumn("return_to", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("wechat_oauth_states_created")
        .on("wechat_oauth_states")
        .column("created_at")
        .execute();
      await withId(db.schema.createTable("wechat_bindings"), dialect)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("app_id", "varchar(64)", (c) => c.notNull())
        .addColumn("openid_digest", "varchar(64)", (c) => c.notNull())
        .addColumn("unionid_digest", "varchar(64)")
        .addColumn("nickname", "varchar(64)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("wechat_bindings_openid", ["app_id", "openid_digest"])
        .addUniqueConstraint("wechat_bindings_user_app", ["user_id", "app_id"])
        .execute();
      await db.schema
        .createIndex("wechat_bindings_unionid")
        .on("wechat_bindings")
        .column("unionid_digest")
        .execute();
      await db.schema
        .createTable("wechat_cache")
        .addColumn("name", "varchar(64)", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("wechat_cache").execute();
      await db.schema.dropTable("wechat_bindings").execute();
      await db.schema.dropTable("wechat_oauth_states").execute();
    },
  };
}
