import type { FastifyInstance } from "fastify";
import { claimRedPacket, reviewClaim } from "../../commands/rewards/claims.ts";
import {
  addRedPacket,
  deleteRedPacket,
  listClaims,
  listRedPackets,
} from "../../commands/rewards/red-packets.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { jobWorkerOf } from "../../jobs/index.ts";
import { identityOf } from "../../wechat/identity-cookie.ts";
import { addRedPacketInput, claimInput, questionnaireInput, redPacketInput, reviewInput } from "./schema.ts";

/** Red packets: `/wjgj/api/redPacket/*` (seed §7 names add, del and the list). */
export function redPacketRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "POST",
    path: "redPacket/addRedPacket",
    access: "account:use",
    input: addRedPacketInput,
    handler: ({ viewer, input }) => addRedPacket(ctx, viewer, input.questionnaireId, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "redPacket/delRedPacket",
    access: "account:use",
    input: redPacketInput,
    handler: ({ viewer, input }) => deleteRedPacket(ctx, viewer, input.questionnaireId, input.redPacketId),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "redPacket/getRedPacketList",
    access: "account:use",
    input: questionnaireInput,
    handler: ({ viewer, input }) => listRedPackets(ctx, viewer, input.questionnaireId),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "redPacket/getClaimList",
    access: "account:use",
    input: questionnaireInput,
    handler: ({ viewer, input }) => listClaims(ctx, viewer, input.questionnaireId),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "redPacket/reviewClaim",
    access: "account:use",
    input: reviewInput,
    handler: async ({ viewer, input }) => {
      const result = await reviewClaim(ctx, viewer, input);
      // An approved claim paid to WeChat 零钱 left a payout job: start it now, not at the next poll.
      jobWorkerOf(app).kick();
      return result;
    },
  });

  // The respondent's side, proved by the response's idempotency key (see prize/draw).
  defineRoute(app, ctx, {
    method: "POST",
    path: "redPacket/claimRedPacket",
    access: "public",
    input: claimInput,
    handler: async ({ input, request }) => {
      // 零钱 is paid to the openid WeChat itself told this browser (the sealed identity cookie of the 公众号's
      // authorisation), under the app WeChat Pay pays from; never to one a page sends.
      const payApp = ctx.config.wechatPay?.appId;
      const identity = payApp
        ? identityOf(ctx.config, request.headers.cookie, payApp, ctx.clock.now())
        : null;
      const result = await claimRedPacket(ctx, { ...input, openid: identity?.openid });
      if (result.status === "paying") jobWorkerOf(app).kick();
      return result;
    },
  });
}
