import type { SpacePostStatus } from "@wjgj/core";
import type { Generated, Selectable } from "kysely";

export interface SpacePostsTable {
  id: Generated<number>;
  questionnaireId: number;
  userId: number;
  /** Points per valid answer. */
  reward: number;
  /** Answers wanted: the hold is reward × quota. */
  quota: number;
  holdId: string;
  status: SpacePostStatus;
  removedReason: string;
  createdAt: string;
  endedAt: string | null;
}
export type SpacePostRow = Selectable<SpacePostsTable>;

export interface SpaceEarningsTable {
  id: Generated<number>;
  postId: number;
  userId: number;
  responseId: number;
  points: number;
  createdAt: string;
}
