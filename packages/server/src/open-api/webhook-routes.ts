import { WEBHOOK_TEST_EVENT, webhookEventNames, webhookEventTypes } from "@wjgj/core";
import { z } from "zod";
import {
  createWebhook,
  deleteWebhook,
  deliveriesBefore,
  listWebhooks,
  replayDelivery,
  rotateWebhookSecret,
  sendTestMessage,
  updateWebhook,
} from "../commands/webhooks/manage.ts";
import { defineOpenRoute, type OpenApiScope } from "./define.ts";
import { decodeCursor, encodeCursor } from "./routes.ts";

/** The open API's times are ISO 8601 (UTC); "" where there is none. */
const isoTime = (text: string | null) => text ?? "";

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name}需为正整数` })
    .int(`${name}需为正整数`)
    .min(1, `${name}需为正整数`)
    .max(2_147_483_647, `${name}需为正整数`);

const eventList = webhookEventTypes.map((event) => `${event}（${webhookEventNames[event]}）`).join("、");
const events = z
  .array(z.enum(webhookEventTypes, { error: `事件只能是 ${webhookEventTypes.join("、")}` }))
  .min(1, "请至少选择一种推送事件")
  .describe(`订阅的事件：${eventList}`);

const webhookParams = z.object({ webhookId: positiveId("推送 id").describe("数据推送 id") });
const deliveryParams = webhookParams.extend({
  deliveryId: positiveId("推送记录 id").describe("推送记录 id"),
});

const webhookSchema = z
  .object({
    id: z.number().int(),
    questionnaireId: z.number().int().nullable().describe("所属问卷；null 表示账号级（账号下所有问卷）"),
    url: z.string(),
    events: z.array(z.enum(webhookEventTypes)),
    enabled: z.boolean(),
    disabledReason: z.string().describe("自动停用的原因；未停用时为空"),
    consecutiveFailures: z.number().int().describe("自上次成功以来连续失败的次数"),
    pausedUntil: z.string().describe("对方无法连接时暂停发送，到此时间再试；未暂停时为空"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Webhook" });

const webhookWithSecretSchema = webhookSchema
  .extend({
    secret: z
      .string()
      .describe(
        "签名密钥（whsec_ 开头），只在创建和重新生成时返回这一次。按 Standard Webhooks 校验：HMAC-SHA256，密钥为 whsec_ 之后部分的 base64 解码，签名内容为 webhook-id、webhook-timestamp 与请求体原文以英文句点连接",
      ),
  })
  .meta({ id: "WebhookWithSecret" });

const deliverySchema = z
  .object({
    id: z.number().int(),
    webhookId: z.number().int(),
    eventId: z.string().describe("消息 id，即请求头 webhook-id；重试和重发时不变，可据此去重"),
    eventType: z.enum([...webhookEventTypes, WEBHOOK_TEST_EVENT]),
    status: z
      .enum(["pending", "delivered", "failed"])
      .describe("pending 等待发送、delivered 已送达、failed 发送失败"),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable().describe("最近一次的 HTTP 状态码；没有收到响应时为 null"),
    lastLatencyMs: z.number().int().nullable(),
    lastResponseExcerpt: z.string().describe("最近一次响应内容的前 2KB"),
    lastError: z.string().describe("最近一次失败的原因"),
    lastAttemptAt: z.string(),
    nextAttemptAt: z.string().describe("下次尝试的时间；不再重试时为空"),
    createdAt: z.string(),
    deliveredAt: z.string(),
  })
  .meta({ id: "WebhookDelivery" });

const createBody = z.object({
  url: z.string().max(2100).describe("接收地址：http 或 https，不能是内网或本机地址"),
  events: events.default([...webhookEventTypes]),
  questionnaireId: positiveId("问卷 id").optional().describe("所属问卷；不传则为账号级（账号下所有问卷）"),
});

const updateBody = z.object({
  url: z.string().max(2100).optional(),
  events: events.optional(),
  enabled: z.boolean().optional().describe("启用或停用；重新启用会清零连续失败次数"),
});

const listQuery = z.object({
  questionnaireId: positiveId("问卷 id").optional().describe("只列出该问卷的数据推送；不传则列出账号级的"),
});

const deliveriesQuery = z.object({
  limit: z.coerce
    .number({ error: "limit 需为 1-100 的整数" })
    .int("limit 需为 1-100 的整数")
    .min(1, "limit 需为 1-100 的整数")
    .max(100, "limit 需为 1-100 的整数")
    .default(20)
    .describe("每页条数，1-100，默认 20"),
  cursor: z.string().max(100).optional().describe("上一页返回的 nextCursor；不传则从最新的开始"),
  status: z
    .enum(["pending", "delivered", "failed"], { error: "status 需为 pending、delivered 或 failed" })
    .optional(),
});

/** The open API's webhooks (scope webhooks:manage): the same commands as the creator area's `webhook/*`. */
export function webhookOpenApiRoutes(scope: OpenApiScope): void {
  const { ctx } = scope;
  const common = { scope: "webhooks:manage", tag: "数据推送" } as const;

  defineOpenRoute(scope, {
    ...common,
    method: "GET",
    path: "/webhooks",
    summary: "列出数据推送",
    query: listQuery,
    response: z.object({ data: z.array(webhookSchema) }),
    handler: async ({ query, viewer }) => ({
      data: await listWebhooks(ctx, viewer, query.questionnaireId, isoTime),
    }),
  });

  defineOpenRoute(scope, {
    ...common,
    method: "POST",
    path: "/webhooks",
    summary: "添加数据推送",
    description:
      "返回的 secret 只出现这一次，请妥善保存。每条消息带 webhook-id、webhook-timestamp、webhook-signature 三个请求头（Standard Webhooks 规范），请求体为 { type, timestamp, data }；2xx 视为送达，其余在 24 小时内按 30 秒、2 分钟、10 分钟……重试。",
    body: createBody,
    response: webhookWithSecretSchema,
    status: 201,
    handler: ({ body, viewer }) => createWebhook(ctx, viewer, body, isoTime),
  });

  defineOpenRoute(scope, {
    ...common,
    method: "PUT",
    path: "/webhooks/{webhookId}",
    summary: "修改数据推送（地址、事件、启用）",
    params: webhookParams,
    body: updateBody,
    response: webhookSchema,
    handler: ({ params, body, viewer }) => updateWebhook(ctx, viewer, params.webhookId, body, isoTime),
  });

  defineOpenRoute(scope, {
    ...common,
    method: "POST",
    path: "/webhooks/{webhookId}/rotate-secret",
    summary: "重新生成签名密钥",
    description: "新密钥立即生效，旧密钥随即失效；新密钥只返回这一次。",
    params: webhookParams,
    response: webhookWithSecretSchema,
    handler: ({ params, viewer }) => rotateWebhookSecret(ctx, viewer, params.webhookId, isoTime),
  });

  defineOpenRoute(scope, {
    ...common,
    method: "POST",
    path: "/webhooks/{webhookId}/test",
    summary: "发送测试消息",
    description: "发送一条 webhook.test 消息，结果见推送记录。",
    params: webhookParams,
    response: deliverySchema,
    status: 202,
    handler: ({ params, viewer }) => sendTestMessage(ctx, viewer, params.webhookId, isoTime),
  });

  defineOpenRoute(scope, {
    ...common,
    method: "GET",
    path: "/webhooks/{webhookId}/deliveries",
    summary: "推送记录（游标分页，从新到旧）",
    params: webhookParams,
    query: deliveriesQuery,
    response: z.object({
      data: z.array(deliverySchema),
      nextCursor: z.string().nullable().describe("下一页的游标；null 表示没有更多"),
    }),
    handler: async ({ params, query, viewer }) => {
      const page = await deliveriesBefore(
        ctx,
        viewer,
        params.webhookId,
        { before: decodeCursor(query.cursor), limit: query.limit, status: query.status },
        isoTime,
      );
      const last = page.deliveries.at(-1);
      return { data: page.deliveries, nextCursor: page.more && last ? encodeCursor(last.id) : null };
    },
  });

  defineOpenRoute(scope, {
    ...common,
    method: "POST",
    path: "/webhooks/{webhookId}/deliveries/{deliveryId}/replay",
    summary: "重发一条消息",
    description: "以同一个 webhook-id 和请求体立即重发（签名按当前密钥和时间重新计算）。",
    params: deliveryParams,
    response: deliverySchema,
    status: 202,
    handler: ({ params, viewer }) =>
      replayDelivery(ctx, viewer, params.webhookId, params.deliveryId, isoTime),
  });

  defineOpenRoute(scope, {
    ...common,
    method: "DELETE",
    path: "/webhooks/{webhookId}",
    summary: "删除数据推送",
    description: "连同推送记录一起删除，尚未发送的消息不再发送。",
    params: webhookParams,
    response: z.object({ deleted: z.literal(true) }),
    handler: async ({ params, viewer }) => {
      await deleteWebhook(ctx, viewer, params.webhookId);
      return { deleted: true as const };
    },
  });
}
