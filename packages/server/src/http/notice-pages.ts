import { inKindWords, messageOfKind, messages } from "@wjgj/core";
import type { ReminderForm } from "@wjgj/core/pages/answer";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { findByPublicId, type OpenQuestionnaire, openQuestionnaire } from "../commands/answering/open.ts";
import { addStartReminder, sendReminderCode } from "../commands/answering/start-reminders.ts";
import { type AnswerState, answerState, answerStateMessages } from "../commands/answering/state.ts";
import { countQuestions, readSettings } from "../commands/questionnaires/store.ts";
import type { AppContext } from "../context.ts";
import { AppError, NotFoundError } from "../errors.ts";
import { type AnswerPageSender, PUBLIC_ID, plain, SITE } from "./page-html.ts";
import { codeParam, phoneParam } from "./params.ts";

/** Reading time the cover promises: about 15 seconds a question, at least a minute. */
export function estimatedMinutes(questionCount: number): number {
  return Math.max(1, Math.ceil(questionCount / 4));
}

const trailerUrl = (publicId: string) => `/trailerPage?id=${publicId}`;

/**
 * Where /r/{id} sends a respondent instead of the form: the notice page in every state that takes no
 * answers, the cover first when the settings ask for one. The cover's 开始答题 comes back with
 * `start=1`, which is also what a reload of the form keeps.
 */
export function answerDetour(open: OpenQuestionnaire, started: boolean): string | null {
  if (open.state !== "open") return trailerUrl(open.publicId);
  if (open.settings.coverPage && !started) return `/questionnaireSurvey?id=${open.publicId}`;
  return null;
}

/** The notice page's heading (the answer bundle's StatusPage shows the same), for the <title>. */
const headings: Record<Exclude<AnswerState, "open">, string> = {
  unpublished: "问卷未发布",
  deleted: "问卷已删除",
  stopped: "问卷已暂停",
  notStarted: "问卷未开始",
  ended: "问卷已结束",
  full: "已达到回收上限",
  takenDown: "问卷已下架",
};

const reminderBody = z.object({
  action: z.enum(["send", "confirm"]).catch("send"),
  phone: z.string().max(40).catch(""),
  code: z.string().max(40).catch(""),
});

/** A field's own message for bad input, else the failure's catalogue message. */
function errorText(error: unknown): string {
  if (error instanceof AppError) {
    const first = (error.data as { errors?: { message: string }[] } | null)?.errors?.[0];
    return first?.message ?? error.message;
  }
  throw error;
}

/**
 * The respondent's notice and cover pages, rendered by the answer bundle like /r/{id}:
 * GET/POST /trailerPage?id=… (POST is 提醒我, as plain form posts) and GET /questionnaireSurvey?id=….
 */
export function registerNoticePages(app: FastifyInstance, ctx: AppContext, pages: AnswerPageSender): void {
  const { send, notFound } = pages;

  const trailer = async (request: FastifyRequest, reply: FastifyReply, id: unknown, form?: ReminderForm) => {
    if (typeof id !== "string" || !PUBLIC_ID.test(id)) return notFound(request, reply);
    let row: Awaited<ReturnType<typeof findByPublicId>>;
    try {
      row = await findByPublicId(ctx.db, id);
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(request, reply);
      throw error;
    }
    const settings = readSettings(row.settings);
    const state = answerState(row, settings, ctx.clock.now());
    if (state === "open") return reply.header("Cache-Control", "no-store").redirect(`/r/${id}`, 303);
    const notStarted = state === "notStarted";
    const title = plain(row.title, 80);
    return send(
      request,
      reply,
      {
        page: "trailer",
        publicId: row.publicId,
        title: row.title,
        kind: row.kind,
        state,
        startTime: notStarted ? settings.startTime : "",
        reminder: notStarted ? (form ?? { step: "phone", phone: "", error: "", notice: "" }) : null,
      },
      {
        title: `${inKindWords(headings[state], row.kind)} - ${title || SITE}`,
        description: `${title}：${messageOfKind(answerStateMessages[state], row.kind)}`,
        status: 200,
      },
    );
  };

  app.get<{ Querystring: { id?: string } }>("/trailerPage", (request, reply) =>
    trailer(request, reply, request.query.id),
  );

  app.post<{ Querystring: { id?: string } }>("/trailerPage", async (request, reply) => {
    const id = request.query.id;
    if (typeof id !== "string" || !PUBLIC_ID.test(id)) return notFound(request, reply);
    const body = reminderBody.parse(request.body ?? {});
    const form: ReminderForm = {
      step: "phone",
      phone: body.phone.trim().slice(0, 11),
      error: "",
      notice: "",
    };
    const phone = phoneParam.safeParse(body.phone);
    if (!phone.success) return trailer(request, reply, id, { ...form, error: messages.phoneInvalid });
    try {
      if (body.action === "send") {
        await sendReminderCode(ctx, { publicId: id, phone: phone.data, ip: request.ip });
        return trailer(request, reply, id, { ...form, step: "code", notice: messages.reminderCodeSent });
      }
      const code = codeParam.safeParse(body.code);
      if (!code.success)
        return trailer(request, reply, id, { ...form, step: "code", error: messages.codeInvalidFormat });
      await addStartReminder(ctx, { publicId: id, phone: phone.data, code: code.data });
      return trailer(request, reply, id, { ...form, step: "done", notice: messages.reminderAdded });
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(request, reply);
      const step = body.action === "send" ? "phone" : "code";
      return trailer(request, reply, id, { ...form, step, error: errorText(error) });
    }
  });

  app.get<{ Querystring: { id?: string } }>("/questionnaireSurvey", async (request, reply) => {
    const id = request.query.id;
    if (typeof id !== "string" || !PUBLIC_ID.test(id)) return notFound(request, reply);
    let open: OpenQuestionnaire;
    try {
      open = await openQuestionnaire(ctx, null, { publicId: id });
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(request, reply);
      throw error;
    }
    if (open.state !== "open") return reply.header("Cache-Control", "no-store").redirect(trailerUrl(id), 302);
    if (!open.settings.coverPage) return reply.header("Cache-Control", "no-store").redirect(`/r/${id}`, 302);
    const row = await findByPublicId(ctx.db, id);
    const questionCount = open.definition ? countQuestions(open.definition) : row.questionCount;
    const description = open.definition?.description ?? "";
    return send(
      request,
      reply,
      {
        page: "cover",
        publicId: id,
        title: open.title,
        kind: open.kind,
        description,
        headerImage: open.settings.headerImage,
        themeColor: open.settings.themeColor,
        questionCount,
        minutes: estimatedMinutes(questionCount),
      },
      {
        title: plain(open.title, 80) || SITE,
        description: plain(description, 120) || `${plain(open.title, 80)} - ${SITE}在线问卷`,
        status: 200,
      },
    );
  });
}
