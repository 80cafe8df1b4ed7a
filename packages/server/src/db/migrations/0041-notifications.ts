import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Notifications in the console header (the bell): a phone invitation for its invitee, an accepted
 * invitation for its inviter. Rows of the person they are for; read ones keep `read_at`.
 */
export function notificationsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("notifications"), dialect)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("kind", "varchar(32)", (c) => c.notNull())
        .addColumn("title", "varchar(100)", (c) => c.notNull())
        .addColumn("content", "varchar(500)", (c) => c.notNull())
        // A path on this site the notification opens (/accept?code=…, /dc/dcDesign?id=…).
        .addColumn("link", "varchar(300)", (c) => c.notNull().defaultTo(""))
        .addColumn("read_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      // The bell reads a person's newest first, and counts the unread.
      await db.schema
        .createIndex("notifications_user_idx")
        .on("notifications")
        .columns(["user_id", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("notifications").execute();
    },
  };
}
