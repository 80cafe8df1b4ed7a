import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/helpers.ts";

/**
 * Issue #24 points 1 and 4: a body no parser can read, and a request Node's HTTP parser refuses before
 * any route runs, answer the `{ code, msg, data }` envelope with a Chinese message and a 4xx status, and
 * are logged as one client-error line without a stack.
 */
let t: TestContext;
const log: string[] = [];
let port: number;
beforeAll(async () => {
  t = await createTestContext({ LOG_LEVEL: "info" }, undefined, { write: (line) => log.push(line) });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

const CHINESE = /[\u4e00-\u9fa5]/;
const URL = "/wjgj/api/user/sendCode";

function logLinesSince(start: number): Array<{ level: number; msg: string; err?: unknown }> {
  return log.slice(start).map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
}

/** One raw HTTP exchange, bytes as given: the way to reach Node's own parser, which inject() bypasses. */
function rawRequest(bytes: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), body: rest.join("\r\n\r\n") });
    });
    // Not end(): a half-closed socket may be dropped before the answer is written. Every exchange here
    // ends with the server closing the connection (a refusal, or Connection: close).
    socket.write(bytes);
  });
}

describe("bodies no parser can read", () => {
  const multipartType = "multipart/form-data; boundary=XyZ";
  const cases: Array<[string, string, string]> = [
    ["multipart without a boundary", "multipart/form-data", "--XyZ\r\n"],
    [
      "multipart cut off in a field",
      multipartType,
      '--XyZ\r\nContent-Disposition: form-data; name="phone"\r\n\r\n139',
    ],
    [
      "multipart cut off in a file",
      multipartType,
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG',
    ],
    ["multipart that is no multipart", multipartType, "hello"],
    ["multipart with a JSON field that is not JSON", multipartType, jsonField()],
    ["invalid JSON", "application/json", '{"phone":'],
    ["empty JSON", "application/json", ""],
    ["JSON with a prototype key", "application/json", '{"__proto__":{"admin":true}}'],
  ];

  function jsonField(): string {
    return '--XyZ\r\nContent-Disposition: form-data; name="phone"\r\nContent-Type: application/json\r\n\r\n{oops\r\n--XyZ--\r\n';
  }

  it.each(cases)(
    "%s: HTTP 400, the envelope, one info line without a stack",
    async (_name, type, payload) => {
      const start = log.length;
      const res = await t.app.inject({
        method: "POST",
        url: URL,
        headers: { "content-type": type },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 400,
        msg: "请求内容格式错误，无法解析",
        data: { errors: [{ field: "body", message: "请求内容格式错误，无法解析" }] },
      });
      const lines = logLinesSince(start);
      const clientErrors = lines.filter((line) => line.msg.startsWith("client error"));
      expect(clientErrors).toHaveLength(1);
      expect(clientErrors[0]?.level).toBe(30);
      expect(lines.some((line) => line.level >= 50 || line.err !== undefined)).toBe(false);
      expect(log.slice(start).join("\n")).not.toMatch(/\n\s+at |unhandled error/);
    },
  );

  it("a content type no route reads: HTTP 415 with the envelope", async () => {
    for (const type of ["application/xml", "image/png", "nonsense"]) {
      const res = await t.app.inject({
        method: "POST",
        url: URL,
        headers: { "content-type": type },
        payload: "x",
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json(), type).toMatchObject({ code: 400, msg: "不支持的请求内容类型" });
    }
  });

  it("a Content-Length that does not match the body: HTTP 400 with the envelope", async () => {
    for (const length of ["1", "500"]) {
      const res = await t.app.inject({
        method: "POST",
        url: URL,
        headers: { "content-type": "application/json", "content-length": length },
        payload: '{"phone":"13900000000"}',
      });
      expect(res.statusCode, length).toBe(400);
      expect(res.json(), length).toMatchObject({ code: 400, msg: expect.stringMatching(CHINESE) });
    }
  });

  it("a path that is not valid percent-encoding: HTTP 400 with the envelope", async () => {
    const res = await t.app.inject({ method: "GET", url: "/wjgj/api/%zz/x" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: "请求地址格式错误，请检查地址" });
  });

  it("unknown routes and methods answer the 404 envelope", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const) {
      for (const url of ["/wjgj/api/nope/nothing", "/wjgj/api", `${URL}?a=1`]) {
        if (method === "POST" && url.startsWith(URL)) continue;
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json(), `${method} ${url}`).toEqual({
          code: 404,
          msg: "接口不存在，请检查地址",
          data: null,
        });
      }
    }
  });
});

describe("requests Node's HTTP parser refuses", () => {
  it("a URL over 16 KB: HTTP 431 with the envelope", async () => {
    const start = log.length;
    const res = await rawRequest(`GET ${URL}?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      code: 431,
      msg: "请求地址或请求头过长，请精简后重试",
      data: null,
    });
    expect(logLinesSince(start).map((line) => [line.level, line.msg.split(":")[0]])).toEqual([
      [30, "client error"],
    ]);
  });

  it("a body longer than its Content-Length (the rest is a broken next request): HTTP 400 with the envelope", async () => {
    const body = '{"phone":"13900000000"}';
    const res = await rawRequest(
      `POST ${URL} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n${body}`,
    );
    // The first request ({") is answered, then the parser meets garbage where a request line should be.
    expect(res.body).toContain('{"code":400,"msg":"请求格式错误，无法处理，请刷新页面后重试","data":null}');
    expect(res.body).not.toContain("Client Error");
  });

  it("methods no route takes, on the wire: the envelope, never the framework's own body", async () => {
    // (CONNECT is a proxy verb: Node closes such a connection without any answer, which leaks nothing.)
    for (const method of ["PROPFIND", "TRACE", "FOO"]) {
      const res = await rawRequest(
        `${method} ${URL} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status, method).toBeGreaterThanOrEqual(400);
      expect(res.status, method).toBeLessThan(500);
      expect(JSON.parse(res.body), method).toMatchObject({
        code: expect.any(Number),
        msg: expect.stringMatching(CHINESE),
        data: null,
      });
    }
  });

  it("a request line that is no HTTP: HTTP 400 with the envelope, and the server still answers", async () => {
    const res = await rawRequest("HELLO WORLD\r\n\r\n");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 400, msg: expect.stringMatching(CHINESE) });
    const after = await rawRequest(
      "GET /wjgj/api/navigation/getLogo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    expect(after.status).toBe(200);
  });
});
