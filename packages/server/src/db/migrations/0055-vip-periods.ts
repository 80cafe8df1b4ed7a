import { type Kysely, type Migration, sql } from "kysely";

/** What each paid level allowed before entitlements had names of their own (kept by the admin's edits). */
const levelDefaults: Record<number, Record<string, unknown>> = {
  1: { uploadSpaceMb: 2_048, exportAttachments: true, removeBrand: false, customRedirect: true },
  2: { uploadSpaceMb: 10_240, exportAttachments: true, removeBrand: true, customRedirect: true },
  3: { uploadSpaceMb: 51_200, exportAttachments: true, removeBrand: true, customRedirect: true },
};

/**
 * Membership prices per period (issue #16): a month and a year, each in fen, instead of one price for a
 * number of days. The old price becomes the year's (every seeded level lasted 365 days); a month costs a
 * tenth of it, rounded down to whole yuan, until the admin sets its own. Levels gain the entitlements
 * they did not name yet, so a paid level never allows less than level 0.
 */
export function vipPeriodsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("vip_sets")
        .addColumn("price_month_fen", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("vip_sets")
        .addColumn("price_year_fen", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update vip_sets set price_year_fen = price_fen * 365 / duration_days,
        price_month_fen = (price_fen * 365 / duration_days) / 1000 * 100`.execute(db);
      await db.schema.alterTable("vip_sets").dropColumn("price_fen").execute();
      await db.schema.alterTable("vip_sets").dropColumn("duration_days").execute();

      const rows = await sql<{ id: number; level: number; limits: string }>`
        select id, level, limits from vip_sets`.execute(db);
      for (const row of rows.rows) {
        let limits: Record<string, unknown> = {};
        try {
          limits = JSON.parse(row.limits) as Record<string, unknown>;
        } catch {
          limits = {};
        }
        const merged = { ...(levelDefaults[row.level] ?? {}), ...limits };
        await sql`update vip_sets set limits = ${JSON.stringify(merged)} where id = ${row.id}`.execute(db);
      }
    },
  };
}
