import type { Issue, SurveyDefinition } from "@wjgj/core/survey/index";

/**
 * The wire shapes of the respondent page: what `anQuestion/getQuestionary` answers, what the server inlines
 * into /r/{id} and /y/{id}/{type}, and what `anQuestion/questionAnswer` replies. Pure types: the server
 * imports this file too (without DOM or JSX), so both sides agree on the inlined data.
 */

export type { AnswerState } from "@wjgj/core";

import type { AnswerState } from "@wjgj/core";

export interface PublicSettings {
  progressBar: boolean;
  themeColor: string;
  headerImage: string;
  thankYouText: string;
  redirectUrl: string;
  redirectSeconds: number;
  showResultsAfterSubmit: boolean;
  tabSwitchLimit: number;
  endTime: string;
}

/** `anQuestion/getQuestionary` (and the owner's `anQuestion/getPreviewQuestionary`). */
export interface OpenData {
  state: AnswerState;
  stateMessage: string;
  gate: "password" | "login" | null;
  publicId: string;
  title: string;
  kind: string;
  revisionId: number | null;
  definition: SurveyDefinition | null;
  settings: PublicSettings;
  /** Signed by the server for this page: sent back with the submission and with uploads; null when gated. */
  answerToken: string | null;
  /** Previews only: the draft's version, sent back as the revision of a preview submission. */
  draftVersion?: number;
}

/** What the first page needs before the logic engine has loaded: the engine's own result, trimmed. */
export interface PageView {
  visibleQuestions: string[];
  options: Record<string, { id: string; label: string }[]>;
  numbers: Record<string, number>;
  texts: Record<string, { title: string; description?: string }>;
  pagePath: string[];
  errors: Record<string, Issue[]>;
  warnings: Record<string, Issue[]>;
  answers: Record<string, unknown>;
  valid: boolean;
  end: { kind: "submit" | "screenOut"; questionId: string } | null;
}

export type AnswerPageData =
  | {
      page: "answer";
      open: OpenData;
      /** The server-rendered first page; null when nothing can be shown yet (closed, gated). */
      initial: PageView | null;
      /** The respondent's today (China), as the server's submit check sees it. */
      today: string;
      /** Seeds option and question shuffles; mirrored from local storage into a cookie. */
      deviceId: string;
    }
  | { page: "preview"; publicId: string; frame: "pc" | "phone"; today: string; deviceId: string }
  | { page: "notFound"; message: string };

/** The part of `AnswerPageData` the server supplies; `prepareAnswerPage` adds the first page's view. */
export type AnswerPageInput =
  | Omit<Extract<AnswerPageData, { page: "answer" }>, "initial">
  | Extract<AnswerPageData, { page: "preview" | "notFound" }>;

/** The server-side renderer (`src/answer/ssr.tsx`, built to `dist/server/answer-ssr.js`). */
export interface AnswerSsrModule {
  prepareAnswerPage(input: AnswerPageInput): AnswerPageData;
  renderAnswerPage(data: AnswerPageData): { html: string };
}

export type { ForcedReason, SubmitReply } from "@wjgj/core";

export const DATA_SCRIPT_ID = "__ANSWER_DATA__";
