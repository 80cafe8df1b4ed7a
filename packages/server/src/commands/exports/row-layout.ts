import {
  type ComputedValue,
  type ExportFilter,
  isPersonalDataQuestion,
  maskIp,
  maskPersonalValue,
  personalQuestionIds,
  type Question,
  responseSourceNames,
  reviewStateNames,
  type SurveyDefinition,
  exportFileTexts as texts,
  withoutPersonalData,
} from "@wjgj/core";
import { answerTexts } from "@wjgj/core/text/answer-texts";
import type { WeChatProfileShown } from "../answering/wechat-respondent.ts";
import { type Cell, durationText, submittedText } from "./cells.ts";
import { type QuestionColumns, questionColumns, type Seen } from "./columns.ts";
import { type DrawnColumns, type DrawnPaper, fillDrawn } from "./drawn-cells.ts";
import type { FileLinks } from "./file-links.ts";

// The layout of an export's rows and the cells of one response: pure code (no database), so the xlsx
// export's worker thread (xml-worker.ts) loads it without the database and key modules rows.ts needs.

/** The columns of a response that exports read; answers and labels are JSON text ("" when not read). */
export interface ResponseSlice {
  id: number;
  /** 序号 (results/serials.ts), when read with `serials`: the first column of every exported file. */
  seq?: number;
  revisionId: number;
  answers: string;
  labels: string;
  score: number | null;
  status: string;
  ip: string;
  source: string;
  durationSeconds: number;
  submittedAt: string;
  /** The answering device: whose 随机组卷 paper it answered. */
  deviceId: string;
  /** 计算值 at submit (JSON `{ id: value }`); null or absent when none were kept. */
  computed?: string | null;
  /** The answers' UTF-8 bytes, when read so (`answersAsBytes`: `answers` is then ""). */
  answerBytes?: Buffer;
  /**
   * Read as bytes: the sealed part of the answers opened (JSON of the personal answers), the bytes being the
   * answers without it (see `answersOf`).
   */
  sealedText?: string;
  /** The answers with personal values opened, when the stored ones hold sealed values (else parse `answers`). */
  opened?: Record<string, unknown>;
  /** Questions its logic hid or jumped over (its `skipped:` facts); absent when not read. */
  skipped?: ReadonlySet<string>;
  /** 记录微信昵称头像: the stored (sealed) profile, and opened (attachOpened). */
  wechatProfile?: string | null;
  wechat?: WeChatProfileShown | null;
  /** 考生名单: the candidate of the exam attempt it came from (attachCandidates), masked unless in full. */
  candidate?: { name: string; number: string };
  /** 审核 (issue #41): its review state and the reviewer's reason; null without review. */
  reviewState?: string | null;
  reviewReason?: string | null;
}

/**
 * A 编码 code of an open question as the statistics files carry it: a 0/1 variable after the questions (missing
 * for a response without a text for the question).
 */
export interface ExportCode {
  variable: string;
  label: string;
  questionId: string;
  has(responseId: number, texts: readonly string[]): boolean;
}

/** Metadata columns before the questions (问卷星's order), and the question columns. */
export interface ExportLayout {
  headers: string[];
  questions: QuestionColumns[];
  latest: Map<string, Question>;
  /** The calculated values (计算值) whose values responses keep; none in a file without personal data. */
  computed: readonly ComputedValue[];
  withStatus: boolean;
  withScore: boolean;
  /** False for a file made for a member who may not see personal data: no IP column. */
  withIp: boolean;
  /** 记录微信昵称头像: the 微信昵称 and 微信头像 columns (spreadsheets of files with personal data). */
  withWechat: boolean;
  /** 考生名单: the 考生姓名 and 准考证号 columns (spreadsheets of files with personal data). */
  withCandidates: boolean;
  /** 审核: the 审核状态 and 审核意见 columns (spreadsheets of a questionnaire that uses review). */
  withReview: boolean;
  /** Personal-data questions left out of such a file (their columns, uploads and signatures). */
  hidden: ReadonlySet<string>;
  /**
   * Personal-data questions whose answers the file shows masked (138****5678; a signature left out), and the
   * IP column masked too (10.9.*.*): every file unless made with `fullPersonal` by someone allowed.
   */
  masked: ReadonlyMap<string, Question>;
  maskIp: boolean;
  /** 随机组卷: a block of columns per bank question drawn by anyone, after the fixed questions. */
  drawn: readonly DrawnColumns[];
  /** 编码 codes of the open questions in the layout: columns after the questions (and 随机组卷 blocks), 0/1. */
  codes: readonly ExportCode[];
}

