import type { Kysely, Migration } from "kysely";

/**
 * 计算值 kept with each response (issue #34): the values of the questionnaire's calculated values at submit, as
 * JSON `{ id: value }`, so exports and 统计分析 read them as variables (evaluating them again later would use
 * another day's date). Null for responses stored before, and for questionnaires without calculated values.
 */
export function responseComputedMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("responses").addColumn("computed", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("responses").dropColumn("computed").execute();
    },
  };
}
