import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Which kind of HTML a response is decides who may frame it: the respondent page is offered as an embed
 * code in the share dialog, so any site may frame /r/{id}; the owner's preview (/y) and the public site
 * only their own origin; the logged-in app nobody (clickjacking on 发布/删除 buttons).
 */
export type PageKind = "app" | "website" | "answer" | "preview";

const FRAME_ANCESTORS: Record<PageKind, string> = {
  app: "'none'",
  website: "'self'",
  answer: "*",
  preview: "'self'",
};

/** The placeholder a template carries where each response's nonce goes (see {@link nonceTemplate}). */
const NONCE_SLOT = "__CSP_NONCE__";

/** A fresh nonce per response: 128 random bits, as CSP3 asks. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The policy of every HTML page. Scripts: only our own files and elements carrying this response's nonce
 * (no 'unsafe-inline', no eval). Styles allow 'unsafe-inline' on purpose and only there: React renders
 * `style="…"` attributes into the server markup (a nonce cannot cover attributes), and antd's cssinjs,
 * rc-util and ECharts insert <style> elements at run time in places no nonce reaches; injected CSS cannot
 * run script, so the script policy still carries the protection. Images: data: (QR codes, the signature's
 * toDataURL), blob: (upload previews, downloads) and https: (header images and rich text given by URL).
 */
export function contentSecurityPolicy(
  kind: PageKind,
  nonce: string,
  /** Other origins the page may frame (微信扫码登录's QR page on open.weixin.qq.com). */
  frameSources: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    ["frame-src 'self'", ...frameSources].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${FRAME_ANCESTORS[kind]}`,
  ].join("; ");
}

/** Powerful features no page of ours uses; switched off so an injected or embedded script cannot ask for them. */
export const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "midi=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "display-capture=()",
].join(", ");

/**
 * The respondent page alone may use the camera, for its own origin only: 摄像头监考 (issue #40) takes snapshots
 * after the candidate consents. No other page of ours asks for it.
 */
function permissionsPolicy(kind: PageKind): string {
  return kind === "answer" ? PERMISSIONS_POLICY.replace("camera=()", "camera=(self)") : PERMISSIONS_POLICY;
}

/** Marks every <script> of a page template for the nonce; done once per template at start. */
export function nonceTemplate(template: string): string {
  return template.replace(/<script\b/g, `<script nonce="${NONCE_SLOT}"`);
}

/**
 * The template with this response's nonce. Called before any content goes in, so text of a questionnaire
 * can neither receive the nonce nor carry a placeholder of its own.
 */
export function withNonce(template: string, nonce: string): string {
  return template.replaceAll(NONCE_SLOT, nonce);
}

/** The headers of one HTML page response. */
export function setPageSecurityHeaders(
  reply: FastifyReply,
  kind: PageKind,
  nonce: string,
  frameSources: readonly string[] = [],
): FastifyReply {
  reply.header("Content-Security-Policy", contentSecurityPolicy(kind, nonce, frameSources));
  reply.header("Permissions-Policy", permissionsPolicy(kind));
  if (kind === "answer") reply.removeHeader("X-Frame-Options");
  else reply.header("X-Frame-Options", kind === "app" ? "DENY" : "SAMEORIGIN");
  return reply;
}

/**
 * Headers of every response. An HTML response whose producer set no policy (a static .html file) gets the
 * strictest one, so no HTML leaves the server without a CSP.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (reply.hasHeader("Content-Security-Policy")) return;
    if (String(reply.getHeader("Content-Type") ?? "").startsWith("text/html")) {
      setPageSecurityHeaders(reply, "app", newNonce());
    } else {
      reply.header("X-Frame-Options", "SAMEORIGIN");
    }
  });
}
