import { definitionSchema } from "@wjgj/core";
import { type Kysely, type Migration, sql } from "kysely";
import { insertPaperTags, paperTagRows } from "../../commands/answering/papers.ts";
import type { DialectName } from "../index.ts";
import type { Database } from "../schema.ts";
import { withId } from "./helpers.ts";

const BATCH = 100;

/**
 * Papers drawn before 0120 get their tag rows now, from the bank questions they drew (bank questions are
 * never edited, only added or deleted, so a question still in its bank carries the tags it was drawn
 * with; a deleted one has none left to give). Safe to run again: rows already there are kept.
 */
export async function backfillPaperTags(db: Kysely<Database>) {
  let after = 0;
  for (;;) {
    const papers = await db
      .selectFrom("exam_papers")
      .select(["id", "questionnaireId", "revisionId", "candidate", "definition"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (papers.length === 0) break;
    const parsed = papers.map((paper) => ({
      paper,
      definition: definitionSchema.parse(JSON.parse(paper.definition)),
    }));
    const itemIds = [
      ...new Set(
        parsed.flatMap(({ definition }) =>
          definition.pages.flatMap((page) =>
            page.questions.flatMap((question) => {
              const match = /^bank_(\d+)$/.exec(question.id);
              return match ? [Number(match[1])] : [];
            }),
          ),
        ),
      ),
    ];
    const items =
      itemIds.length === 0
        ? []
        : await db.selectFrom("bank_questions").select(["id", "tags"]).where("id", "in", itemIds).execute();
    const tagsOf = new Map(items.map((item) => [item.id, JSON.parse(item.tags) as string[]]));
    for (const { paper, definition } of parsed) {
      await insertPaperTags(db, paper, paperTagRows(definition, tagsOf));
    }
    after = papers[papers.length - 1]?.id ?? after;
  }
}

/**
 * 知识点掌握: the tags of the bank questions on each candidate's paper, with their full marks there, kept
 * when the paper is drawn (see ExamPaperTagsTable). The unique key is also the lookup from a response
 * (questionnaire, revision, `d:<device id>`).
 */
export function examPaperTagsMigration(dialect: DialectName): Migration {
  const numType = dialect === "postgres" ? sql`double precision` : sql`real`;
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("exam_paper_tags"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("revision_id", "integer", (c) => c.notNull())
        .addColumn("candidate", "varchar(80)", (c) => c.notNull())
        .addColumn("question_id", "varchar(64)", (c) => c.notNull())
        .addColumn("tag", "varchar(80)", (c) => c.notNull())
        .addColumn("max_score", numType, (c) => c.notNull())
        .addUniqueConstraint("exam_paper_tags_question_tag", [
          "questionnaire_id",
          "revision_id",
          "candidate",
          "question_id",
          "tag",
        ])
        .execute();
      await backfillPaperTags(db as Kysely<Database>);
    },
  };
}
