import type { Kysely, Migration } from "kysely";

/**
 * 数据查看 without personal data: a member flag (results, response details and exports hide IP addresses
 * and identifying answers for them), and the same flag on an export job, so a file made for such a member
 * holds none and such a member can download only files made that way.
 */
export function teamPersonalDataMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("team_members")
        .addColumn("hide_personal", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("export_jobs")
        .addColumn("hide_personal", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
