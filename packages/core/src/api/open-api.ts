/**
 * The open API's contract (issue #38): API keys with scopes, shown once, kept only as a hash; what 个人中心 ·
 * API 密钥 lists. The routes themselves live under `/openapi/v1` on the server and document themselves
 * (`/openapi/v1/openapi.json`).
 */
export const OPEN_API_PREFIX = "/openapi/v1";

/** What a key may do. A key carries at least one; routes name the one they need. */
export const apiKeyScopes = [
  "questionnaires:read",
  "questionnaires:write",
  "responses:read",
  "webhooks:manage",
] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyScopeNames: Record<ApiKeyScope, string> = {
  "questionnaires:read": "读取问卷",
  "questionnaires:write": "创建和修改问卷（含发布、暂停）",
  "responses:read": "读取答卷、统计和导出",
  "webhooks:manage": "管理数据推送（Webhook）",
};

/** Keys look like `wjk_` + 40 base62 characters; the first 12 characters are kept to tell keys apart. */
export const API_KEY_PREFIX = "wjk_";
export const API_KEY_SHOWN_PREFIX_LENGTH = 12;
export const MAX_API_KEYS_PER_USER = 20;

export interface ApiKeySummary {
  id: number;
  name: string;
  /** `wjk_Ab12Cd34…`: enough to recognise the key, never enough to use it. */
  prefix: string;
  scopes: ApiKeyScope[];
  /** China time "YYYY-MM-DD HH:mm:ss"; "" for never. */
  expiresAt: string;
  lastUsedAt: string;
  lastUsedIp: string;
  createdAt: string;
  revokedAt: string;
  /** active | expired | revoked, for the badge. */
  state: "active" | "expired" | "revoked";
}

/** What 创建密钥 answers: the key in full, this once. */
export interface CreatedApiKey extends ApiKeySummary {
  key: string;
}

/** One call made with a key, for the key's call log. */
export interface ApiCallEntry {
  id: number;
  method: string;
  path: string;
  status: number;
  ip: string;
  durationMs: number;
  at: string;
}

/** The one shape of an open-API error: HTTP status plus a stable code and a Chinese message. */
export interface OpenApiError {
  error: {
    code: string;
    message: string;
    /** Field errors of invalid input. */
    details?: { field: string; message: string }[];
  };
}
