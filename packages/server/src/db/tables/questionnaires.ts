import type { QuestionaryStatus } from "@wjgj/core";
import { type ColumnType, type Generated, type Selectable, sql } from "kysely";

export const questionnairesTable = "questionnaires";

/**
 * A questionnaire: its draft definition (JSON, edited by the designer, versioned for optimistic saves),
 * collection settings (JSON, live), and a pointer to the revision respondents get.
 */
export interface QuestionnairesTable {
  id: Generated<number>;
  /** Random base62 id of the public links (/r/{publicId}); unguessable, never reused. */
  publicId: string;
  ownerId: number;
  kind: string;
  title: string;
  status: QuestionaryStatus;
  categoryId: string;
  draft: string;
  version: number;
  /** Draft version that was last published; null before the first publish. */
  publishedVersion: number | null;
  settings: string;
  questionCount: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** Set while the questionnaire sits in the recycle bin. */
  deletedAt: string | null;
  /** Set while an admin has taken it down: respondents see a notice and the owner cannot publish. */
  takenDownAt: string | null;
  takenDownBy: number | null;
  takenDownReason: string | null;
  /** When collection last stopped (停止收集); null while collecting (0175). */
  stoppedAt: ColumnType<string | null, string | null | undefined>;
  /** When the owner marked it 星标 in 我的问卷; null while not (0265). */
  starredAt: ColumnType<string | null, string | null | undefined>;
}

/** Immutable published snapshots; a response names the revision it answered. */
export interface QuestionnaireRevisionsTable {
  id: Generated<number>;
  questionnaireId: number;
  version: number;
  definition: string;
  createdAt: string;
}

/**
 * Valid responses of the questionnaire in `questionnaires`' row: its `total` counter, kept exact by submits and
 * status changes in their transactions (no column on the questionnaire that every submit would rewrite).
 * Summed from the shards themselves, not through the `response_counters` view: correlated with the outer row,
 * SQLite cannot push the condition into the view's GROUP BY and computed the whole view — every counter of every
 * questionnaire — for each row it read (4.5 ms instead of 35 µs with 1,000 other questionnaires of 100
 * counters, in each submit batch, page open and list row). PostgreSQL plans both forms alike.
 */
export const responseCount = counterOfRow("total");

/** A counter of the questionnaire in `questionnaires`' row (0 when never counted), summed from its shards. */
export function counterOfRow(key: string) {
  return sql<number>`coalesce((select cast(sum(rcs.count) as bigint) from response_counter_shards rcs
    where rcs.questionnaire_id = questionnaires.id and rcs.key = ${sql.lit(key)}), 0)`;
}

export const responseCountColumn = responseCount.as("responseCount");

/** A questionnaire as read with `selectAll()` plus `responseCountColumn`. */
export type QuestionnaireRow = Selectable<QuestionnairesTable> & { responseCount: number };

/** Every column but the draft: what respondents' calls read (a draft is the largest value of the row). */
export const answeringColumns = [
  "id",
  "publicId",
  "ownerId",
  "kind",
  "title",
  "status",
  "categoryId",
  "version",
  "publishedVersion",
  "settings",
  "questionCount",
  "createdAt",
  "updatedAt",
  "publishedAt",
  "deletedAt",
  "takenDownAt",
  "takenDownBy",
  "takenDownReason",
] as const satisfies readonly Exclude<keyof QuestionnaireRow, "draft" | "responseCount">[];

/** A row as `answeringColumns` and `responseCountColumn` select it. */
export type AnsweringRow = Pick<QuestionnaireRow, (typeof answeringColumns)[number] | "responseCount">;