export function exportLayout(
  full: SurveyDefinition,
  filter: ExportFilter | null,
  options: {
    hidePersonal?: boolean;
    /** Personal information and IP addresses in full (the caller checked the exporter may). */
    fullPersonal?: boolean;
    drawn?: readonly DrawnColumns[];
    links?: FileLinks;
    codes?: readonly ExportCode[];
    /** The questionnaire keeps WeChat nicknames and avatars (spreadsheets only: xlsx, csv). */
    wechat?: boolean;
    /** Responses of the questionnaire came from attempts of listed candidates (spreadsheets only). */
    candidates?: boolean;
    /** The questionnaire requires review, or some response has a review state (spreadsheets only). */
    review?: boolean;
  } = {},
): ExportLayout {
  const hidePersonal = options.hidePersonal === true;
  const drawn = options.drawn ?? [];
  const hidden = hidePersonal ? personalQuestionIds(full) : new Set<string>();
  const definition = hidePersonal ? withoutPersonalData(full) : full;
  const withStatus = filter?.includeInvalid === true;
  const withScore =
    definition.settings.exam !== undefined || definition.kind === "exam" || definition.kind === "knowledge";
  const withWechat = options.wechat === true && !hidePersonal;
  const withCandidates = options.candidates === true && !hidePersonal;
  const withReview = options.review === true;
  const questions = questionColumns(definition, options.links);
  const headers = [
    texts.seq,
    texts.responseId,
    texts.submittedAt,
    texts.duration,
    texts.source,
    ...(hidePersonal ? [] : [texts.ip]),
    ...(withStatus ? [texts.status] : []),
    ...(withScore ? [texts.score] : []),
    ...(withReview ? [texts.reviewState, texts.reviewReason] : []),
    ...(withCandidates ? [texts.candidateName, texts.candidateNumber] : []),
    ...(withWechat ? [texts.wechatNickname, texts.wechatAvatar] : []),
    ...questions.flatMap((q) => q.headers),
    ...drawn.flatMap((d) => d.headers),
  ];
  const latest = new Map(definition.pages.flatMap((p) => p.questions).map((q) => [q.id, q]));
  const masked = new Map(
    hidePersonal || options.fullPersonal === true
      ? []
      : [...latest].filter(([, question]) => isPersonalDataQuestion(question)),
  );
  const codes = (options.codes ?? []).filter((code) => latest.has(code.questionId));
  headers.push(...codes.map((code) => code.label));
  // A calculated value may be worked out from personal answers: a file without personal data leaves them all out.
  const computed = hidePersonal ? [] : full.computed;
  return {
    headers,
    questions,
    latest,
    computed,
    withStatus,
    withScore,
    withIp: !hidePersonal,
    withWechat,
    withCandidates,
    withReview,
    hidden,
    masked,
    maskIp: !hidePersonal && options.fullPersonal !== true,
    drawn,
    codes,
  };
}

/**
 * Masks the personal answers of `mask` (138****5678) in place; a 敏感文件's answer is a list of files, masked as
 * a whole. The export reads them masked (rows.ts), or its xlsx worker masks them after parsing.
 */
export function maskAnswers(
  answers: Record<string, unknown>,
  mask: ReadonlyMap<string, Question>,
): Record<string, unknown> {
  for (const [id, question] of mask) {
    const value = answers[id];
    if (typeof value === "string" || Array.isArray(value))
      answers[id] = maskPersonalValue(question, typeof value === "string" ? value : "");
  }
  return answers;
}

const utf8 = new TextDecoder();

/**
 * A response's answers, parsed: `opened` when set, else the stored answers (`answers`, or `answerBytes` when
 * read as bytes) with the opened sealed part (`sealedText`) merged in, as openAnswers merges it (and, as it
 * does, failing on answers that are not JSON).
 */
