import { apiKeyScopeNames, OPEN_API_PREFIX } from "@wjgj/core";
import { z } from "zod";
import type { OpenRouteInfo } from "./route-info.ts";
import { errorSchema } from "./schemas.ts";

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema of a zod schema for the document: `$defs` (schemas with a meta id) are lifted into
 * `components.schemas` and references rewritten to point there, as OpenAPI 3.1 resolves `#` from the
 * document's root.
 */
function jsonSchema(
  schema: z.ZodType,
  io: "input" | "output",
  components: Record<string, JsonSchema>,
): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  const { $schema: _schema, $defs, ...rest } = converted;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          key,
          key === "$ref" && typeof item === "string"
            ? item.replace("#/$defs/", "#/components/schemas/")
            : rewrite(item),
        ]),
      );
    }
    return value;
  };
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    components[name] = rewrite(def) as JsonSchema;
  }
  return rewrite(rest) as JsonSchema;
}

function parameters(
  schema: z.ZodType | undefined,
  where: "path" | "query",
  components: Record<string, JsonSchema>,
) {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, property]) => {
    const propertySchema = jsonSchema(property, "input", components);
    const { description, ...rest } = propertySchema;
    return {
      name,
      in: where,
      required: where === "path" || !property.safeParse(undefined).success,
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

const errorStatuses: Record<string, string> = {
  "400": "参数有误（error.details 列出每个字段的问题）",
  "401": "缺少 API 密钥，或密钥无效、已吊销、已过期",
  "403": "密钥没有所需的权限，或无权访问该问卷",
  "404": "问卷、答卷或导出任务不存在",
  "429": "调用太频繁（每个密钥每分钟有次数上限），请在 Retry-After 秒后重试",
};

/** The OpenAPI 3.1 document of the open API, built from the routes' own zod schemas. */
export function openApiDocument(routes: readonly OpenRouteInfo[], serverUrl: string): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const errorRef = { $ref: "#/components/schemas/Error" };
  jsonSchema(errorSchema, "output", components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/\{(\w+)\}/g, "By_$1").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      security: [{ apiKey: [route.scope] }],
      "x-scope": route.scope,
      parameters: [
        ...parameters(route.params, "path", components),
        ...parameters(route.query, "query", components),
      ],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(route.body, "input", components) } },
            },
          }
        : {}),
      responses: {
        [String(route.status)]: {
          description: route.summary,
          content:
            route.responseType === "file"
              ? {
                  "application/octet-stream": {
                    schema: { type: "string", contentMediaType: "application/octet-stream" },
                  },
                }
              : { "application/json": { schema: jsonSchema(route.response, "output", components) } },
        },
        ...Object.fromEntries(
          Object.entries(errorStatuses).map(([status, description]) => [
            status,
            { description, content: { "application/json": { schema: errorRef } } },
          ]),
        ),
      },
    };
    const pathItem = paths[route.path] ?? {};
    pathItem[route.method.toLowerCase()] = operation;
    paths[route.path] = pathItem;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "问卷管家开放接口",
      version: "1.0.0",
      description:
        "用 API 密钥读取和管理问卷、拉取答卷、获取统计和导出文件。密钥在「个人中心 · API 密钥」创建，只显示一次；" +
        "调用时放在请求头 `Authorization: Bearer <密钥>` 中。所有时间为 ISO 8601（UTC）；错误统一为 HTTP 状态码加 " +
        '`{ "error": { "code", "message" } }`，message 为中文说明。',
    },
    servers: [{ url: `${serverUrl}${OPEN_API_PREFIX}` }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: `API 密钥的权限：${Object.entries(apiKeyScopeNames)
            .map(([scope, name]) => `${scope}（${name}）`)
            .join("；")}`,
        },
      },
    },
  };
}
