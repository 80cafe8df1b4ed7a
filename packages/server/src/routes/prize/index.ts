import type { FastifyInstance } from "fastify";
import { findByPublicId } from "../../commands/answering/open.ts";
import { drawPrize } from "../../commands/rewards/draw.ts";
import { rewardOffer } from "../../commands/rewards/offer.ts";
import {
  addPrize,
  getPrizeDetail,
  getPrizeList,
  getPrizeSet,
  updatePrize,
  updatePrizeSet,
} from "../../commands/rewards/prizes.ts";
import {
  exportWinners,
  listWinners,
  markSent,
  publicWinners,
  submitWinnerInfo,
} from "../../commands/rewards/winners.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { contentDisposition } from "../export/index.ts";
import {
  addPrizeInput,
  drawInput,
  drawRequestInput,
  prizeInput,
  publicWinnersInput,
  questionnaireInput,
  responseProofInput,
  updatePrizeInput,
  updatePrizeSetInput,
  winnerInfoInput,
} from "./schema.ts";

/** Prizes and the lucky draw: `/wjgj/api/prize/*` (seed §7 names the first six). */
export function prizeRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "prize/getPrizeSet",
    access: "account:use",
    input: questionnaireInput,
    handler: ({ viewer, input }) => getPrizeSet(ctx, viewer, input.questionnaireId),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "prize/updatePrizeSet",
    access: "account:use",
    input: updatePrizeSetInput,
    handler: ({ viewer, input }) => updatePrizeSet(ctx, viewer, input.questionnaireId, input.prizeSet),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "prize/addPrize",
    access: "account:use",
    input: addPrizeInput,
    handler: ({ viewer, input }) => addPrize(ctx, viewer, input.questionnaireId, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "prize/updatePrize",
    access: "account:use",
    input: updatePrizeInput,
    handler: ({ viewer, input }) => updatePrize(ctx, viewer, input.questionnaireId, input.prizeId, input),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "prize/getPrizeList",
    access: "account:use",
    input: questionnaireInput,
    handler: ({ viewer, input }) => getPrizeList(ctx, viewer, input.questionnaireId),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "prize/getPrizeDetail",
    access: "account:use",
    input: prizeInput,
    handler: ({ viewer, input }) => getPrizeDetail(ctx, viewer, input.questionnaireId, input.prizeId),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "prize/getWinnerList",
    access: "account:use",
    input: questionnaireInput,
    handler: ({ viewer, input }) => listWinners(ctx, viewer, input.questionnaireId),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "prize/exportWinnerList",
    access: "account:use",
    input: questionnaireInput,
    handler: async ({ viewer, input, reply }) => {
      const file = await exportWinners(ctx, viewer, input.questionnaireId);
      reply.hijack();
      reply.raw.writeHead(200, {
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Length": String(file.body.length),
        "Content-Disposition": contentDisposition(file.fileName, `winners-${input.questionnaireId}.xlsx`),
      });
      reply.raw.end(file.body);
      return null;
    },
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "prize/markSent",
    access: "account:use",
    input: drawInput,
    successMessage: "winnerSent",
    handler: ({ viewer, input }) => markSent(ctx, viewer, input.questionnaireId, input.drawId),
  });

  // The respondent's side: the thank-you screen proves the response with its idempotency key.
  defineRoute(app, ctx, {
    method: "POST",
    path: "prize/draw",
    access: "public",
    input: drawRequestInput,
    handler: ({ input }) => drawPrize(ctx, input),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "prize/getRewardOffer",
    access: "public",
    input: responseProofInput,
    handler: ({ input }) => rewardOffer(ctx, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "prize/submitWinnerInfo",
    access: "public",
    input: winnerInfoInput,
    handler: ({ input }) => submitWinnerInfo(ctx, input, input),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "prize/getPublicWinnerList",
    access: "public",
    input: publicWinnersInput,
    handler: async ({ input }) => publicWinners(ctx, (await findByPublicId(ctx.db, input.publicId)).id),
  });
}
