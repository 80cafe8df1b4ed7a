import type { ApiKeyScope } from "@wjgj/core";
import type { z } from "zod";

/** The shapes shared by the route definitions (define.ts) and the document built from them (document.ts). */
export type OpenMethod = "GET" | "POST" | "PUT" | "DELETE";

/** One declared open-API route, as the OpenAPI document and the test that walks it read it. */
export interface OpenRouteInfo {
  method: OpenMethod;
  path: string;
  scope: ApiKeyScope;
  tag: string;
  summary: string;
  description: string | undefined;
  params: z.ZodType | undefined;
  query: z.ZodType | undefined;
  body: z.ZodType | undefined;
  response: z.ZodType;
  status: number;
  responseType: "json" | "file";
}
