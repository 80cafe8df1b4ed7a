import {
  type AnswerDetail,
  type AnswerSort,
  type AnswerSummary,
  getQuestionType,
  isPersonalDataQuestion,
  maskIp,
  maskPersonalValue,
  personalQuestionIds,
  type Question,
  type ResponseCandidate,
  type ResponseStatus,
  type ResultsFilter,
  type ResultsPage,
  type RevealedPersonal,
  responseSourceNames,
  responseStatusNames,
  type SurveyDefinition,
  scoreExam,
  skippedQuestionIds,
  type TextAnswerFile,
  withoutKeys,
  withoutPersonalData,
} from "@wjgj/core";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { chinaDateTime } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import type { Database } from "../../db/schema.ts";
import type { ResponseRow } from "../../db/tables/responses.ts";
import { ForbiddenError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { answeredPaper } from "../answering/papers.ts";
import { openProfile } from "../answering/wechat-respondent.ts";
import { responseCandidates } from "../exams/response-candidates.ts";
import { keyringOf } from "../privacy/keyring.ts";
import { answersOpener } from "../privacy/sealing.ts";
import { presentReview } from "../reviews/present.ts";
import { recordActivity } from "../teams/activity.ts";
import { uploadUrl } from "../uploads/files.ts";
import { filteredSet, responsesIn } from "./filter.ts";
import { answerExamOf } from "./grading.ts";
import { gradesOf, responseOf, responsesInOrder, revisionDefinitions, submitContext } from "./record.ts";
import { resultsScope } from "./scope.ts";
import { responseSerials } from "./serials.ts";

type Eb = ExpressionBuilder<Database, "responses">;

/** The list's order: a value column (scores without one sort lowest) then the id, both the same way. */
function sortValue(eb: Eb, sort: AnswerSort): Expression<number | string> {
  if (sort.startsWith("duration")) return eb.ref("responses.durationSeconds");
  if (sort.startsWith("score")) return sql<number>`coalesce(${eb.ref("responses.score")}, -1)`;
  return eb.ref("responses.submittedAt");
}

const descending = (sort: AnswerSort) => sort.endsWith("Desc");

function sortValueOf(row: ResponseRow, sort: AnswerSort): number | string {
  if (sort.startsWith("duration")) return row.durationSeconds;
  if (sort.startsWith("score")) return row.score ?? -1;
  return row.submittedAt;
}

/**
 * Options as the respondent saw them: the question's, relabelled with the labels stored. Takes the question
 * itself (looking it up by id for every answer made a response's texts quadratic in its questions).
 */
function seenOptions(question: Question, labels: Record<string, string> | undefined) {
  const base = getQuestionType(question.type)?.options?.(question.config) ?? [];
  return base.map((option) => ({ ...option, label: labels?.[option.id] ?? option.label }));
}

/** Each answered question as text (as in exports), cut for the table. */
export function answerTexts(
  definition: SurveyDefinition,
  row: Pick<ResponseRow, "answers" | "labels">,
  openStored: (stored: string) => Record<string, unknown>,
  limit = 100,
  /** False for the respondent's own receipt: their answers are theirs to see. */
  mask = true,
) {
  const answers = openStored(row.answers);
  const labels = JSON.parse(row.labels) as Record<string, Record<string, string>>;
  const texts: Record<string, string> = {};
  for (const question of definition.pages.flatMap((page) => page.questions)) {
    const answer = answers[question.id];
    const module = getQuestionType(question.type);
    if (answer === undefined || !module) continue;
    const full = module.toText(question.config, answer, seenOptions(question, labels[question.id]));
    // Personal information is masked in lists: 查看完整信息 in the viewer shows it, logged.
    const text = mask && isPersonalDataQuestion(question) ? maskPersonalValue(question, full) : full;
    texts[question.id] = text.length > limit ? `${text.slice(0, limit)}…` : text;
  }
  return texts;
}

function presentSummary(
  row: ResponseRow,
  seq: number,
  definition: SurveyDefinition | undefined,
  hidePersonal: boolean,
  openStored: (stored: string) => Record<string, unknown>,
): AnswerSummary {
  return {
    id: row.id,
    seq,
    status: row.status,
    statusName: responseStatusNames[row.status],
    submittedAt: chinaDateTime(row.submittedAt),
    durationSeconds: row.durationSeconds,
    source: row.source,
    sourceName: responseSourceNames[row.source] ?? row.source,
    // 10.9.*.* until 查看完整信息 (revealPersonal) shows it in full.
    ip: hidePersonal ? "" : maskIp(row.ip),
    endState: row.endState,
    score: row.score === null ? null : Number(row.score),
    maxScore: row.maxScore === null ? null : Number(row.maxScore),
    passed: row.passed === null ? null : row.passed === 1,
    texts: definition
      ? answerTexts(hidePersonal ? withoutPersonalData(definition) : definition, row, openStored)
      : {},
    review: presentReview(row),
  };
}

export interface AnswerListInput {
  id: number;
  pageNum: number;
  pageSize: number;
  sort: AnswerSort;
  status: ResponseStatus;
  filter: ResultsFilter;
}

/** `answer/getAnswerList`: responses of one status, filtered, sorted and paged. */
export async function getAnswerList(
  ctx: AppContext,
  viewer: Viewer,
  input: AnswerListInput,
): Promise<ResultsPage<AnswerSummary>> {
  const { definition, hidePersonal } = await resultsScope(ctx.db, viewer, input.id, "view");
  const { set, predicate } = filteredSet(ctx.dialect, definition, input, input.status);
  const direction = descending(input.sort) ? "desc" : "asc";
  const base = responsesIn(ctx.db, set, predicate);
  const [rows, total, openStored] = await Promise.all([
    // The page's ids first, sorted within an index (responses_score_idx holds 用时 and 分数 beside the id,
    // responses_status_idx keeps 提交时间 in order), then those rows: sorting whole rows read every response
    // of the questionnaire, 4.8 s for a million sorted by 用时 against 0.25 s for their ids.
    base
      .select("responses.id")
      .orderBy((eb) => sortValue(eb, input.sort), direction)
      .orderBy("responses.id", direction)
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize)
      .execute()
      .then((page) =>
        responsesInOrder(
          ctx.db,
          page.map((row) => row.id),
        ),
      ),
    base
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirst()
      .then((row) => Number(row?.count ?? 0)),
    answersOpener(ctx.db, input.id),
  ]);
  const [definitions, serials] = await Promise.all([
    revisionDefinitions(
      ctx.db,
      rows.map((row) => row.revisionId),
    ),
    responseSerials(
      ctx.db,
      input.id,
      rows.map((row) => row.id),
    ),
  ]);
  return {
    list: rows.map((row) =>
      presentSummary(
        row,
        serials.get(row.id) ?? 0,
        definitions.get(row.revisionId),
        hidePersonal,
        openStored,
      ),
    ),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

export interface AnswerDetailInput {
  id: number;
  responseId: number;
  sort: AnswerSort;
  status?: ResponseStatus | undefined;
  filter: ResultsFilter;
}

/** `answer/getAnswerDetail`: one response as answered, with its neighbours in the list's order. */
export async function getAnswerDetail(
  ctx: AppContext,
  viewer: Viewer,
  input: AnswerDetailInput,
): Promise<AnswerDetail> {
  const { definition: current, hidePersonal } = await resultsScope(ctx.db, viewer, input.id, "view");
  const row = await responseOf(ctx.db, input.id, input.responseId);
  const openStored = await answersOpener(ctx.db, input.id);
  const answered = await answeredDefinition(ctx.db, input.id, row, current);
  // Scores count every question; what is shown leaves out personal data when the viewer may not see it.
  const hidden = hidePersonal ? personalQuestionIds(answered) : new Set<string>();
  const definition = hidePersonal ? withoutPersonalData(answered) : answered;
  const status = input.status ?? row.status;
  const { set, predicate } = filteredSet(ctx.dialect, current, input, status);
  const value = sortValueOf(row, input.sort);
  const desc = descending(input.sort);
  // Rows past this one in sort order: by a larger (or smaller) value, then by id among equal values.
  const beyond =
    (op: ">" | "<") =>
    (eb: Eb): Expression<SqlBool> =>
      eb.or([
        eb(sortValue(eb, input.sort), op, value),
        eb.and([eb(sortValue(eb, input.sort), "=", value), eb("responses.id", op, row.id)]),
      ]);
  // "Before" in list order: a larger value (or id) when descending, a smaller one when ascending.
  const before = beyond(desc ? ">" : "<");
  const after = beyond(desc ? "<" : ">");
  const inSet = responsesIn(ctx.db, set, predicate);
  /** The closest row on one side: the first of those past this one when walking away from it. */
  const closest = (side: typeof before, direction: "asc" | "desc") =>
    inSet
      .select("responses.id")
      .where(side)
      .orderBy((eb) => sortValue(eb, input.sort), direction)
      .orderBy("responses.id", direction)
      .limit(1)
      .executeTakeFirst();
  const [previous, next, earlier, total, grades, consent, candidates] = await Promise.all([
    closest(before, desc ? "asc" : "desc"),
    closest(after, desc ? "desc" : "asc"),
    inSet
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(before)
      .executeTakeFirst(),
    inSet.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
    gradesOf(ctx.db, [row.id]),
    row.consentVersion === null
      ? undefined
      : ctx.db
          .selectFrom("privacy_consent_versions")
          .select(["version", "text", "policyUrl"])
          .where("questionnaireId", "=", input.id)
          .where("version", "=", row.consentVersion)
          .executeTakeFirst(),
    responseCandidates(ctx, input.id, [row.id]),
  ]);
  const allAnswers = openStored(row.answers);
  const shown = withoutKeys(allAnswers, hidden);
  const { answers, masked } = maskedAnswers(definition, shown);
  const files: Record<string, TextAnswerFile[]> = {};
  const signatures: Record<string, string> = {};
  for (const question of definition.pages.flatMap((page) => page.questions)) {
    const answer = answers[question.id];
    if (question.type === "file" && Array.isArray(answer)) {
      files[question.id] = (answer as { fileId: string; name: string; size: number }[]).map((file) => ({
        fileId: file.fileId,
        name: file.name,
        size: file.size,
        url: uploadUrl(file.fileId),
      }));
    }
    if (question.type === "signature" && typeof answer === "string" && !masked.includes(question.id))
      signatures[question.id] = answer;
  }
  const exam =
    row.score === null
      ? null
      : answerExamOf(scoreExam(answered, allAnswers, submitContext(row)), grades.get(row.id) ?? {});
  const labels = JSON.parse(row.labels) as Record<string, Record<string, string>>;
  const serials = await responseSerials(ctx.db, input.id, [row.id]);
  return {
    answer: presentSummary(row, serials.get(row.id) ?? 0, definition, hidePersonal, openStored),
    revisionId: row.revisionId,
    definition,
    answers,
    labels: withoutKeys(labels, hidden),
    files,
    signatures,
    skipped: skippedQuestionIds(answered, allAnswers, submitContext(row)).filter((id) => !hidden.has(id)),
    exam,
    consent: consent ?? null,
    // 记录微信昵称头像: personal data, hidden with the rest from a member who may not see it.
    wechat:
      hidePersonal || row.wechatProfile === null
        ? null
        : openProfile(await keyringOf(ctx.db).forReading(input.id), row.wechatProfile),
    // 考生: masked like the list; a member who may not see personal data sees the attempt without the name.
    candidate: withoutCandidateName(candidates.get(row.id) ?? null, hidePersonal),
    masked,
    previousId: previous?.id ?? null,
    nextId: next?.id ?? null,
    position: Number(earlier?.count ?? 0) + 1,
    total: Number(total?.count ?? 0),
  };
}

function withoutCandidateName(candidate: ResponseCandidate | null, hidePersonal: boolean) {
  return candidate && hidePersonal ? { ...candidate, name: "", number: "" } : candidate;
}

/**
 * The answers with personal information masked (138****5678, 张*; a signature left out): what the viewer shows
 * until 查看完整信息. Answers the question's type does not keep as text are left out too.
 */
export function maskedAnswers(
  definition: SurveyDefinition,
  answers: Record<string, unknown>,
): { answers: Record<string, unknown>; masked: string[] } {
  const out = { ...answers };
  const masked: string[] = [];
  for (const question of definition.pages.flatMap((page) => page.questions)) {
    const answer = out[question.id];
    if (answer === undefined || !isPersonalDataQuestion(question)) continue;
    masked.push(question.id);
    if (question.type === "signature" || typeof answer !== "string") delete out[question.id];
    else out[question.id] = maskPersonalValue(question, answer);
  }
  return { answers: out, masked };
}

/**
 * `answer/revealPersonal` (查看完整信息): one response's personal-information answers in full, for those the
 * role table allows (owner and 管理员), each reveal written to the team's activity log with the response.
 */
export async function revealPersonal(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; responseId: number },
): Promise<RevealedPersonal> {
  const scope = await resultsScope(ctx.db, viewer, input.id, "reveal");
  // A member whose personal data is hidden by the owner sees none of it, masked or not.
  if (scope.hidePersonal) throw new ForbiddenError("forbidden");
  const row = await responseOf(ctx.db, input.id, input.responseId);
  const answered = await answeredDefinition(ctx.db, input.id, row, scope.definition);
  const all = (await answersOpener(ctx.db, input.id))(row.answers);
  const answers: Record<string, unknown> = {};
  const signatures: Record<string, string> = {};
  for (const question of answered.pages.flatMap((page) => page.questions)) {
    const answer = all[question.id];
    if (answer === undefined || !isPersonalDataQuestion(question)) continue;
    answers[question.id] = answer;
    if (question.type === "signature" && typeof answer === "string") signatures[question.id] = answer;
  }
  await recordActivity(ctx.db, ctx.clock.now(), {
    questionnaireId: input.id,
    actorId: viewer.user.id,
    action: "revealPersonal",
    detail: `答卷 ${row.id}`,
  });
  return { answers, signatures, ip: row.ip };
}

/**
 * The definition a response answered: its revision's, and for 随机组卷 its candidate's own paper (what it was
 * graded on); `current` when the revision is gone.
 */
async function answeredDefinition(
  db: Db,
  questionnaireId: number,
  row: ResponseRow,
  current: SurveyDefinition,
): Promise<SurveyDefinition> {
  const published = (await revisionDefinitions(db, [row.revisionId])).get(row.revisionId);
  return published
    ? answeredPaper(db, questionnaireId, { id: row.revisionId, definition: published }, row.deviceId)
    : current;
}
