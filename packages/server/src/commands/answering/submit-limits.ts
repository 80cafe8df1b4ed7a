import type {
  Fact,
  QuestionarySettings,
  SubmittedBooking,
  SubmittedFormOrder,
  SurveyDefinition,
} from "@wjgj/core";
import { chinaDayStart, iso } from "../../clock.ts";
import { type Db, toCount } from "../../db/index.ts";
import type { AnsweringRow } from "../../db/tables/questionnaires.ts";
import type { ResponseRow } from "../../db/tables/responses.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import type { BookingPlan } from "../bookings/submit.ts";
import type { AttemptClaim } from "../exams/attempt-store.ts";
import type { FormOrderPlan } from "../form-orders/submit.ts";
import type { OwnerTerms } from "./owner-terms.ts";
import type { StoredResponse } from "./reply.ts";
import { answerStateMessages } from "./state.ts";

/**
 * A closed questionnaire refuses with the same wording as its closed page, naming it by its kind (考试已结束).
 */
export class ClosedError extends ConflictError {
  constructor(state: keyof typeof answerStateMessages, kind: string) {
    super(answerStateMessages[state], kind);
  }
}

/** The remembered row no longer matches the questionnaire: the submit starts again from a fresh read. */
export class StaleRowError extends Error {}

/** Whether two reads of a questionnaire lead to the same decisions before the transaction. */
export function sameGates(a: AnsweringRow, b: AnsweringRow): boolean {
  return (
    a.id === b.id &&
    a.settings === b.settings &&
    a.publishedVersion === b.publishedVersion &&
    a.deletedAt === b.deletedAt
  );
}

export interface SourceLimit {
  column: "ip" | "deviceId" | "userId" | "wechatKey";
  value: string | number;
  /** Counted from (the China day's start), or null for all time. */
  since: string | null;
  max: number;
  message: "answerIpLimit" | "answerDeviceLimit" | "answerAccountLimit" | "answerWechatLimit";
}

/**
 * Per-source caps of the settings that apply to this submit (once per IP / device / account / WeChat user, in
 * total or per day). `wechatKey` is the digest of the respondent's verified openid (wechat-respondent.ts).
 */
export function sourceLimits(
  settings: QuestionarySettings,
  source: { ip: string; deviceId: string; viewer: Viewer | null; wechatKey?: string | null },
  now: Date,
): SourceLimit[] {
  const checks = [
    [settings.limitPerIp, "ip", source.ip, "answerIpLimit"],
    [settings.limitPerDevice, "deviceId", source.deviceId, "answerDeviceLimit"],
    [settings.limitPerAccount, "userId", source.viewer?.user.id ?? null, "answerAccountLimit"],
    [settings.limitPerWechat, "wechatKey", source.wechatKey ?? null, "answerWechatLimit"],
  ] as const;
  const limits: SourceLimit[] = [];
  for (const [limit, column, value, message] of checks) {
    if (!limit.enabled || value === null || value === "") continue;
    const since = limit.period === "day" ? iso(chinaDayStart(now)) : null;
    limits.push({ column, value, since, max: limit.max, message });
  }
  return limits;
}

/**
 * The first per-source cap this source has reached, or null: responses of the questionnaire from it (within the
 * period; deleted ones do not count). The store checks in its transaction; opening checks too, so a device that
 * has used its answers is told before it answers again (open.ts).
 */
export async function reachedSourceLimit(
  db: Db,
  questionnaireId: number,
  limits: readonly SourceLimit[],
): Promise<SourceLimit | null> {
  for (const limit of limits) {
    let query = db
      .selectFrom("responses")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("questionnaireId", "=", questionnaireId)
      .where(limit.column, "=", limit.value)
      .where("status", "!=", "deleted");
    if (limit.since) query = query.where("submittedAt", ">=", limit.since);
    if (toCount(await query.executeTakeFirst()) >= limit.max) return limit;
  }
  return null;
}

export function uniqueTakenError(questionId: string): InvalidInputError {
  return new InvalidInputError(
    [{ field: `answers.${questionId}`, message: "该答案已被他人提交，请检查后重新填写" }],
    "answerUniqueTaken",
  );
}

/** Everything a submit decided before touching the database: what to store and which limits to check. */
export interface StorePlan {
  /** The questionnaire as read before the transaction; the store checks it still reads the same. */
  row: AnsweringRow;
  definition: SurveyDefinition;
  answers: Record<string, unknown>;
  answerSession: string | undefined;
  values: Omit<ResponseRow, "id">;
  facts: readonly Fact[];
  /** Caps of the quota keys this response adds to. */
  quotas: ReadonlyMap<string, number>;
  sources: readonly SourceLimit[];
  uniques: readonly { questionId: string; value: string }[];
  /** The owner's level as remembered: the store checks it still reads so, and its response cap. */
  terms: OwnerTerms;
  now: Date;
  /** The exam attempt the response ends (issue #40): claimed in the store's transaction, with the response. */
  attempt?: AttemptClaim | undefined;
  /** 预约 (issue #41): slots booked in the store's transaction, after the response row (commands/bookings). */
  bookings?: BookingPlan | undefined;
  /** 商品 (issue #41): the order placed in the store's transaction, after the response row (commands/form-orders). */
  order?: FormOrderPlan | undefined;
}

/** A stored response with the slots it booked (absent for a repeated idempotency key: codes are shown once). */
export type BookedResponse = StoredResponse & {
  bookings?: SubmittedBooking[] | undefined;
  order?: SubmittedFormOrder | undefined;
};

/** Whether the plan books slots: then it is stored in a transaction of its own, never in a batch. */
export function booksSlots(plan: StorePlan): plan is StorePlan & { bookings: BookingPlan } {
  return (plan.bookings?.bookings.length ?? 0) > 0;
}

/** Whether the plan places a 商品 order: likewise stored in a transaction of its own. */
export function placesOrder(plan: StorePlan): plan is StorePlan & { order: FormOrderPlan } {
  return plan.order !== undefined;
}
