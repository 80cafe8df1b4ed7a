import http from "node:http";
import net, { type AddressInfo } from "node:net";
import tls from "node:tls";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Lookup, OutboundClient, type OutboundClientOptions } from "./outbound-client.ts";

interface Hit {
  path: string;
  method: string;
  host: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  port: number;
  hits: Hit[];
  close(): Promise<void>;
}

/** A local webhook receiver on 127.0.0.1 whose paths each answer in one of the ways a real one might. */
async function startReceiver(): Promise<Receiver> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      hits.push({
        path,
        method: req.method ?? "",
        host: req.headers.host,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (path === "/ok") res.writeHead(200, { "x-receiver": "yes" }).end("收到 ok");
      else if (path === "/chinese") res.writeHead(200).end("中".repeat(1000));
      else if (path === "/teapot") res.writeHead(418).end("no");
      else if (path === "/redirect-private") res.writeHead(302, { location: "http://10.0.0.1/" }).end();
      else if (path === "/redirect-self") res.writeHead(302, { location: "/ok" }).end();
      else if (path === "/slow")
        return; // never answers; closeAllConnections ends it
      else if (path === "/slow-body") res.writeHead(200).write("partial");
      else if (path === "/huge") {
        res.writeHead(200);
        for (let i = 0; i < 16; i++) res.write(Buffer.alloc(64 * 1024, 97));
        res.end();
      } else if (path === "/huge-declared") res.writeHead(200).end(Buffer.alloc(1024 * 1024, 97));
      else if (path === "/close") req.socket.destroy();
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A lookup answering the n-th call with the n-th list (the last list repeats), counting the calls. */
function scriptedLookup(...answers: string[][]): { lookup: Lookup; calls: string[] } {
  const calls: string[] = [];
  const lookup: Lookup = async (hostname) => {
    calls.push(hostname);
    const list = answers[Math.min(calls.length, answers.length) - 1] ?? [];
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { lookup, calls };
}

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const client = (options: OutboundClientOptions = {}) =>
  new OutboundClient({
    allowAddresses: [`127.0.0.1:${receiver.port}`],
    connectTimeoutMs: 500,
    timeoutMs: 2000,
    ...options,
  });
const hitsTo = (path: string) => receiver.hits.filter((hit) => hit.path === path).length;

describe("OutboundClient: answers", () => {
  it("delivers the body and reports status, headers, excerpt, latency and address", async () => {
    const { lookup, calls } = scriptedLookup(["127.0.0.1"]);
    const result = await client({ lookup }).request({
      url: `http://hooks.example.test:${receiver.port}/ok`,
      headers: { "content-type": "application/json", "webhook-id": "msg_1", Host: "internal.example" },
      body: '{"event":"submitted"}',
    });
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      bodyExcerpt: "收到 ok",
      address: "127.0.0.1",
      headers: { "x-receiver": "yes" },
    });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(calls).toEqual(["hooks.example.test"]);
    const hit = receiver.hits.findLast((h) => h.path === "/ok");
    expect(hit).toMatchObject({ method: "POST", host: `hooks.example.test:${receiver.port}` });
    expect(hit?.body).toBe('{"event":"submitted"}');
    expect(hit?.headers["webhook-id"]).toBe("msg_1");
  });

  it("keeps the first 2 KiB as text without a character cut in half", async () => {
    const result = await client().request({
      url: `http://127.0.0.1:${receiver.port}/chinese`,
      method: "GET",
    });
    // 682 three-byte characters fit in 2048 bytes; the 683rd is cut and left out.
    expect(result).toMatchObject({ ok: true, bodyExcerpt: "中".repeat(682) });
  });

  it("an error status is an answer: ok with the status, for the caller to judge", async () => {
    const result = await client().request({ url: `http://127.0.0.1:${receiver.port}/teapot` });
    expect(result).toMatchObject({ ok: true, status: 418, bodyExcerpt: "no" });
  });

  it("never follows a redirect, even to itself; the Location host is named", async () => {
    const { lookup, calls } = scriptedLookup(["127.0.0.1"]);
    const before = receiver.hits.length;
    const result = await client({ lookup }).request({
      url: `http://hooks.example.test:${receiver.port}/redirect-private`,
    });
    expect(result).toMatchObject({ ok: false, reason: "redirect", status: 302 });
    expect(!result.ok && result.message).toBe("对方要求跳转到 10.0.0.1，出于安全原因不跟随跳转");
    expect(receiver.hits.length - before).toBe(1);
    expect(calls).toHaveLength(1);

    const okHits = hitsTo("/ok");
    const self = await client().request({ url: `http://127.0.0.1:${receiver.port}/redirect-self` });
    expect(self).toMatchObject({ ok: false, reason: "redirect" });
    expect(hitsTo("/ok")).toBe(okHits);
  });

  it("gives up on a receiver that does not answer, or does not finish, within the time limit", async () => {
    for (const path of ["/slow", "/slow-body"]) {
      const result = await client({ timeoutMs: 200 }).request({
        url: `http://127.0.0.1:${receiver.port}${path}`,
      });
      expect(result).toMatchObject({ ok: false, reason: "timeout", message: "对方响应超时" });
      expect(result.latencyMs).toBeGreaterThanOrEqual(150);
      expect(result.latencyMs).toBeLessThan(1500);
    }
  });

  it("stops reading a body over the cap, declared or streamed", async () => {
    for (const path of ["/huge", "/huge-declared"]) {
      const result = await client().request({ url: `http://127.0.0.1:${receiver.port}${path}` });
      expect(result).toMatchObject({
        ok: false,
        reason: "tooLarge",
        status: 200,
        message: "对方返回的内容过大",
      });
    }
  });

  it("reports a dropped connection as a network failure", async () => {
    const result = await client().request({ url: `http://127.0.0.1:${receiver.port}/close` });
    expect(result).toMatchObject({ ok: false, reason: "network", message: "连接被对方中断" });
  });

  it("returns, not throws, for headers Node refuses to send", async () => {
    const result = await client().request({
      url: `http://127.0.0.1:${receiver.port}/ok`,
      headers: { "x-bad": "a\r\nInjected: 1" },
    });
    expect(result).toMatchObject({ ok: false, reason: "network", message: "请求头格式不正确" });
  });
});

describe("OutboundClient: addresses", () => {
  it.each([
    ["http://127.0.0.1/", "privateAddress"],
    ["http://10.0.0.1/", "privateAddress"],
    ["http://169.254.169.254/latest/meta-data/", "privateAddress"],
    ["http://[::ffff:127.0.0.1]/", "privateAddress"],
    ["http://[::1]/", "privateAddress"],
    ["http://0.0.0.0/", "privateAddress"],
    ["http://100.64.0.1/", "privateAddress"],
    ["http://224.0.0.1/", "privateAddress"],
    ["http://[fe80::1]/", "privateAddress"],
    ["http://[fd00:ec2::254]/", "privateAddress"],
    ["http://2130706433/", "privateAddress"],
    ["http://0x7f.1/", "privateAddress"],
    ["ftp://example.com/", "schemeNotAllowed"],
    ["file:///etc/passwd", "schemeNotAllowed"],
    ["http://user:pw@example.com/", "credentialsInUrl"],
    ["http://example.com:8080/", "portNotAllowed"],
  ])("refuses %s (%s) without resolving or connecting", async (url, reason) => {
    const { lookup, calls } = scriptedLookup(["127.0.0.1"]);
    const result = await client({ lookup }).request({ url });
    expect(result).toMatchObject({ ok: false, reason });
    expect(calls).toEqual([]);
  });

  it("refuses a name when any of its addresses is private", async () => {
    for (const answers of [["10.1.2.3"], ["93.184.215.14", "10.0.0.1"], ["10.0.0.1", "93.184.215.14"]]) {
      const { lookup } = scriptedLookup(answers);
      const result = await client({ lookup }).request({ url: "https://hooks.example.test/" });
      expect(result).toMatchObject({
        ok: false,
        reason: "privateAddress",
        message: "不允许向内网、本机或云服务元数据地址发送请求",
      });
    }
  });

  it("refuses localhost through the real resolver", async () => {
    const result = await new OutboundClient().request({ url: "http://localhost/" });
    expect(result).toMatchObject({ ok: false, reason: "privateAddress" });
  });

  it("resolves once and connects to the checked address (DNS rebinding)", async () => {
    const { lookup, calls } = scriptedLookup(["127.0.0.1"], ["10.0.0.1"]);
    const rebinding = client({ lookup });
    const okHits = hitsTo("/ok");
    const first = await rebinding.request({ url: `http://hooks.example.test:${receiver.port}/ok` });
    expect(first).toMatchObject({ ok: true, status: 200, address: "127.0.0.1" });
    expect(calls).toHaveLength(1);
    expect(hitsTo("/ok")).toBe(okHits + 1);
    // The next request resolves again and is judged on its own answer.
    const second = await rebinding.request({ url: `http://hooks.example.test:${receiver.port}/ok` });
    expect(second).toMatchObject({ ok: false, reason: "privateAddress" });
    expect(calls).toHaveLength(2);
    expect(hitsTo("/ok")).toBe(okHits + 1);
  });

  it("reports a name that does not resolve, or resolves too slowly", async () => {
    const failing: Lookup = () => Promise.reject(Object.assign(new Error("nx"), { code: "ENOTFOUND" }));
    expect(await client({ lookup: failing }).request({ url: "https://nx.example.test/" })).toMatchObject({
      ok: false,
      reason: "dnsFailed",
      message: "地址解析失败，请检查域名是否正确",
    });
    const hanging: Lookup = () => new Promise(() => {});
    const slow = await client({ lookup: hanging, connectTimeoutMs: 100 }).request({
      url: "https://x.example.test/",
    });
    expect(slow).toMatchObject({ ok: false, reason: "dnsFailed", message: "地址解析失败：解析超时" });
    expect(slow.latencyMs).toBeLessThan(1000);
  });

  it("the test allow-list is exact: the same address on another port stays refused", async () => {
    const other = await startReceiver();
    try {
      const url = `http://127.0.0.1:${other.port}/ok`;
      expect(await client().request({ url })).toMatchObject({ reason: "portNotAllowed" });
      expect(await client({ allowedPorts: [other.port] }).request({ url })).toMatchObject({
        reason: "privateAddress",
      });
      expect(await client().request({ url: "http://127.0.0.1/ok" })).toMatchObject({
        reason: "privateAddress",
      });
      expect(other.hits).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe("OutboundClient: connections", () => {
  it("https connects to the checked address and sends the name as SNI", async () => {
    const names: string[] = [];
    // No certificate: the handshake fails after the ClientHello, which is all this test needs to see.
    const server = tls.createServer({
      SNICallback: (name, done) => {
        names.push(name);
        done(null, undefined);
      },
    });
    server.on("tlsClientError", () => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { lookup, calls } = scriptedLookup(["127.0.0.1"], ["10.0.0.1"]);
      const result = await client({ lookup, allowAddresses: [`127.0.0.1:${port}`] }).request({
        url: `https://hooks.example.test:${port}/`,
      });
      expect(result).toMatchObject({ ok: false, reason: "network", message: "HTTPS 证书校验或加密握手失败" });
      expect(names).toEqual(["hooks.example.test"]);
      expect(calls).toHaveLength(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  // A listener whose thread is blocked never accepts, so once its backlog is full the kernel drops further
  // SYNs and a connect hangs, as it would to a firewalled host. Linux queues backlog + 1 connections.
  it.runIf(process.platform === "linux")("bounds the TCP connect", async () => {
    const unblock = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(
      `const net = require("node:net");
       const { parentPort, workerData } = require("node:worker_threads");
       const server = net.createServer();
       server.listen({ port: 0, host: "127.0.0.1", backlog: 1 }, () => {
         parentPort.postMessage(server.address().port);
         Atomics.wait(workerData, 0, 0);
       });`,
      { eval: true, workerData: unblock },
    );
    const fillers: net.Socket[] = [];
    try {
      const port = await new Promise<number>((resolve) => worker.once("message", resolve));
      for (let i = 0; i < 2; i++) {
        const socket = net.connect({ port, host: "127.0.0.1" });
        fillers.push(socket);
        await new Promise((resolve) => socket.once("connect", resolve));
      }
      const result = await client({ allowAddresses: [`127.0.0.1:${port}`], connectTimeoutMs: 150 }).request({
        url: `http://127.0.0.1:${port}/`,
      });
      expect(result).toMatchObject({ ok: false, reason: "connectTimeout", message: "连接超时" });
      expect(result.latencyMs).toBeLessThan(1000);
    } finally {
      for (const socket of fillers) socket.destroy();
      Atomics.store(unblock, 0, 1);
      Atomics.notify(unblock, 0);
      await worker.terminate();
    }
  });
});
