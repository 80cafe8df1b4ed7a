import type { AnswerState, MessageKey, QuestionarySettings } from "@wjgj/core";
import type { AnsweringRow } from "../../db/tables/questionnaires.ts";

export type { AnswerState } from "@wjgj/core";

export const answerStateMessages: Record<Exclude<AnswerState, "open">, MessageKey> = {
  unpublished: "answerUnpublished",
  deleted: "answerDeleted",
  stopped: "answerStopped",
  notStarted: "answerNotStarted",
  ended: "answerEnded",
  full: "answerFull",
  takenDown: "answerTakenDown",
};

/** A start or end time of the settings as epoch ms; null when unset or unreadable (then it does not apply). */
export function parseTime(text: string): number | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

export function answerState(
  row: Pick<AnsweringRow, "takenDownAt" | "deletedAt" | "publishedVersion" | "status" | "responseCount">,
  settings: QuestionarySettings,
  now: Date,
): AnswerState {
  // An admin's take-down outranks everything the owner did: the respondent must learn why it is gone.
  if (row.takenDownAt) return "takenDown";
  if (row.deletedAt) return "deleted";
  if (row.publishedVersion === null) return "unpublished";
  if (row.status !== "published") return "stopped";
  const start = parseTime(settings.startTime);
  const end = parseTime(settings.endTime);
  if (start !== null && now.getTime() < start) return "notStarted";
  if (end !== null && now.getTime() >= end) return "ended";
  if (settings.maxResponses > 0 && row.responseCount >= settings.maxResponses) return "full";
  return "open";
}
