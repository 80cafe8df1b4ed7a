import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishNew } from "../../test/answering.ts";
import { buildUser } from "../../test/factories.ts";
import { createTestContext, type TestContext } from "../../test/helpers.ts";

let t: TestContext;
let publicId: string;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-csp-dist-"));
beforeAll(async () => {
  // A stand-in build, so the pages are served from templates with the app's module script in them.
  const html = (entry: string) =>
    `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><meta name="description" content="" /><title>问卷管家</title><script type="module" crossorigin src="/assets/${entry}.js"></script></head><body><div id="root"></div></body></html>`;
  fs.writeFileSync(path.join(webDist, "index.html"), html("index-x1"));
  fs.writeFileSync(path.join(webDist, "answer.html"), html("answer-x1"));
  t = await createTestContext({ WEB_DIST: webDist });
  const owner = await buildUser(t);
  publicId = (await publishNew(t, owner, { title: "</script><script>alert(1)</script>" })).publicId;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: "GET", url });

function policyOf(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers["content-security-policy"] ?? "");
  return new Map(
    header.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

/** The strict parts every HTML page shares, and the nonce it carries. */
function expectStrictPage(res: LightMyRequestResponse): string {
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  const policy = policyOf(res);
  const scripts = policy.get("script-src") ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(scripts)?.[1] ?? "";
  expect(scripts).toBe(`'self' 'nonce-${nonce}'`);
  expect(policy.get("default-src")).toBe("'self'");
  expect(policy.get("object-src")).toBe("'none'");
  expect(policy.get("base-uri")).toBe("'self'");
  expect(policy.get("img-src")).toBe("'self' data: blob: https:");
  expect(policy.get("connect-src")).toBe("'self'");
  expect(policy.get("worker-src")).toBe("'self' blob:");
  // The camera: off everywhere but the respondent page, which may use it itself (摄像头监考).
  expect(res.headers["permissions-policy"]).toMatch(/(^|, )camera=\((self)?\)(,|$)/);
  expect(res.headers["permissions-policy"]).toContain("microphone=()");
  expect(res.headers["permissions-policy"]).toContain("geolocation=()");
  expect(res.headers["permissions-policy"]).toContain("payment=()");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // Every script element of the page carries this response's nonce, and nothing else does.
  const scriptTags = res.body.match(/<script\b[^>]*>/g) ?? [];
  expect(scriptTags.length).toBeGreaterThan(0);
  for (const tag of scriptTags) expect(tag).toContain(` nonce="${nonce}"`);
  expect(res.body.split("nonce=").length - 1).toBe(scriptTags.length);
  return nonce;
}

describe("security headers on every HTML page", () => {
  it("the respondent page: strict scripts, a fresh nonce each time, frameable for the embed code", async () => {
    const first = await get(`/r/${publicId}`);
    expect(first.statusCode).toBe(200);
    const nonce = expectStrictPage(first);
    expect(policyOf(first).get("frame-ancestors")).toBe("*");
    expect(first.headers["x-frame-options"]).toBeUndefined();
    expect(first.headers["permissions-policy"]).toContain("camera=(self)");
    // The hostile title stays text: it neither closes the data script nor receives the nonce.
    expect(first.body).not.toContain("<script>alert(1)");
    const second = await get(`/r/${publicId}`);
    expect(expectStrictPage(second)).not.toBe(nonce);
    const missing = await get("/r/NoSuchLink1");
    expect(missing.statusCode).toBe(404);
    expectStrictPage(missing);
  });

  it("the owner's preview may be framed only by the site itself", async () => {
    const res = await get(`/y/${publicId}/phone`);
    expectStrictPage(res);
    expect(policyOf(res).get("frame-ancestors")).toBe("'self'");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["permissions-policy"]).toContain("camera=()");
  });

  it("the server-rendered public site", async () => {
    const res = await get("/website/home");
    expect(res.statusCode).toBe(200);
    expectStrictPage(res);
    expect(policyOf(res).get("frame-ancestors")).toBe("'self'");
  });

  it("the logged-in app's shell is never framed", async () => {
    for (const url of ["/dc/index", "/Loginone", "/dc/dcDesign?id=1"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expectStrictPage(res);
      expect(policyOf(res).get("frame-ancestors")).toBe("'none'");
      expect(res.headers["x-frame-options"]).toBe("DENY");
    }
  });

  it("HTML served as a file gets the strict policy too; JSON carries the usual headers", async () => {
    const file = await get("/index.html");
    expect(policyOf(file).get("script-src")).toMatch(/^'self' 'nonce-/);
    expect(policyOf(file).get("frame-ancestors")).toBe("'none'");
    const api = await get("/wjgj/api/user/getUserInfo");
    expect(api.headers["content-security-policy"]).toBeUndefined();
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
    expect(api.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});
