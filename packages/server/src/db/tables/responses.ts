import type { ReviewState } from "@wjgj/core";
import type { ColumnType, Generated, Selectable } from "kysely";

/** One submitted answer sheet (答卷), tied to the immutable revision it answered. */
export interface ResponsesTable {
  id: Generated<number>;
  questionnaireId: number;
  revisionId: number;
  /** Normalised answers of visible questions (JSON). */
  answers: string;
  /** Offered options as the respondent saw them, per answered question (JSON). */
  labels: string;
  score: number | null;
  maxScore: number | null;
  passed: number | null;
  /** "submitted" or "screenedOut" (甄别). */
  endState: string;
  status: "valid" | "invalid" | "deleted";
  ip: string;
  userAgent: string;
  deviceId: string;
  userId: number | null;
  source: string;
  durationSeconds: number;
  /** Client-chosen key; a repeated key answers the stored response instead of storing twice. */
  idempotencyKey: string;
  submittedAt: string;
  /** 计算值 at submit, JSON `{ id: value }`; null before migration 0140 and without calculated values. */
  computed: ColumnType<string | null, string | null | undefined, string | null>;
  /** 同意隐私政策: the consent version the respondent agreed to; null where none was asked (migration 0170). */
  consentVersion: ColumnType<number | null, number | null | undefined, number | null>;
  /** 答卷保留期限: "deleted" (answers erased, status deleted for good) or "anonymised"; null otherwise (0175). */
  erasedAs: ColumnType<"deleted" | "anonymised" | null, "deleted" | "anonymised" | null | undefined>;
  erasedAt: ColumnType<string | null, string | null | undefined>;
  /**
   * The data-key generation its personal answers are sealed under (migration 0185); 0 when it has none to
   * seal; null for a response written before encryption that the sealing job has not yet looked at.
   */
  sealedGeneration: ColumnType<number | null, number | null | undefined, number | null>;
  /** The WeChat user it came from: a keyed digest of the 公众号 openid (每个微信号限答; migration 0220). */
  wechatKey: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * 记录微信昵称头像: `{ nickname, avatarUrl }` as JSON, sealed under the questionnaire's data key when
   * encryption is on (`enc:v1:…`, place "~wechat"); null when none was asked for (or anonymised).
   */
  wechatProfile: ColumnType<string | null, string | null | undefined, string | null>;
  /** 审核 (migration 0240): set by the submit's INSERT; null when the questionnaire had no review then. */
  reviewState: ColumnType<ReviewState | null, ReviewState | null | undefined, ReviewState | null>;
  /** The reviewer's reason when rejected. */
  reviewReason: ColumnType<string | null, string | null | undefined, string | null>;
  reviewedBy: ColumnType<number | null, number | null | undefined, number | null>;
  reviewedAt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A respondent's request to delete their response (issue #36), and how the creator handled it. */
export interface ErasureRequestsTable {
  id: Generated<number>;
  questionnaireId: number;
  responseId: number;
  reason: string;
  status: "pending" | "done" | "declined";
  /** The creator's reason when declining. */
  note: string;
  createdAt: string;
  handledAt: string | null;
  handledBy: number | null;
}
export type ErasureRequestRow = Selectable<ErasureRequestsTable>;

/** One data key of a questionnaire, wrapped by the master key: `<master key id>.<sealed key>`. */
export interface DataKeysTable {
  questionnaireId: number;
  generation: number;
  wrapped: string;
  createdAt: string;
}

/** One run of re-encrypting a questionnaire's responses under its newest data key: its progress and report. */
export interface KeyRotationsTable {
  id: Generated<number>;
  questionnaireId: number;
  generation: number;
  total: number;
  done: number;
  status: "running" | "done";
  startedAt: string;
  finishedAt: string | null;
}

/** One run of 答卷保留期限 over a questionnaire: its report. */
export interface RetentionRunsTable {
  id: Generated<number>;
  questionnaireId: number;
  action: "delete" | "anonymise";
  cutoff: string;
  total: number;
  done: number;
  status: "running" | "done";
  startedAt: string;
  finishedAt: string | null;
}

/** 同意隐私政策: one version of a questionnaire's consent, as respondents read it. */
export interface PrivacyConsentVersionsTable {
  questionnaireId: number;
  version: number;
  text: string;
  policyUrl: string;
  createdAt: string;
}

/**
 * Counters kept in the submit transaction: total, per day, per chosen option, per quota, per answered question.
 * A view summing `response_counter_shards`: read counters here, write them there (addToCounters).
 */
export interface ResponseCountersTable {
  questionnaireId: number;
  key: string;
  count: number;
}

/** A counter's part written through one shard (PostgreSQL: one per connection, modulo; SQLite: 0). */
export interface ResponseCounterShardsTable {
  questionnaireId: number;
  key: string;
  shard: number;
  count: number;
}

/** Values of 不允许重复 questions already taken, per questionnaire and question. */
export interface ResponseUniquesTable {
  questionnaireId: number;
  questionId: string;
  value: string;
  responseId: number;
}

export type ResponseRow = Selectable<ResponsesTable>;
