import { isWeChatBrowser, messages } from "@wjgj/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import { findByPublicId } from "../commands/answering/open.ts";
import { paysRedPacketsToWeChat, wechatNeeds } from "../commands/answering/wechat-respondent.ts";
import { readSettings } from "../commands/questionnaires/store.ts";
import { browserNonceOf, consumeState, issueState, safeReturnPath } from "../commands/wechat/oauth-states.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { identityCookieHeader, wechatIdentityOfRequest } from "../wechat/identity-cookie.ts";
import { authorizeUrl, WeChatOAuthClient, type WeChatProfile } from "../wechat/oauth.ts";
import { escapeHtml, SITE, siteOrigin } from "./page-html.ts";
import { newNonce, setPageSecurityHeaders } from "./security-headers.ts";
import { ensureBrowserNonce } from "./wechat-browser.ts";

/**
 * Respondents as WeChat users (issue #39), the browser's side: before /r/{id} shows a questionnaire that needs
 * a WeChat identity, a browser inside WeChat without one is sent through the 公众号's web authorisation
 * (snsapi_base silently; snsapi_userinfo when the creator keeps nicknames and avatars) and comes back through
 * /wjgj/api/wechat/answerCallback with the sealed identity cookie; a browser elsewhere, for a questionnaire
 * answered only in WeChat, gets a page saying so with the link's QR code to scan with WeChat.
 */
export const ANSWER_CALLBACK = "/wjgj/api/wechat/answerCallback";

/** `?wx=declined`: back from a refused authorisation that the questionnaire does not require. */
const DECLINED = "declined";

interface NoticePage {
  title: string;
  message: string;
  /** A QR code (SVG markup made here) and the address it holds. */
  qr?: { svg: string; link: string };
  /** A button back to where the respondent can try again. */
  retry?: string;
}