export function answersOf(response: ResponseSlice): Record<string, unknown> {
  if (response.opened) return response.opened;
  const text = response.answerBytes ? utf8.decode(response.answerBytes) : response.answers;
  if (response.sealedText === undefined) return parseObject(text);
  return Object.assign(JSON.parse(text) as Record<string, unknown>, JSON.parse(response.sealedText));
}

export function parseObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A response's 序号 as read with `serials` (results/serials.ts): a reader that forgot to number its batches fails here. */
export function serialOf(response: { id: number; seq?: number | undefined }): number {
  if (response.seq === undefined) throw new Error(`response ${response.id} was read without its 序号`);
  return response.seq;
}

/** One response as a row of cells (not yet neutralised: writers do that for text cells). */
export function responseRow(
  layout: ExportLayout,
  response: ResponseSlice,
  seq: number,
  answered: Map<string, Question> | undefined,
  paper?: DrawnPaper,
  /** Its answers parsed already (else `opened`, else `answers` parsed here). */
  parsed?: Record<string, unknown>,
): Cell[] {
  const row: Cell[] = new Array(layout.headers.length).fill(null);
  row[0] = seq;
  row[1] = response.id;
  row[2] = submittedText(response.submittedAt);
  row[3] = durationText(response.durationSeconds);
  row[4] = responseSourceNames[response.source] ?? response.source;
  let at = 5;
  if (layout.withIp) row[at++] = layout.maskIp ? maskIp(response.ip) : response.ip;
  if (layout.withStatus) row[at++] = response.status === "invalid" ? texts.invalid : texts.valid;
  if (layout.withScore) row[at++] = response.score;
  if (layout.withReview) {
    const state = response.reviewState as keyof typeof reviewStateNames | null | undefined;
    row[at++] = state ? (reviewStateNames[state] ?? state) : "";
    row[at++] = state === "rejected" ? (response.reviewReason ?? "") : "";
  }
  if (layout.withCandidates) {
    row[at++] = response.candidate?.name ?? null;
    row[at++] = response.candidate?.number ?? null;
  }
  if (layout.withWechat) {
    // Masked like a name (张*) in a file that masks personal data, its avatar then left out.
    const nickname = response.wechat?.nickname ?? "";
    row[at++] = layout.maskIp && nickname ? `${Array.from(nickname)[0]}*` : nickname;
    row[at++] = layout.maskIp ? "" : (response.wechat?.avatarUrl ?? "");
  }
  const answers = parsed ?? response.opened ?? parseObject(response.answers);
  const labels = (response.labels === "" ? {} : parseObject(response.labels)) as Record<string, Seen>;
  for (const columns of layout.questions) {
    const answer = answers[columns.questionId];
    if (response.skipped?.has(columns.questionId)) {
      row.fill(texts.skipped, at, at + columns.headers.length);
    } else if (answer !== undefined && answer !== null) {
      const question = answered?.get(columns.questionId) ?? layout.latest.get(columns.questionId);
      if (layout.masked.has(columns.questionId)) {
        // Masked already (attachOpened): the text alone, no 下载链接 to a signature.
        row[at] = String(answer);
      } else if (question) {
        try {
          columns.fill(row, at, answer, labels[columns.questionId], question, response.id);
        } catch {
          // An answer shaped by an older type of this question: show it rather than lose the row.
          row[at] = JSON.stringify(answer);
        }
      }
    }
    at += columns.headers.length;
  }
  for (const columns of layout.drawn) {
    fillDrawn(row, at, columns, paper, answers[columns.questionId], labels[columns.questionId]);
    at += columns.headers.length;
  }
  // 编码: 1 when the response's texts of the question have the code, 0 when not, empty without a text.
  for (const code of layout.codes) {
    const question = answered?.get(code.questionId) ?? layout.latest.get(code.questionId);
    const found = question ? answerTexts(question, answers[code.questionId]) : [];
    row[at++] = found.length === 0 ? null : code.has(response.id, found) ? 1 : 0;
  }
  return row;
}
