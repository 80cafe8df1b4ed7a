import {
  type ErasureRequestList,
  type ErasureRequestView,
  erasureStatusNames,
  isPhoneQuestion,
  type MyResponses,
  type MyResponsesLookup,
  type Receipt,
  type ReceiptFormOrder,
  richTextToPlain,
} from "@wjgj/core";
import { chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/index.ts";
import type { ErasureRequestRow } from "../../db/tables/responses.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { checkPhoneCode, codeCheckError } from "../account/phone-codes.ts";
import { receiptBookings } from "../bookings/respondent.ts";
import { ordersOfResponse, receiptOrder } from "../form-orders/submit.ts";
import { loadQuestionnaireWithRole } from "../questionnaires/store.ts";
import { answerTexts } from "../results/answers.ts";
import { revisionDefinitions } from "../results/record.ts";
import { receiptReview } from "../reviews/receipt.ts";
import { recordActivity } from "../teams/activity.ts";
import { keyringOf } from "./keyring.ts";
import { receiptResponseId, receiptToken } from "./receipt-token.ts";
import { eraseInTransaction } from "./retention.ts";
import { answersOpener } from "./sealing.ts";

/**
 * Respondents' rights (issue #36; see core `api/respondent-rights.ts`): a receipt per response, signed by the
 * server (`<response id>.<MAC>`), shows the respondent their answers in full and takes a request to delete
 * them; the creator approves (deleted for good, as retention deletes) or declines with a reason. Each request
 * is kept with when it was made and handled and by whom; handling is in the team's 动态 too.
 */
async function receiptRow(ctx: AppContext, token: string) {
  const id = receiptResponseId(ctx.config, token);
  const row = await ctx.db
    .selectFrom("responses")
    .innerJoin("questionnaires", "questionnaires.id", "responses.questionnaireId")
    .select([
      "responses.id",
      "responses.questionnaireId",
      "responses.revisionId",
      "responses.answers",
      "responses.labels",
      "responses.submittedAt",
      "responses.erasedAs",
      "questionnaires.title",
      "questionnaires.publicId",
    ])
    .where("responses.id", "=", id)
    .executeTakeFirst();
  if (!row) throw InvalidInputError.field("token", "receiptInvalid");
  return row;
}

const presentRequest = (row: ErasureRequestRow): ErasureRequestView => ({
  id: row.id,
  responseId: row.responseId,
  reason: row.reason,
  status: row.status,
  statusName: erasureStatusNames[row.status],
  note: row.note,
  requestedAt: chinaDateTime(row.createdAt),
  handledAt: chinaDateTime(row.handledAt),
});

/** `anQuestion/getReceipt`: the respondent's own response, in full (it is theirs), and their request if any. */
export async function getReceipt(ctx: AppContext, token: string): Promise<Receipt> {
  const row = await receiptRow(ctx, token);
  const request = await ctx.db
    .selectFrom("erasure_requests")
    .selectAll()
    .where("responseId", "=", row.id)
    .executeTakeFirst();
  const deleted = row.erasedAs === "deleted";
  const definition = deleted
    ? undefined
    : (await revisionDefinitions(ctx.db, [row.revisionId])).get(row.revisionId);
  const texts = definition
    ? answerTexts(
        definition,
        row,
        await answersOpener(ctx.db, row.questionnaireId),
        Number.POSITIVE_INFINITY,
        false,
      )
    : {};
  const questions = definition?.pages.flatMap((page) => page.questions) ?? [];
  // The request as the respondent sees it: without the ids the creator's list works with.
  const erasure = request
    ? (({ id: _id, responseId: _response, ...rest }) => rest)(presentRequest(request))
    : null;
  return {
    questionnaireTitle: row.title,
    publicId: row.publicId,
    submittedAt: chinaDateTime(row.submittedAt),
    state: deleted ? "deleted" : "kept",
    items: questions.flatMap((question, index) => {
      const text = texts[question.id];
      return text === undefined
        ? []
        : [
            {
              questionId: question.id,
              title: `${index + 1}、${richTextToPlain(question.title).trim()}`,
              text,
            },
          ];
    }),
    erasure,
    review: await receiptReview(ctx, row.id),
    bookings: await receiptBookings(ctx, row),
    ...(await receiptOrders(ctx, row.id)),
  };
}

/** 商品 (issue #41): the response's orders, only when it placed one (the receipt shows no empty section). */
async function receiptOrders(ctx: AppContext, responseId: number): Promise<{ orders?: ReceiptFormOrder[] }> {
  const orders = await ordersOfResponse(ctx.db, responseId);
  return orders.length > 0 ? { orders: orders.map((order) => receiptOrder(ctx, order)) } : {};
}

/** `anQuestion/requestErasure`: asks the creator to delete the response (again after a decline). */
export async function requestErasure(ctx: AppContext, token: string, reason: string): Promise<Receipt> {
  const row = await receiptRow(ctx, token);
  if (row.erasedAs === "deleted") throw new ConflictError("erasureResponseGone");
  const now = iso(ctx.clock.now());
  const existing = await ctx.db
    .selectFrom("erasure_requests")
    .select(["id", "status"])
    .where("responseId", "=", row.id)
    .executeTakeFirst();
  if (existing?.status === "pending") throw new ConflictError("erasureAlreadyPending");
  if (existing)
    await ctx.db
      .updateTable("erasure_requests")
      .set({ status: "pending", reason, note: "", createdAt: now, handledAt: null, handledBy: null })
      .where("id", "=", existing.id)
      .execute();
  else
    await ctx.db
      .insertInto("erasure_requests")
      .values({
        questionnaireId: row.questionnaireId,
        responseId: row.id,
        reason,
        status: "pending",
        note: "",
        createdAt: now,
        handledAt: null,
        handledBy: null,
      })
      .onConflict((oc) => oc.column("responseId").doNothing())
      .execute();
  return getReceipt(ctx, token);
}

/** A published questionnaire by its link, with the phone questions any of its versions asked. */
async function lookupTarget(ctx: AppContext, publicId: string) {
  const questionnaire = await ctx.db
    .selectFrom("questionnaires")
    .select(["id", "title", "publishedVersion"])
    .where("publicId", "=", publicId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!questionnaire || questionnaire.publishedVersion === null)
    throw new NotFoundError("questionaryNotFound");
  const revisions = await ctx.db
    .selectFrom("questionnaire_revisions")
    .select("id")
    .where("questionnaireId", "=", questionnaire.id)
    .execute();
  const definitions = await revisionDefinitions(
    ctx.db,
    revisions.map((revision) => revision.id),
  );
  const phoneQuestions = new Set<string>();
  for (const definition of definitions.values())
    for (const question of definition.pages.flatMap((page) => page.questions))
      if (isPhoneQuestion(question)) phoneQuestions.add(question.id);
  return { questionnaire, phoneQuestions };
}

/**
 * `anQuestion/getMyResponsesLookup`: what /mine shows before anything is typed: the questionnaire's title, and
 * whether it can be searched by phone at all (so nobody waits for a code to learn it cannot).
 */
export async function getMyResponsesLookup(ctx: AppContext, publicId: string): Promise<MyResponsesLookup> {
  const { questionnaire, phoneQuestions } = await lookupTarget(ctx, publicId);
  return { questionnaireTitle: questionnaire.title, byPhone: phoneQuestions.size > 0 };
}

/**
 * `anQuestion/findMyResponses`: with a code sent to the phone, the responses to this questionnaire that
 * answered a phone question with it — found by the phone's digest, as uniqueness finds it (privacy/sealing.ts).
 */
export async function findMyResponses(
  ctx: AppContext,
  input: { publicId: string; phone: string; code: string },
): Promise<MyResponses> {
  const { questionnaire, phoneQuestions } = await lookupTarget(ctx, input.publicId);
  if (phoneQuestions.size === 0) throw InvalidInputError.field("publicId", "myResponsesNoPhone");
  const check = await transaction(ctx.db, (trx) =>
    checkPhoneCode(ctx, trx, { phone: input.phone, purpose: "myResponses", code: input.code }),
  );
  if (check !== "ok") throw codeCheckError(check);
  const keys = await keyringOf(ctx.db).forReading(questionnaire.id);
  // The digest, and the number itself for a response written before encryption not yet sealed.
  const values = [...phoneQuestions].flatMap((id) => [keys.digest(id, input.phone), input.phone]);
  const rows = await ctx.db
    .selectFrom("response_facts as f")
    .innerJoin("responses as r", "r.id", "f.responseId")
    .select(["r.id", "r.submittedAt"])
    .distinct()
    .where("f.questionnaireId", "=", questionnaire.id)
    .where("f.questionId", "in", [...phoneQuestions])
    .where(
      "f.key",
      "in",
      [...phoneQuestions].map((id) => `text:${id}`),
    )
    .where("f.text", "in", values)
    .where("r.status", "!=", "deleted")
    .orderBy("r.id", "desc")
    .limit(50)
    .execute();
  return {
    questionnaireTitle: questionnaire.title,
    list: rows.map((row) => ({
      submittedAt: chinaDateTime(row.submittedAt),
      receiptToken: receiptToken(ctx.config, row.id),
    })),
  };
}

/** `answer/getErasureRequests`: the questionnaire's requests, pending first, then the latest handled. */
export async function listErasureRequests(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
): Promise<ErasureRequestList> {
  const { row } = await loadQuestionnaireWithRole(ctx.db, viewer, questionnaireId, "manageResponses", "any");
  const rows = await ctx.db
    .selectFrom("erasure_requests")
    .selectAll()
    .where("questionnaireId", "=", row.id)
    .orderBy((eb) => eb.case().when("status", "=", "pending").then(0).else(1).end())
    .orderBy("createdAt", "desc")
    .limit(200)
    .execute();
  return {
    list: rows.map(presentRequest),
    pending: rows.filter((request) => request.status === "pending").length,
  };
}

/**
 * `answer/handleErasureRequest`: approve (the response is deleted for good with its files; not restorable)
 * or decline with a note the respondent reads on the receipt. In 动态 either way.
 */
export async function handleErasureRequest(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; requestId: number; approve: boolean; note: string },
): Promise<ErasureRequestView> {
  const { row: questionnaire } = await loadQuestionnaireWithRole(
    ctx.db,
    viewer,
    input.id,
    "manageResponses",
    "any",
  );
  const now = ctx.clock.now();
  const { request, files } = await transaction(ctx.db, async (trx) => {
    const found = await trx
      .selectFrom("erasure_requests")
      .selectAll()
      .where("id", "=", input.requestId)
      .where("questionnaireId", "=", questionnaire.id)
      .executeTakeFirst();
    if (!found) throw new NotFoundError("erasureRequestNotFound");
    if (found.status !== "pending") throw new ConflictError("erasureAlreadyHandled");
    const files = input.approve
      ? await eraseInTransaction(trx, questionnaire.id, [found.responseId], "delete", now)
      : [];
    const updated = await trx
      .updateTable("erasure_requests")
      .set({
        status: input.approve ? "done" : "declined",
        note: input.approve ? "" : input.note,
        handledAt: iso(now),
        handledBy: viewer.user.id,
      })
      .where("id", "=", found.id)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new ConflictError("erasureAlreadyHandled");
    await recordActivity(trx, now, {
      questionnaireId: questionnaire.id,
      actorId: viewer.user.id,
      action: "handleErasure",
      detail: `答卷 ${found.responseId}：${input.approve ? "已删除" : "未同意"}`,
    });
    return { request: updated, files };
  });
  for (const key of files) await ctx.storage.remove(key);
  return presentRequest(request);
}
