import type { Generated, Selectable } from "kysely";

/** A notification for one person (the header's bell): an invitation, an accepted invitation. */
export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  kind: string;
  title: string;
  content: string;
  link: Generated<string>;
  readAt: string | null;
  createdAt: string;
}

export type NotificationRow = Selectable<NotificationsTable>;