/** A small page of its own (no script): readable at 390 px, in the answer page's colours. */
function noticeHtml(page: NoticePage, nonce: string): string {
  const qr = page.qr
    ? `<div class="qr" role="img" aria-label="问卷链接二维码">${page.qr.svg}</div>` +
      `<p class="hint">用微信“扫一扫”扫描上方二维码，或复制下面的链接发到微信中打开</p>` +
      `<p class="link">${escapeHtml(page.qr.link)}</p>`
    : "";
  const retry = page.retry ? `<p><a class="btn" href="${escapeHtml(page.retry)}">重新打开问卷</a></p>` : "";
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)} - ${SITE}</title><style nonce="${nonce}">
body{margin:0;background:#f3f5f9;font:15px/1.6 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329}
main{box-sizing:border-box;max-width:480px;margin:40px auto;padding:28px 24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.06);text-align:center}
h1{font-size:20px;margin:0 0 12px}.msg{margin:0 0 16px;color:#4e5969}
.qr{width:200px;height:200px;margin:0 auto 12px}.qr svg{width:100%;height:100%}
.hint{font-size:14px;color:#86909c;margin:0 0 8px}.link{font-size:13px;color:#4e5969;word-break:break-all;background:#f7f8fa;border-radius:6px;padding:8px;margin:0}
.btn{display:inline-block;padding:10px 28px;border-radius:6px;background:#07c160;color:#fff;text-decoration:none}
@media (max-width:520px){main{margin:0;min-height:100vh;border-radius:0;box-shadow:none;padding:32px 20px}}
</style></head><body><main><h1>${escapeHtml(page.title)}</h1><p class="msg">${escapeHtml(page.message)}</p>${qr}${retry}</main></body></html>`;
}

function sendNotice(reply: FastifyReply, page: NoticePage, status = 200): FastifyReply {
  const nonce = newNonce();
  return setPageSecurityHeaders(reply, "answer", nonce)
    .status(status)
    .header("Cache-Control", "no-store")
    .type("text/html; charset=utf-8")
    .send(noticeHtml(page, nonce));
}

/**
 * What /r/{id} does first for a questionnaire that needs WeChat: a reply (a redirect to WeChat, or the
 * open-in-WeChat page) or null when the form may be shown. Nothing happens without the 公众号 configured.
 */
export async function wechatAnswerGate(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  publicId: string,
  started: boolean,
): Promise<FastifyReply | null> {
  const app = ctx.config.wechat.officialAccount;
  if (!app) return null;
  const row = await findByPublicId(ctx.db, publicId);
  const settings = readSettings(row.settings);
  let needs = wechatNeeds(ctx.config, settings);
  if (!needs.any && paysRedPacketsToWeChat(ctx.config))
    needs = wechatNeeds(ctx.config, settings, await hasActiveRedPacket(ctx, row.id));
  if (!needs.any) return null;
  const origin = siteOrigin(request, ctx.config);
  const returnTo = `/r/${publicId}${started ? "?start=1" : ""}`;
  if (!isWeChatBrowser(request.headers["user-agent"])) {
    if (!needs.required) return null;
    const link = `${origin}/r/${publicId}`;
    const svg = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    return sendNotice(reply, {
      title: "请在微信中打开",
      message: messages.answerWechatOnly,
      qr: { svg, link },
    });
  }
  const identity = wechatIdentityOfRequest(ctx.config, request.headers.cookie, ctx.clock.now());
  // Known, and with the nickname when it is wanted: the form. (A silent identity asks again, with consent.)
  if (identity && (!needs.profile || identity.nickname)) return null;
  // Declined to share the nickname where WeChat is not required: answered without it.
  if (!needs.required && (request.query as { wx?: unknown }).wx === DECLINED) return null;
  if (!origin) return null;
  const nonce = ensureBrowserNonce(request, reply);
  const state = await issueState(ctx, nonce, { purpose: "answer", app: "oa", returnTo });
  const url = authorizeUrl(ctx.config.wechat, app, {
    redirectUri: `${origin}${ANSWER_CALLBACK}`,
    state,
    scope: needs.profile ? "snsapi_userinfo" : "snsapi_base",
  });
  return reply.header("Cache-Control", "no-store").redirect(url, 302);
}

async function hasActiveRedPacket(ctx: AppContext, questionnaireId: number): Promise<boolean> {
  const packet = await ctx.db
    .selectFrom("red_packets")
    .select("id")
    .where("questionnaireId", "=", questionnaireId)
    .where("status", "=", "active")
    .limit(1)
    .executeTakeFirst();
  return packet !== undefined;
}

/** Whether the questionnaire at `returnTo` (/r/{id}) can be answered without a WeChat identity. */
async function optionalFor(ctx: AppContext, returnTo: string): Promise<boolean> {
  const publicId = /^\/r\/([0-9A-Za-z]{6,16})(?:\?|$)/.exec(returnTo)?.[1];
  if (!publicId) return false;
  try {
    const row = await findByPublicId(ctx.db, publicId);
    return !wechatNeeds(ctx.config, readSettings(row.settings)).required;
  } catch {
    return false;
  }
}

/** The authorisation's way back: the state checked (this browser's, once), the code exchanged, the cookie set. */
export function registerWeChatAnswerPages(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { code?: string; state?: string } }>(ANSWER_CALLBACK, async (request, reply) => {
    const oa = ctx.config.wechat.officialAccount;
    if (!oa) return sendNotice(reply, { title: "微信授权", message: messages.wechatNotConfigured }, 404);
    const { code, state } = request.query;
    let returnTo: string;
    try {
      const row = await consumeState(ctx, state, browserNonceOf(request.headers.cookie), ["answer"]);
      returnTo = safeReturnPath(row.returnTo, "/");
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return sendNotice(reply, { title: "微信授权已失效", message: messages.answerWechatRequired }, 400);
    }
    // Refused (WeChat comes back without a code): only the nickname was wanted, the form without it; else say
    // why the questionnaire cannot be answered.
    if (typeof code !== "string" || code === "" || code.length > 128) {
      if (await optionalFor(ctx, returnTo)) {
        const back = `${returnTo}${returnTo.includes("?") ? "&" : "?"}wx=${DECLINED}`;
        return reply.header("Cache-Control", "no-store").redirect(back, 302);
      }
      return sendNotice(reply, {
        title: "未完成微信授权",
        message: messages.answerWechatDenied,
        retry: returnTo,
      });
    }
    const client = new WeChatOAuthClient(ctx.config.wechat);
    let identity: Awaited<ReturnType<WeChatOAuthClient["exchangeCode"]>>;
    let profile: WeChatProfile | null = null;
    try {
      identity = await client.exchangeCode(oa, code);
      if (identity.scope.includes("snsapi_userinfo")) profile = await client.profile(identity);
    } catch (error) {
      // The reason without the code or the openid (the client's messages name neither).
      request.log.warn({ reason: (error as Error).message }, "wechat answer authorisation failed");
      return sendNotice(
        reply,
        { title: "微信授权失败", message: messages.wechatAuthFailed, retry: returnTo },
        502,
      );
    }
    const cookie = identityCookieHeader(ctx.config, {
      appId: oa.appId,
      openid: identity.openid,
      unionid: profile?.unionid ?? identity.unionid,
      // Agreed to share: a name, even when WeChat sends none (so the page does not ask again).
      nickname: profile ? profile.nickname || "微信用户" : "",
      avatarUrl: profile?.avatarUrl ?? "",
      at: ctx.clock.now().getTime(),
    });
    return reply.header("Set-Cookie", cookie).header("Cache-Control", "no-store").redirect(returnTo, 302);
  });
}
