/** Why an outbound request was refused or failed: stable codes callers may store and branch on. */
export type OutboundFailure =
  | "invalidUrl"
  | "schemeNotAllowed"
  | "portNotAllowed"
  | "credentialsInUrl"
  | "privateAddress"
  | "dnsFailed"
  | "connectTimeout"
  | "timeout"
  | "tooLarge"
  | "redirect"
  | "network";

/** The refusals decided from the URL and the addresses alone, before any connection. */
export type PolicyRefusal = Extract<
  OutboundFailure,
  "invalidUrl" | "schemeNotAllowed" | "portNotAllowed" | "credentialsInUrl" | "privateAddress"
>;

/** The one catalogue of what a user is told (shown beside a webhook's delivery log). */
export const outboundMessages = {
  invalidUrl: "地址格式不正确，请填写完整的 http 或 https 地址",
  urlTooLong: "地址过长，最多 2000 个字符",
  schemeNotAllowed: "只能使用 http 或 https 地址",
  portNotAllowed: "不允许的端口：只能使用 80、443 或管理员允许的端口",
  credentialsInUrl: "地址中不能包含用户名或密码",
  privateAddress: "不允许向内网、本机或云服务元数据地址发送请求",
  dnsFailed: "地址解析失败，请检查域名是否正确",
  dnsTimeout: "地址解析失败：解析超时",
  connectTimeout: "连接超时",
  timeout: "对方响应超时",
  tooLarge: "对方返回的内容过大",
  redirect: "对方要求跳转，出于安全原因不跟随跳转",
  network: "网络错误，未能完成请求",
  connectionRefused: "连接被拒绝：对方的端口没有开放",
  connectionReset: "连接被对方中断",
  unreachable: "网络不可达，无法连接到对方",
  tls: "HTTPS 证书校验或加密握手失败",
  badResponse: "对方返回的不是有效的 HTTP 响应",
  badHeaders: "请求头格式不正确",
} as const;

export function redirectMessage(locationHost: string | undefined): string {
  return locationHost ? `对方要求跳转到 ${locationHost}，出于安全原因不跟随跳转` : outboundMessages.redirect;
}

const tlsCodes = new Set([
  "EPROTO",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** A network error's code (Node's or OpenSSL's) in words a site owner can act on. */
export function networkMessage(code: string | undefined): string {
  if (!code) return outboundMessages.network;
  if (code === "ECONNREFUSED") return outboundMessages.connectionRefused;
  if (code === "ECONNRESET" || code === "EPIPE") return outboundMessages.connectionReset;
  if (code === "ENETUNREACH" || code === "EHOSTUNREACH") return outboundMessages.unreachable;
  if (tlsCodes.has(code) || code.startsWith("ERR_TLS_") || code.startsWith("ERR_SSL_"))
    return outboundMessages.tls;
  if (code.startsWith("HPE_")) return outboundMessages.badResponse;
  if (code === "ERR_INVALID_CHAR" || code === "ERR_INVALID_HTTP_TOKEN") return outboundMessages.badHeaders;
  return outboundMessages.network;
}
