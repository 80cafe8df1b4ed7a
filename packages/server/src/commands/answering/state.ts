import type { AnswerState, MessageKey, QuestionarySettings } from "@wjgj/core";
import type { QuestionnaireRow } from "../../db/tables/questionnaires.ts";

export type { AnswerState } from "@wjgj/core";

export const answerStateMessages: Record<Exclude<AnswerState, "open">, MessageKey> = {
  unpublished: "answerUnpublished",
  deleted: "answerDeleted",
  stopped: "answerStopped",
  notStarted: "answerNotStarted",
  ended: "answerEnded",
  full: "answerFull",
};

function parseTime(text: string): number | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

export function answerState(row: QuestionnaireRow, settings: QuestionarySettings, now: Date): AnswerState {
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
