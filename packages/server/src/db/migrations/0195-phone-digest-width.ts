import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";

/**
 * Red-packet claims and per-phone draws keep the verified phone as its keyed digest (issue #36: `h:` and 24
 * characters), wider than the 20 characters the columns were made with. PostgreSQL enforces the width; SQLite
 * does not (nothing to do there).
 */
export function phoneDigestWidthMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      for (const table of ["red_packet_claims", "prize_draws"])
        await db.schema
          .alterTable(table)
          .alterColumn("phone", (column) => column.setDataType("varchar(64)"))
          .execute();
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      for (const table of ["red_packet_claims", "prize_draws"])
        await db.schema
          .alterTable(table)
          .alterColumn("phone", (column) => column.setDataType("varchar(20)"))
          .execute();
    },
  };
}
