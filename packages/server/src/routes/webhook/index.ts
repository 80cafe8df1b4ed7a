import { messages, webhookEventTypes } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { chinaDateTime } from "../../clock.ts";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  rotateWebhookSecret,
  sendTestMessage,
  updateWebhook,
} from "../../commands/webhooks/manage.ts";
import type { AppContext } from "../../context.ts";
import {
  blankAsAbsent,
  booleanParam,
  idParam,
  optionalIdParam,
  pageNumParam,
  pageSizeParam,
} from "../../http/params.ts";
import { defineRoute } from "../../http/route.ts";

/** Events arrive as a JSON array or, from a form, as comma-separated text. */
const eventsParam = z
  .union([z.array(z.string()), z.string().transform((text) => text.split(",").map((s) => s.trim()))])
  .pipe(
    z
      .array(z.enum(webhookEventTypes, { error: messages.webhookEventsRequired }))
      .min(1, messages.webhookEventsRequired)
      .max(webhookEventTypes.length),
  );

/**
 * The URL is checked by the command, after the caller's right to the questionnaire (a refused caller learns
 * nothing about the URL rules), with the outbound client's own words.
 */
const urlParam = z.string({ error: "请填写推送地址" }).max(2100, "地址过长，最多 2000 个字符");

const idInput = z.object({ id: idParam });

/** 数据推送 (webhooks) in the creator area: `/wjgj/api/webhook/*`. Times are China time, as elsewhere here. */
export function webhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "webhook/list",
    access: "account:use",
    // Without a questionnaire: the caller's account-wide hooks.
    input: z.object({ questionnaireId: optionalIdParam }),
    handler: ({ viewer, input }) => listWebhooks(ctx, viewer, input.questionnaireId, chinaDateTime),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "webhook/create",
    access: "account:use",
    input: z.object({
      questionnaireId: optionalIdParam,
      url: urlParam.default(""),
      events: blankAsAbsent(eventsParam),
    }),
    handler: ({ viewer, input }) =>
      createWebhook(
        ctx,
        viewer,
        { questionnaireId: input.questionnaireId, url: input.url, events: input.events ?? webhookEventTypes },
        chinaDateTime,
      ),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "webhook/update",
    access: "account:use",
    input: z.object({
      id: idParam,
      url: urlParam.optional(),
      events: blankAsAbsent(eventsParam),
      enabled: blankAsAbsent(booleanParam("invalidInput")),
    }),
    handler: ({ viewer, input }) =>
      updateWebhook(
        ctx,
        viewer,
        input.id,
        { url: input.url, events: input.events, enabled: input.enabled },
        chinaDateTime,
      ),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "webhook/rotateSecret",
    access: "account:use",
    input: idInput,
    handler: ({ viewer, input }) => rotateWebhookSecret(ctx, viewer, input.id, chinaDateTime),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "webhook/delete",
    access: "account:use",
    input: idInput,
    handler: ({ viewer, input }) => deleteWebhook(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "webhook/deliveries",
    access: "account:use",
    input: z.object({
      id: idParam,
      pageNum: pageNumParam,
      pageSize: pageSizeParam,
      status: blankAsAbsent(
        z.enum(["pending", "delivered", "failed"], { error: "状态只能是等待发送、已送达或发送失败" }),
      ),
    }),
    handler: ({ viewer, input }) =>
      listDeliveries(
        ctx,
        viewer,
        input.id,
        { pageNum: input.pageNum, pageSize: input.pageSize, status: input.status },
        chinaDateTime,
      ),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "webhook/replay",
    access: "account:use",
    input: z.object({ id: idParam, deliveryId: idParam }),
    handler: ({ viewer, input }) => replayDelivery(ctx, viewer, input.id, input.deliveryId, chinaDateTime),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "webhook/test",
    access: "account:use",
    input: idInput,
    handler: ({ viewer, input }) => sendTestMessage(ctx, viewer, input.id, chinaDateTime),
  });
}
