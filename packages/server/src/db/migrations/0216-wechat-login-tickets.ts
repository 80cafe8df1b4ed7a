import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Signing in with WeChat (issue #39): the one-time tickets the callback hands to /Loginone — a login ticket
 * (the WeChat is bound: the page exchanges it for a session) or a bind ticket (not bound yet: the page asks
 * for a phone and binds the WeChat it remembers). Kept as hashes, five minutes, used once.
 */
export function wechatLoginTicketsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("wechat_login_tickets"), dialect)
        .addColumn("ticket_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("app_id", "varchar(64)", (c) => c.notNull())
        .addColumn("openid_digest", "varchar(64)", (c) => c.notNull())
        .addColumn("unionid_digest", "varchar(64)")
        .addColumn("nickname", "varchar(64)", (c) => c.notNull().defaultTo(""))
        .addColumn("return_to", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("wechat_login_tickets_expires")
        .on("wechat_login_tickets")
        .column("expires_at")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("wechat_login_tickets").execute();
    },
  };
}
