import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * The answer space (互填, issue #19): a post offers points per answer from a hold on the creator's points
 * (ledger_holds); each earning posts part of it to a respondent, once per post and respondent.
 */
export function answerSpaceMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("space_posts"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("reward", "integer", (c) => c.notNull())
        .addColumn("quota", "integer", (c) => c.notNull())
        // The pending ledger transfer that holds reward × quota of the creator's points.
        .addColumn("hold_id", "varchar(80)", (c) => c.notNull())
        // active | withdrawn | removed
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("removed_reason", "varchar(200)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("ended_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("space_posts_status_idx")
        .on("space_posts")
        .columns(["status", "created_at"])
        .execute();
      await db.schema
        .createIndex("space_posts_questionnaire_idx")
        .on("space_posts")
        .columns(["questionnaire_id"])
        .execute();

      await withId(db.schema.createTable("space_earnings"), dialect)
        .addColumn("post_id", "integer", (c) => c.notNull().references("space_posts.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("response_id", "integer", (c) => c.notNull().unique())
        .addColumn("points", "integer", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        // No repeats: one earning per post and respondent, also under concurrency.
        .addUniqueConstraint("space_earnings_once", ["post_id", "user_id"])
        .execute();
      await db.schema
        .createIndex("space_earnings_user_idx")
        .on("space_earnings")
        .columns(["user_id", "created_at"])
        .execute();
    },
  };
}
