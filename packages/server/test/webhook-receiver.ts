import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A webhook receiver on 127.0.0.1 for the tests (the app reaches it through OUTBOUND_TEST_ALLOW): it records
 * every request as it came and answers what the test says — a status, a redirect, or nothing at all (`hang`,
 * until `release`). `stop` and `start` take it down and bring it back on the same port.
 */

export interface ReceivedMessage {
  id: string;
  timestamp: string;
  signature: string;
  contentType: string;
  userAgent: string;
  body: string;
  /** The body parsed: `{ type, timestamp, data }`. */
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

export type Answer = { status: number; headers?: Record<string, string>; body?: string } | "hang";

export class WebhookReceiver {
  readonly received: ReceivedMessage[] = [];
  answer: (message: ReceivedMessage) => Answer = () => ({ status: 200, body: "ok" });
  private server: http.Server | null = null;
  private hanging: http.ServerResponse[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/wjgj`;
  }

  /** The `OUTBOUND_TEST_ALLOW` entry that lets the app reach it. */
  get allowEntry(): string {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const header = (name: string) => String(request.headers[name] ?? "");
        let json: ReceivedMessage["json"];
        try {
          json = JSON.parse(body) as ReceivedMessage["json"];
        } catch {
          json = { type: "", timestamp: "", data: {} };
        }
        const message: ReceivedMessage = {
          id: header("webhook-id"),
          timestamp: header("webhook-timestamp"),
          signature: header("webhook-signature"),
          contentType: header("content-type"),
          userAgent: header("user-agent"),
          body,
          json,
        };
        this.received.push(message);
        for (const waiter of this.waiters.filter((w) => this.received.length >= w.count)) waiter.resolve();
        const answer = this.answer(message);
        if (answer === "hang") {
          this.hanging.push(response);
          return;
        }
        response.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
        response.end(answer.body ?? "");
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Resolves once `count` requests have arrived in all. */
  until(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  /** Ends the requests left hanging (their sender has long given up or died). */
  release(): void {
    for (const response of this.hanging.splice(0)) response.destroy();
  }

  /** Down: nothing listens on the port (connections are refused) until `start` again. */
  async stop(): Promise<void> {
    this.release();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const receiver = new WebhookReceiver();
  await receiver.start();
  return receiver;
}

/**
 * Verifies a message as the Standard Webhooks spec describes it, written apart from the server's signing code
 * and through WebCrypto rather than node:crypto's HMAC: the key is the base64 after `whsec_`, the signed
 * content `${webhook-id}.${webhook-timestamp}.${body}`, and `webhook-signature` a space-separated list of
 * `v1,<base64>` of which one must match.
 */
export async function verifyStandardWebhook(secret: string, message: ReceivedMessage): Promise<boolean> {
  if (!secret.startsWith("whsec_")) return false;
  const key = await crypto.subtle.importKey(
    "raw",
    Buffer.from(secret.slice("whsec_".length), "base64"),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const content = new TextEncoder().encode(`${message.id}.${message.timestamp}.${message.body}`);
  for (const entry of message.signature.split(" ")) {
    const [version, signature] = entry.split(",");
    if (version !== "v1" || !signature) continue;
    if (await crypto.subtle.verify("HMAC", key, Buffer.from(signature, "base64"), content)) return true;
  }
  return false;
}
