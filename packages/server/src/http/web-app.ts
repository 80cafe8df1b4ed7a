import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { fail, messages, ResultCode, wwwRedirectHost } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { isApiPath } from "./error-handler.ts";
import { newNonce, nonceTemplate, setPageSecurityHeaders, withNonce } from "./security-headers.ts";
import { preloadsFor, shellPreloads, withPreloads } from "./shell-preloads.ts";

const SHELL_MISSING = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>问卷管家</title>
<p>前端尚未构建。请在仓库根目录运行 <code>npm start</code>（会先构建前端），或运行 <code>npm run build</code>。</p></html>`;

/**
 * Serves the built web app: hashed assets cached for a year, every other non-API GET answered with
 * index.html so the browser router can take over (SPA fallback). Unknown API paths get a 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = path.join(config.webDist, "index.html");
  const hasBuild = fs.existsSync(indexFile);
  // Read once: each response carries its own nonce, so the shell is sent as text rather than as the file.
  const template = hasBuild ? fs.readFileSync(indexFile, "utf8") : SHELL_MISSING;
  const preloads = shellPreloads(config.webDist, template);
  // The shell for each set of preloaded layouts (shell-preloads.ts), by the set's tags.
  const shells = new Map(
    [preloads.console, preloads.admin, ""].map((tags) => [tags, nonceTemplate(withPreloads(template, tags))]),
  );
  // 微信扫码登录 shows WeChat's QR page in a frame on /Loginone (issue #39).
  const frameSources = config.wechat.website ? [new URL(config.wechat.openBase).origin] : [];

  if (config.wwwRedirect) {
    app.addHook("onRequest", async (request, reply) => {
      if (request.method !== "GET" || isApiPath(request.url)) return;
      const target = wwwRedirectHost(request.hostname);
      if (target) return reply.redirect(`${request.protocol}://${target}${request.url}`, 301);
    });
  }

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The server-side renderers are built into dist/server, the build manifest they read into dist/.vite;
      // neither is for browsers.
      allowedPath: (pathName) => !pathName.startsWith("/server/") && !pathName.startsWith("/.vite/"),
      // The web build writes a Brotli and a gzip copy of each script and style sheet (packages/web/precompress.ts):
      // sent as they are, where compressing per request cost ~2.7 ms of CPU a file.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url.split("?")[0] ?? "")) {
      return reply.status(404).send(fail(ResultCode.notFound, messages.routeNotFound));
    }
    // Missing files (an asset of an older build, an upload) are 404s, not the app shell: a stale page
    // then fails visibly instead of rendering blank.
    const pathname = request.url.split("?")[0] ?? "";
    const isFile = /\.[a-z0-9]{1,8}$/i.test(pathname) || pathname.startsWith("/uploads/");
    if ((request.method !== "GET" && request.method !== "HEAD") || isFile) {
      return reply.status(404).send(fail(ResultCode.notFound, messages.notFound));
    }
    const nonce = newNonce();
    return setPageSecurityHeaders(reply, "app", nonce, frameSources)
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(withNonce(shells.get(preloadsFor(pathname, preloads)) ?? "", nonce));
  });
}
