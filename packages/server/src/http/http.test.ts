import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { buildUser } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { redactUrl } from "../app.ts";
import { nulCharacterPath } from "./route.ts";

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("the envelope and the central error handler", () => {
  it("accepts parameters as query string, form body or JSON body", async () => {
    t = await createTestContext();
    const asForm = await call(t.app, "POST", "user/sendCode", { params: { phone: "13911112222" } });
    const asJson = await call(t.app, "POST", "user/sendCode", { json: { phone: "13911112223" } });
    const asQuery = await t.app.inject({ method: "POST", url: "/wjgj/api/user/sendCode?phone=13911112224" });
    expect([asForm.body.code, asJson.body.code, asQuery.json().code]).toEqual([200, 200, 200]);
  });

  it("caps verification codes per client address per hour, at the configured number", async () => {
    t = await createTestContext({ SMS_PER_IP_PER_HOUR: "3" });
    const codes = [];
    for (const phone of ["13911113331", "13911113332", "13911113333", "13911113334"]) {
      codes.push((await call(t.app, "POST", "user/sendCode", { params: { phone } })).body);
    }
    expect(codes.map((c) => c.code)).toEqual([200, 200, 200, 429]);
    expect(codes[3]?.msg).toBe("当前网络获取验证码过于频繁，请1小时后再试");
    t.clock.advance(3601);
    const later = await call(t.app, "POST", "user/sendCode", { params: { phone: "13911113334" } });
    expect(later.body.code).toBe(200);
  });

  it("compresses large replies for clients that accept it, and leaves small ones alone", async () => {
    t = await createTestContext();
    const url = "/wjgj/api/common/getProvideCityAreaList";
    const plain = await t.app.inject({ method: "GET", url });
    const br = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
    const gzip = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const small = await t.app.inject({
      method: "GET",
      url: "/wjgj/api/nope/nothing",
      headers: { "accept-encoding": "br" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("answers an unknown API path with a 404 envelope", async () => {
    t = await createTestContext();
    const res = await t.app.inject({ method: "GET", url: "/wjgj/api/nope/nothing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: "接口不存在，请检查地址", data: null });
  });

  it("refuses a NUL character in any parameter, however deep, before the route runs (PostgreSQL cannot store it)", async () => {
    t = await createTestContext();
    const { token } = await buildUser(t, { nickName: "原来的名字" });
    const bad = [
      { nickName: "a\u0000b" },
      { nickName: "好名字", extra: { deep: [{ x: "\u0000" }] } },
      { nickName: "好名字", "k\u0000": 1 },
    ];
    for (const json of bad) {
      const res = await call(t.app, "POST", "user/updateUserInfo", { token, json });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 400, msg: "内容包含不可见的控制字符，请删除后重试" });
    }
    const query = await t.app.inject({
      method: "POST",
      url: "/wjgj/api/user/updateUserInfo?nickName=a%00b",
      headers: { token },
    });
    expect(query.json()).toMatchObject({ code: 400, msg: "内容包含不可见的控制字符，请删除后重试" });
    // A JSON body without NUL escapes leaves only the query to look at (json-body.ts): still refused there.
    const queryWithBody = await t.app.inject({
      method: "POST",
      url: "/wjgj/api/user/updateUserInfo?extra=a%00b",
      headers: { token, "content-type": "application/json" },
      payload: JSON.stringify({ nickName: "好名字" }),
    });
    expect(queryWithBody.json()).toMatchObject({ code: 400, msg: "内容包含不可见的控制字符，请删除后重试" });
    const info = await call<{ nickName: string }>(t.app, "GET", "user/getUserInfo", { token });
    expect(info.body.data.nickName).toBe("原来的名字");
    // The text \u0000 itself (an escaped backslash, no NUL) is an ordinary name.
    const literal = await call(t.app, "POST", "user/updateUserInfo", {
      token,
      json: { nickName: "a\\u0000b" },
    });
    expect(literal.body).toMatchObject({ code: 200 });
    const renamed = await call<{ nickName: string }>(t.app, "GET", "user/getUserInfo", { token });
    expect(renamed.body.data.nickName).toBe("a\\u0000b");
  });

  it("names where the NUL character is: the dotted path of the value, or the key that holds it", () => {
    expect(nulCharacterPath({ nickName: "好", extra: { deep: [{ x: "ok" }, { y: "a\u0000" }] } })).toBe(
      "extra.deep.1.y",
    );
    expect(nulCharacterPath({ a: { "k\u0000": 1 } })).toBe("a.k\u0000");
    expect(nulCharacterPath({ top: "\u0000" })).toBe("top");
    expect(nulCharacterPath({ a: [1, "两个", { b: null }], c: Buffer.from([0]) })).toBeNull();
    // Deeper than the first look recurses: the walk decides, either way.
    const nested = (depth: number, leaf: string): Record<string, unknown> =>
      depth === 0 ? { leaf } : { n: nested(depth - 1, leaf) };
    expect(nulCharacterPath(nested(40, "a\u0000"))).toBe(`${"n.".repeat(40)}leaf`);
    expect(nulCharacterPath(nested(40, "fine"))).toBeNull();
  });

  it("hides the internals of a crash behind a Chinese 500", async () => {
    t = await createTestContext({}, (app) => {
      app.get("/wjgj/api/test/boom", async () => {
        throw new Error("secret table users_private exploded");
      });
    });
    const res = await t.app.inject({ method: "GET", url: "/wjgj/api/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: "服务器开小差了，请稍后再试", data: null });
    expect(res.body).not.toContain("secret");
  });

  it("sets safe headers on every answer", async () => {
    t = await createTestContext();
    const res = await t.app.inject({ method: "GET", url: "/wjgj/api/navigation/getFooterInfo" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-type"]).toContain("application/json");
  });
});

describe("serving the web app", () => {
  function webBuild(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-web-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(
      path.join(dir, "index.html"),
      "<!doctype html><title>问卷管家</title><div id=root></div>",
    );
    fs.writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log(1)");
    fs.mkdirSync(path.join(dir, "server"));
    fs.writeFileSync(path.join(dir, "server", "answer-ssr.js"), "export {}");
    return dir;
  }

  it("answers any page route with index.html and caches hashed assets for a year", async () => {
    t = await createTestContext({ WEB_DIST: webBuild() });
    // /r/{id} and /y/{id}/{type} are rendered by answer-pages.ts (tested there), not by the SPA fallback.
    for (const url of ["/", "/website/home", "/dc/dclist?token=abc", "/dc/creatDc"]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain("<div id=root>");
      expect(page.headers["cache-control"]).toBe("no-cache");
    }
    expect((await t.app.inject({ method: "GET", url: "/server/answer-ssr.js" })).statusCode).toBe(404);
    const stale = await t.app.inject({ method: "GET", url: "/assets/app-old999.js" });
    expect(stale.statusCode).toBe(404);
    const asset = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("preloads the console's lazy layout for console pages, both layouts for the admin console, none elsewhere", async () => {
    const dir = webBuild();
    fs.writeFileSync(
      path.join(dir, "index.html"),
      '<!doctype html><head><script type="module" src="/assets/index-e1.js"></script>' +
        '<link rel="modulepreload" href="/assets/shared-s1.js"></head><div id=root></div>',
    );
    fs.mkdirSync(path.join(dir, ".vite"));
    const manifest = {
      "index.html": { file: "assets/index-e1.js", isEntry: true, imports: ["_shared-s1.js"] },
      "_shared-s1.js": { file: "assets/shared-s1.js" },
      "_avatar-a1.js": { file: "assets/avatar-a1.js", imports: ["_shared-s1.js"] },
      "src/layouts/console-layout/index.tsx": {
        file: "assets/console-layout-c1.js",
        isDynamicEntry: true,
        imports: ["_shared-s1.js", "index.html", "_avatar-a1.js"],
        css: ["assets/console-layout-c1.css"],
      },
      "src/layouts/admin-layout/index.tsx": {
        file: "assets/admin-layout-d1.js",
        isDynamicEntry: true,
        imports: ["index.html"],
        css: ["assets/admin-layout-d1.css"],
      },
    };
    fs.writeFileSync(path.join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
    const context = await createTestContext({ WEB_DIST: dir });
    t = context;
    const head = async (url: string) => {
      const page = await context.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      return page.body.slice(0, page.body.indexOf("</head>"));
    };
    const preloaded = (html: string) =>
      [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    const sheets = (html: string) =>
      [...html.matchAll(/rel="stylesheet" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    // The layout, and what it imports that the shell does not name already (the shell's own chunks are left out).
    for (const url of ["/dc/dclist", "/DC/result?id=1"]) {
      const console = await head(url);
      expect(preloaded(console), url).toEqual(["/assets/console-layout-c1.js", "/assets/avatar-a1.js"]);
      expect(sheets(console), url).toEqual(["/assets/console-layout-c1.css"]);
    }
    const admin = await head("/dw/users");
    expect(preloaded(admin)).toEqual([
      "/assets/console-layout-c1.js",
      "/assets/avatar-a1.js",
      "/assets/admin-layout-d1.js",
    ]);
    expect(sheets(admin)).toEqual(["/assets/console-layout-c1.css", "/assets/admin-layout-d1.css"]);
    // Standalone pages (login, receipts) and the shell of a site page name neither layout.
    for (const url of ["/Loginone", "/receipt/abc", "/dcx"]) {
      expect(preloaded(await head(url)), url).toEqual([]);
    }
  });

  it("sends the build's Brotli or gzip copy of an asset as it is, and the file itself to a client without", async () => {
    const dir = webBuild();
    const script = `console.log("${"问卷".repeat(800)}");`;
    fs.writeFileSync(path.join(dir, "assets", "big-def456.js"), script);
    // Marked copies, so the answer shows which file was sent (a compressor on the fly would make its own).
    const brotli = brotliCompressSync(`${script}//br`);
    fs.writeFileSync(path.join(dir, "assets", "big-def456.js.br"), brotli);
    fs.writeFileSync(path.join(dir, "assets", "big-def456.js.gz"), gzipSync(`${script}//gz`));
    t = await createTestContext({ WEB_DIST: dir });
    const url = "/assets/big-def456.js";
    const br = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.rawPayload.equals(brotli)).toBe(true);
    const gz = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${script}//gz`);
    const plain = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("redirects to the www host when WWW_REDIRECT is on, never for localhost or API calls", async () => {
    t = await createTestContext({ WEB_DIST: webBuild(), WWW_REDIRECT: "1" });
    const page = await t.app.inject({
      method: "GET",
      url: "/website/home?a=1",
      headers: { host: "wjgj.cn" },
    });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe("http://www.wjgj.cn/website/home?a=1");
    const local = await t.app.inject({
      method: "GET",
      url: "/website/home",
      headers: { host: "localhost:8080" },
    });
    expect(local.statusCode).toBe(200);
    const api = await t.app.inject({
      method: "GET",
      url: "/wjgj/api/navigation/getFooterInfo",
      headers: { host: "wjgj.cn" },
    });
    expect(api.statusCode).toBe(200);
  });

  it("does not redirect when WWW_REDIRECT is off", async () => {
    t = await createTestContext({ WEB_DIST: webBuild() });
    const page = await t.app.inject({ method: "GET", url: "/website/home", headers: { host: "wjgj.cn" } });
    expect(page.statusCode).toBe(200);
  });
});

describe("log redaction", () => {
  it("masks secrets that ride in a query string", () => {
    expect(redactUrl("/dc/dclist?token=abc&x=1")).toBe("/dc/dclist?token=[REDACTED]&x=1");
    expect(redactUrl("/wjgj/api/user/login?phone=139&password=p%40ss")).toBe(
      "/wjgj/api/user/login?phone=139&password=[REDACTED]",
    );
    expect(redactUrl("/a?requestParam=xyz.sig")).toBe("/a?requestParam=[REDACTED]");
    expect(redactUrl("/wjgj/api/exam/getCandidates?id=1&keyword=13800000001")).toBe(
      "/wjgj/api/exam/getCandidates?id=1&keyword=[REDACTED]",
    );
  });
});
