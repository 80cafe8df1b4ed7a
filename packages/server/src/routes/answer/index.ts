import type { FastifyInstance } from "fastify";
import { handleErasureRequest, listErasureRequests } from "../../commands/privacy/respondent-rights.ts";
import { getAnswerDetail, getAnswerList, revealPersonal } from "../../commands/results/answers.ts";
import { gradeAnswer } from "../../commands/results/grading.ts";
import { reportCardPdf } from "../../commands/results/report-card.ts";
import { changeResponseStatus, type StatusChange } from "../../commands/results/response-status.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { contentDisposition } from "../export/index.ts";
import {
  answerDetailInput,
  answerListInput,
  answerStatusInput,
  gradeInput,
  reportCardInput,
} from "../statistics/schema.ts";
import { reviewRoutes } from "./reviews.ts";
import { erasureListInput, handleErasureInput } from "./schema.ts";

/**
 * `/wjgj/api/answer/*`: the response viewer — list, detail with ↑/↓ neighbours, recycle bin, invalid
 * marks and manual grading. Owner only; a response id of another questionnaire is 404.
 */
export function answerRoutes(app: FastifyInstance, ctx: AppContext): void {
  // 查看完整信息: one response's masked personal answers in full, logged in the team's activity.
  defineRoute(app, ctx, {
    method: "POST",
    path: "answer/revealPersonal",
    access: "account:use",
    input: reportCardInput,
    handler: ({ viewer, input }) => revealPersonal(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "answer/getAnswerList",
    access: "account:use",
    input: answerListInput,
    handler: ({ viewer, input }) => getAnswerList(ctx, viewer, input),
  });

  for (const method of ["GET", "POST"] as const) {
    defineRoute(app, ctx, {
      method,
      path: "answer/getAnswerDetail",
      access: "account:use",
      input: answerDetailInput,
      handler: ({ viewer, input }) => getAnswerDetail(ctx, viewer, input),
    });
  }

  defineRoute(app, ctx, {
    method: "GET",
    path: "answer/getReportCardPdf",
    access: "account:use",
    input: reportCardInput,
    handler: async ({ viewer, input, reply }) => {
      const card = await reportCardPdf(ctx, viewer, input);
      reply.hijack();
      reply.raw.writeHead(200, {
        "Content-Type": "application/pdf",
        "Content-Length": String(card.body.length),
        "Content-Disposition": contentDisposition(card.fileName, `report-${input.responseId}.pdf`),
      });
      reply.raw.end(card.body);
      return null;
    },
  });

  const changes: StatusChange[] = ["deleteAnswer", "restoreAnswer", "markInvalid", "markValid"];
  for (const change of changes) {
    defineRoute(app, ctx, {
      method: "POST",
      path: `answer/${change}`,
      access: "account:use",
      input: answerStatusInput,
      handler: ({ viewer, input }) => changeResponseStatus(ctx, viewer, input.id, input.responseIds, change),
    });
  }

  defineRoute(app, ctx, {
    method: "POST",
    path: "answer/gradeAnswer",
    access: "account:use",
    input: gradeInput,
    handler: ({ viewer, input }) => gradeAnswer(ctx, viewer, input),
  });

  // 删除申请 from respondents (issue #36): listed, then approved (deleted for good) or declined with a reason.
  defineRoute(app, ctx, {
    method: "GET",
    path: "answer/getErasureRequests",
    access: "account:use",
    input: erasureListInput,
    handler: ({ viewer, input }) => listErasureRequests(ctx, viewer, input.id),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "answer/handleErasureRequest",
    access: "account:use",
    input: handleErasureInput,
    handler: ({ viewer, input }) => handleErasureRequest(ctx, viewer, input),
  });

  reviewRoutes(app, ctx);
}
