import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";

/**
 * 审核 (issue #41): each response of a questionnaire that requires review carries its state on its own row,
 * written by the submit's INSERT (no extra statement on the hot path): "pending" from the submit, then
 * "approved" or "rejected" (with the reviewer's reason), who decided and when. Null: the questionnaire had
 * no review when the response was submitted. The partial index serves the 待审核 list and counts without
 * costing the submits of questionnaires that do not use review.
 */
export function responseReviewsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const stateType = dialect === "postgres" ? sql`varchar(16) collate "C"` : sql`varchar(16)`;
      await db.schema
        .alterTable("responses")
        .addColumn("review_state", stateType, (c) =>
          c.check(sql`review_state is null or review_state in ('pending', 'approved', 'rejected')`),
        )
        .execute();
      await db.schema.alterTable("responses").addColumn("review_reason", "text").execute();
      await db.schema.alterTable("responses").addColumn("reviewed_by", "integer").execute();
      await db.schema.alterTable("responses").addColumn("reviewed_at", "varchar(32)").execute();
      await db.schema
        .createIndex("responses_review_state_idx")
        .on("responses")
        .columns(["questionnaire_id", "review_state"])
        .where(sql.ref("review_state"), "is not", null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("responses_review_state_idx").execute();
      for (const column of ["reviewed_at", "reviewed_by", "review_reason", "review_state"])
        await db.schema.alterTable("responses").dropColumn(column).execute();
    },
  };
}
