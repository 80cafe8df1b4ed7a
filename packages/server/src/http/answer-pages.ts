import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { messages, shareFallbackDescription } from "@wjgj/core";
import type { AnswerPageData, AnswerPageInput, AnswerSsrModule } from "@wjgj/core/pages/answer";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { chinaDayStart, iso } from "../clock.ts";
import { findByPublicId, openQuestionnaire } from "../commands/answering/open.ts";
import { readLogo } from "../commands/site/settings.ts";
import type { AppContext } from "../context.ts";
import { NotFoundError } from "../errors.ts";
import { wechatIdentityOfRequest } from "../wechat/identity-cookie.ts";
import { registerCampaignPages } from "./campaign-pages.ts";
import { answerDetour, registerNoticePages } from "./notice-pages.ts";
import {
  escapeHtml,
  inlineJson,
  MINIMAL_TEMPLATE,
  type PageMeta,
  PUBLIC_ID,
  plain,
  type ShareMeta,
  SITE,
  siteOrigin,
} from "./page-html.ts";
import { newNonce, nonceTemplate, setPageSecurityHeaders, withNonce } from "./security-headers.ts";
import { registerWeChatAnswerPages, wechatAnswerGate } from "./wechat-answer-pages.ts";

const DEVICE_COOKIE = "wjgj_did";
/** How long the site's logo (a share card's last fallback) is kept between reads. */
const LOGO_TTL_MS = 60_000;
const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Without JavaScript the form cannot be answered (its buttons are script-driven, and a plain POST would
 * bypass the answer token and the logic engine's checks). So a browser with scripts off is told so at the
 * top, and every button is shown disabled instead of silently doing nothing.
 */
export const NOSCRIPT_NOTICE =
  "本问卷需要启用 JavaScript 才能作答和提交。请在浏览器设置中开启 JavaScript 后刷新本页。";
const NOSCRIPT_HEAD =
  "<noscript><style>.wa-noscript{box-sizing:border-box;margin:0 auto 12px;max-width:720px;padding:12px 16px;" +
  "background:#fff7e6;border:1px solid #ffd591;border-radius:8px;color:#ad4e00;font-size:15px;line-height:1.6}" +
  "@media (max-width:600px){.wa-noscript{margin:0;border-width:0 0 1px;border-radius:0}}" +
  "#root .wa-btn{opacity:.45;cursor:not-allowed;pointer-events:none}</style></noscript>";
const NOSCRIPT_BODY = `<noscript><p class="wa-noscript" role="alert">${NOSCRIPT_NOTICE}</p></noscript>`;

/** The page around the rendered markup; replacements go through functions so `$&` in content stays literal. */
export function fillTemplate(
  template: string,
  page: {
    title: string;
    description: string;
    body: string;
    data: AnswerPageData;
    nonce?: string;
    /** A form is shown: tell visitors without JavaScript that it needs it. */
    needsScript?: boolean;
    /** Absolute address of a page meant for search engines (/hd): canonical and sharing tags. */
    canonical?: string;
    /** Script chunks the page loads before it hydrates (its less common inputs): fetched with the page. */
    preloads?: readonly string[];
    /** 分享设置: the card a link preview (WeChat's and others') shows, as og: tags (absolute addresses). */
    share?: ShareMeta;
  },
): string {
  const nonce = page.nonce ? ` nonce="${page.nonce}"` : "";
  const seo = page.canonical
    ? [
        `<link rel="canonical" href="${escapeHtml(page.canonical)}" />`,
        `<meta property="og:type" content="website" />`,
        `<meta property="og:url" content="${escapeHtml(page.canonical)}" />`,
        `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
        `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
      ].join("")
    : "";
  // A page with its own canonical sharing tags (/hd) keeps those.
  const card =
    page.share && !page.canonical
      ? [
          `<meta property="og:type" content="website" />`,
          `<meta property="og:url" content="${escapeHtml(page.share.url)}" />`,
          `<meta property="og:site_name" content="${SITE}" />`,
          `<meta property="og:title" content="${escapeHtml(page.share.title)}" />`,
          `<meta property="og:description" content="${escapeHtml(page.share.description)}" />`,
          page.share.image ? `<meta property="og:image" content="${escapeHtml(page.share.image)}" />` : "",
        ].join("")
      : "";
  const script = `<script id="__ANSWER_DATA__" type="application/json"${nonce}>${inlineJson(page.data)}</script>`;
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace(
      "</head>",
      () =>
        `${seo}${card}${(page.preloads ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`).join("")}${page.needsScript ? NOSCRIPT_HEAD : ""}</head>`,
    )
    .replace(
      '<div id="root"></div>',
      () => `${page.needsScript ? NOSCRIPT_BODY : ""}<div id="root">${page.body}</div>${script}`,
    );
}

/**
 * The page's own stylesheets, inlined into the template: on a phone over a slow network a render-blocking
 * request would cost a round trip before anything shows. They are small (about 4 kB gzipped) and a
 * respondent loads the page about once, so caching them apart would buy little.
 */
export function inlineStylesheets(template: string, webDist: string): string {
  return template.replace(
    /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/(assets\/[\w.-]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const css = path.join(webDist, file);
      return fs.existsSync(css) ? `<style>${fs.readFileSync(css, "utf8")}</style>` : tag;
    },
  );
}

function chinaToday(now: Date): string {
  return iso(new Date(chinaDayStart(now).getTime() + 8 * 3600 * 1000)).slice(0, 10);
}

function deviceIdOf(request: FastifyRequest): { id: string; fresh: boolean } {
  const match = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([^;]+)`).exec(request.headers.cookie ?? "");
  const id = match?.[1];
  if (id && DEVICE_ID.test(id)) return { id, fresh: false };
  return { id: randomBytes(16).toString("base64url"), fresh: true };
}

