import type { Generated, Selectable } from "kysely";

export const startRemindersTable = "start_reminders";

/** Phones that asked (on /trailerPage) for one SMS when a not-yet-started questionnaire opens. */
export interface StartRemindersTable {
  id: Generated<number>;
  questionnaireId: number;
  phone: string;
  createdAt: string;
  /** When the SMS was recorded; null while it is still due. */
  sentAt: string | null;
}

export type StartReminderRow = Selectable<StartRemindersTable>;
