import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * 随机组卷: the paper each candidate drew, per questionnaire and revision, the candidate being `d:<device id>`.
 * The definition (with the drawn questions and their answer key) is what the candidate's answers are graded
 * against, so it is kept whole: later edits of the bank change no paper already handed out.
 */
export function examPapersMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("exam_papers"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("revision_id", "integer", (c) => c.notNull())
        .addColumn("candidate", "varchar(80)", (c) => c.notNull())
        .addColumn("definition", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("exam_papers_candidate", ["questionnaire_id", "revision_id", "candidate"])
        .execute();
    },
  };
}