type Renderer = AnswerSsrModule | null;

/** The respondent page's build manifest under the web build (packages/web/vite.config.ts writes it there). */
export const ANSWER_MANIFEST = ".vite/answer-manifest.json";

/** The key under which `fieldGroupChunks` also gives the logic engine's chunks. */
export const ENGINE_CHUNKS = "~engine";
const ENGINE_MODULE = "src/answer/lib/engine.ts";

/**
 * The chunks of each input group of the respondent page (src/answer/components/fields/*-group.ts), from the
 * page's build manifest: the group's own chunk and the chunks it imports that the page's entry does not
 * load already. Empty without a build. Looked up by the group names the renderer gives for a page; the logic
 * engine's chunks under ENGINE_CHUNKS (a page that answers preloads them: the browser evaluates the engine
 * only after hydrating, and should not have to fetch it then).
 */
export function fieldGroupChunks(webDist: string): Map<string, string[]> {
  const file = path.join(webDist, ANSWER_MANIFEST);
  const groups = new Map<string, string[]>();
  if (!fs.existsSync(file)) return groups;
  type Chunk = { file: string; imports?: string[] };
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, Chunk>;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = closure("answer.html");
  const files = (key: string) =>
    [...closure(key)].filter((chunk) => !entry.has(chunk)).map((chunk) => `/${manifest[chunk]?.file}`);
  for (const [key, chunk] of Object.entries(manifest)) {
    // A group is a chunk of its own: its file is `assets/<group>-group-<hash>.js`.
    const group = /^assets\/(\w+)-group-[\w-]+\.js$/.exec(chunk.file)?.[1];
    if (group) groups.set(group, files(key));
  }
  if (manifest[ENGINE_MODULE]) groups.set(ENGINE_CHUNKS, files(ENGINE_MODULE));
  return groups;
}

/**
 * The renderer built by `npm run build -w @wjgj/web` (dist/server/answer-ssr.js); without a build, the
 * source module (vitest compiles its TSX). Should neither be usable, pages still carry their data and title.
 */
async function loadRenderer(app: FastifyInstance, webDist: string): Promise<Renderer> {
  const built = path.join(webDist, "server", "answer-ssr.js");
  const source = new URL("../../../web/src/answer/ssr.tsx", import.meta.url).href;
  const specifier = fs.existsSync(built) ? pathToFileURL(built).href : source;
  try {
    return (await import(/* @vite-ignore */ specifier)) as AnswerSsrModule;
  } catch (error) {
    app.log.warn({ err: error, specifier }, "answer page renderer unavailable; pages carry their data only");
    return null;
  }
}

/**
 * The respondent pages, rendered on the server so they are readable before any script runs:
 * GET /r/{publicId} (answering) and /y/{publicId}/{pc|phone} (the owner's preview, fetched by the browser
 * because the token lives in local storage). Registered before the SPA fallback.
 */
