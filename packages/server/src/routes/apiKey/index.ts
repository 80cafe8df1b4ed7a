import { apiKeyNameSchema, apiKeyScopes, messages } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { createApiKey, listApiCalls, listApiKeys, revokeApiKey } from "../../commands/open-api/keys.ts";
import type { AppContext } from "../../context.ts";
import { blankAsAbsent, idParam, intFromText } from "../../http/params.ts";
import { defineRoute } from "../../http/route.ts";

/** Scopes arrive as a JSON array or, from a form, as comma-separated text. */
const scopesParam = z
  .union([z.array(z.string()), z.string().transform((text) => text.split(",").map((s) => s.trim()))])
  .pipe(
    z
      .array(z.enum(apiKeyScopes, { error: "权限只能是读取问卷、修改问卷、读取答卷或管理数据推送" }))
      .min(1, messages.apiKeyScopesRequired)
      .max(apiKeyScopes.length),
  );

const createInput = z.object({
  name: apiKeyNameSchema,
  scopes: scopesParam,
  /** Blank: never expires. */
  expiresInDays: blankAsAbsent(intFromText("apiKeyExpiryInvalid", 1, 3650)),
});

const idInput = z.object({ id: idParam });

/** 个人中心 · API 密钥: `/wjgj/api/apiKey/*`, each for the caller's own keys only. */
export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "apiKey/list",
    access: "account:use",
    input: z.object({}),
    handler: ({ viewer }) => listApiKeys(ctx, viewer),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "apiKey/create",
    access: "account:use",
    input: createInput,
    handler: ({ viewer, input }) =>
      createApiKey(ctx, viewer, { ...input, expiresInDays: input.expiresInDays ?? null }),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "apiKey/revoke",
    access: "account:use",
    input: idInput,
    handler: ({ viewer, input }) => revokeApiKey(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "apiKey/calls",
    access: "account:use",
    input: idInput,
    handler: ({ viewer, input }) => listApiCalls(ctx, viewer, input.id),
  });
}
