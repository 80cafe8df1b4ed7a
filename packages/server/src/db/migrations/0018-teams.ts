import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Teams: the members a questionnaire is shared with (the owner stays on the questionnaire row), the
 * invitations by phone or link, and the activity log of each questionnaire (who invited, edited, published…).
 */
export function teamsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("team_members"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("role", "varchar(16)", (c) => c.notNull())
        .addColumn("invited_by", "integer")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("team_members_pair_uq", ["questionnaire_id", "user_id"])
        .execute();
      // 共享给我的: a member's projects.
      await db.schema.createIndex("team_members_user_idx").on("team_members").columns(["user_id"]).execute();

      await withId(db.schema.createTable("team_invites"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        // The secret in the /accept link: random, unguessable.
        .addColumn("code", "varchar(40)", (c) => c.notNull().unique())
        .addColumn("kind", "varchar(8)", (c) => c.notNull())
        .addColumn("role", "varchar(16)", (c) => c.notNull())
        // Phone invitations name their one invitee; link invitations are for whoever holds the link.
        .addColumn("invitee_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("created_by", "integer", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("max_uses", "integer", (c) => c.notNull())
        .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("revoked_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("team_invites_questionnaire_idx")
        .on("team_invites")
        .columns(["questionnaire_id"])
        .execute();
      await db.schema
        .createIndex("team_invites_invitee_idx")
        .on("team_invites")
        .columns(["invitee_id"])
        .execute();

      await withId(db.schema.createTable("team_activity"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("actor_id", "integer", (c) => c.notNull())
        .addColumn("action", "varchar(32)", (c) => c.notNull())
        .addColumn("detail", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("team_activity_questionnaire_idx")
        .on("team_activity")
        .columns(["questionnaire_id", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("team_activity").execute();
      await db.schema.dropTable("team_invites").execute();
      await db.schema.dropTable("team_members").execute();
    },
  };
}