export async function registerAnswerPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const templateFile = path.join(ctx.config.webDist, "answer.html");
  const template = nonceTemplate(
    fs.existsSync(templateFile)
      ? inlineStylesheets(fs.readFileSync(templateFile, "utf8"), ctx.config.webDist)
      : MINIMAL_TEMPLATE,
  );
  let renderer: Promise<Renderer> | null = null;
  const fieldChunks = fieldGroupChunks(ctx.config.webDist);

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: AnswerPageInput,
    meta: PageMeta,
  ) => {
    renderer ??= loadRenderer(app, ctx.config.webDist);
    const module = await renderer;
    let data: AnswerPageData = input.page === "answer" ? { ...input, initial: null } : input;
    let body = "";
    let preloads: string[] = [];
    try {
      if (module) {
        data = module.prepareAnswerPage(input);
        body = module.renderAnswerPage(data).html;
        const groups = [...(module.fieldGroupsOfPage?.(data) ?? [])];
        if (data.page === "preview" || (data.page === "answer" && data.open.state === "open"))
          groups.push(ENGINE_CHUNKS);
        preloads = [...new Set(groups.flatMap((group) => fieldChunks.get(group) ?? []))];
      }
    } catch (error) {
      request.log.error({ err: error }, "answer page rendering failed; the browser renders instead");
    }
    if ("deviceId" in input && deviceIdOf(request).fresh) {
      reply.header(
        "Set-Cookie",
        `${DEVICE_COOKIE}=${input.deviceId}; Path=/; Max-Age=63072000; SameSite=Lax`,
      );
    }
    const needsScript = input.page === "preview" || (input.page === "answer" && input.open.state === "open");
    const nonce = newNonce();
    return setPageSecurityHeaders(reply, input.page === "preview" ? "preview" : "answer", nonce)
      .status(meta.status)
      .header("Cache-Control", "no-store")
      .type("text/html; charset=utf-8")
      .send(fillTemplate(withNonce(template, nonce), { ...meta, body, data, nonce, needsScript, preloads }));
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    send(
      request,
      reply,
      { page: "notFound", message: messages.answerNotFound },
      { title: `问卷不存在 - ${SITE}`, description: messages.answerNotFound, status: 404 },
    );

  app.get<{ Params: { publicId: string }; Querystring: { start?: string } }>(
    "/r/:publicId",
    async (request, reply) => {
      const { publicId } = request.params;
      if (!PUBLIC_ID.test(publicId)) return notFound(request, reply);
      let open: Awaited<ReturnType<typeof openQuestionnaire>>;
      // Read (or made up) once: the paper drawn for it and the cookie set for it must name the same device.
      const device = deviceIdOf(request);
      try {
        open = await openQuestionnaire(ctx, null, {
          publicId,
          deviceId: device.id,
          ip: request.ip,
          wechat: wechatIdentityOfRequest(ctx.config, request.headers.cookie, ctx.clock.now()),
        });
      } catch (error) {
        if (error instanceof NotFoundError) return notFound(request, reply);
        throw error;
      }
      const detour = answerDetour(open, request.query.start === "1");
      if (detour) return reply.header("Cache-Control", "no-store").redirect(detour, 302);
      // 仅限微信作答 and the rest (issue #39): through WeChat's authorisation first, or told to open it in WeChat.
      const wechat = await wechatAnswerGate(ctx, request, reply, publicId, request.query.start === "1");
      if (wechat) return wechat;
      return sendAnswer(request, reply, open, device.id);
    },
  );

  const sendAnswer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    open: Awaited<ReturnType<typeof openQuestionnaire>>,
    deviceId: string,
  ) => {
    const title = plain(open.title, 80) || SITE;
    const pageDescription = shareFallbackDescription(
      open.definition?.description ?? "",
      open.title,
      open.stateMessage,
    );
    const share = await shareCardOf(request, open, { title, description: pageDescription });
    return send(
      request,
      reply,
      {
        page: "answer",
        open,
        today: chinaToday(ctx.clock.now()),
        deviceId,
        // Without a 公众号 the page inside WeChat leaves the JS-SDK alone (no chunk, no refused wechat/jsConfig).
        ...(ctx.config.wechat.officialAccount ? { wechatShare: true } : {}),
      },
      { title, description: pageDescription, status: 200, share },
    );
  };

  // The site's logo, the last fallback of a share card: read at most once a minute, not on every respondent's view.
  let logo: { value: Promise<string>; readAt: number } | null = null;
  const siteLogo = () => {
    if (!logo || performance.now() - logo.readAt > LOGO_TTL_MS)
      logo = { value: readLogo(ctx.db).then((site) => site.logo), readAt: performance.now() };
    const read = logo.value;
    // A failed read is not kept: the next view reads again.
    read.catch(() => {
      if (logo?.value === read) logo = null;
    });
    return read;
  };

  /**
   * 分享设置 with their fallbacks: the questionnaire's title and description, its 页眉图片, the site's logo;
   * addresses made absolute (a link preview fetches the picture from elsewhere).
   */
  const shareCardOf = async (
    request: FastifyRequest,
    open: Awaited<ReturnType<typeof openQuestionnaire>>,
    page: { title: string; description: string },
  ): Promise<ShareMeta> => {
    const origin = siteOrigin(request, ctx.config);
    const card = open.settings.share;
    const picture = card?.image || open.settings.headerImage || (await siteLogo());
    const absolute = (address: string) =>
      address.startsWith("/") && origin ? `${origin}${address}` : address;
    return {
      url: absolute(`/r/${open.publicId}`),
      title: card?.title || page.title,
      description: card?.description || page.description,
      image: /^(https?:\/\/|\/)/.test(picture) ? absolute(picture) : "",
    };
  };

  registerNoticePages(app, ctx, { send, notFound });
  registerWeChatAnswerPages(app, ctx);
  registerCampaignPages(app, ctx, { send, notFound });

  app.get<{ Params: { publicId: string; type: string } }>("/y/:publicId/:type", async (request, reply) => {
    const { publicId, type } = request.params;
    if (!PUBLIC_ID.test(publicId) || (type !== "pc" && type !== "phone")) return notFound(request, reply);
    try {
      await findByPublicId(ctx.db, publicId);
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(request, reply);
      throw error;
    }
    return send(
      request,
      reply,
      {
        page: "preview",
        publicId,
        frame: type,
        today: chinaToday(ctx.clock.now()),
        deviceId: deviceIdOf(request).id,
      },
      { title: `问卷预览 - ${SITE}`, description: "问卷预览：提交的答卷不计入统计", status: 200 },
    );
  });
}
