import type { Generated } from "kysely";

/** 考生名单 (issue #40): one candidate of one exam; name, number and phone sealed when encryption is on. */
export interface ExamCandidatesTable {
  id: Generated<number>;
  questionnaireId: number;
  /** Keyed digest of the normalised 准考证号 (the number itself when encryption is off): lookups and uniqueness. */
  numberDigest: string;
  number: string;
  name: string;
  /** "" when the list gives none. */
  phone: string;
  phoneDigest: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One attempt at an exam: the server's clock, the saved answers and the state the invigilator sees. */
export interface ExamAttemptsTable {
  id: Generated<number>;
  questionnaireId: number;
  candidateId: number | null;
  /** `c:<candidate id>` or `d:<device id>`. */
  subject: string;
  attemptNo: number;
  revisionId: number;
  /** The device id the attempt answers with (papers and shuffles are seeded by it). */
  seed: string;
  /** sha256 of the attempt token the browser holds; a new start (resume) replaces it. */
  tokenHash: string;
  status: "active" | "submitted" | "ended";
  endedReason: "timeout" | "tabSwitch" | "invigilator" | null;
  startedAt: string;
  /** started + limit + extra; null without a time limit. */
  deadlineAt: string | null;
  extraSeconds: Generated<number>;
  lastSeenAt: string;
  switches: Generated<number>;
  progress: Generated<string>;
  savedAt: string | null;
  pageId: string | null;
  history: Generated<string>;
  responseId: number | null;
  ip: Generated<string>;
  userAgent: Generated<string>;
  updatedAt: string;
}

export interface ExamEventsTable {
  id: Generated<number>;
  questionnaireId: number;
  attemptId: number;
  kind: string;
  at: string;
  detail: Generated<string>;
  storageKey: string | null;
}
