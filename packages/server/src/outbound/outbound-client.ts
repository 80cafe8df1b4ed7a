/**
 * The one HTTP client for addresses users give us (webhooks and anything like them). Nothing else in the
 * server may call fetch or http.request on a user's URL.
 *
 * Threat model: a user enters a URL and the server calls it, from inside our network. Without care that is
 * server-side request forgery: the URL names 127.0.0.1, a database on 10.x, or the cloud metadata service
 * (169.254.169.254, fd00:ec2::254, 100.100.100.200) and the response or its timing leaks what is there.
 * - Every address is checked by address-policy.ts (ipaddr.js ranges, IPv4 and IPv6, embedded IPv4 forms).
 * - DNS rebinding: a name may answer a public address when checked and a private one when connected. The
 *   name is resolved once, every answer must be public (one private record refuses the whole name), and the
 *   socket connects to the checked IP itself. The URL's host travels only in `Host:` and, for https, as
 *   the TLS servername, so SNI and certificate checking still use the name.
 * - Redirects are never followed (a public URL could answer 302 to a private one); a 3xx is a failure.
 * - Connect time, total time and response size are capped, so a slow or huge answer cannot tie us up.
 * Results never throw for network trouble, and nothing here logs bodies or headers (they carry signatures).
 */
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import {
  type AddressPolicyOptions,
  checkAddress,
  checkUrl,
  type OutboundTarget,
  parseAllowEntry,
} from "./address-policy.ts";
import { networkMessage, type OutboundFailure, outboundMessages, redirectMessage } from "./messages.ts";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundClientOptions {
  /** Ports allowed besides 80 (http) and 443 (https). */
  allowedPorts?: number[];
  /** Test-only: exact "ip" or "ip:port" the tests' own local receiver uses (OUTBOUND_TEST_ALLOW). */
  allowAddresses?: string[];
  /** Name resolution; dns.promises.lookup with all: true unless a test injects its own. */
  lookup?: Lookup;
  /** Bound on name resolution and on the TCP connect, each (default 3 s). */
  connectTimeoutMs?: number;
  /** Bound on the whole request, resolution to the last byte (default 10 s). */
  timeoutMs?: number;
  /** Larger answers are cut off and reported as tooLarge (default 64 KiB). */
  maxResponseBytes?: number;
}

export interface OutboundRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** `ok` means an HTTP answer other than a redirect arrived in full; the caller judges its status. */
export type OutboundResult =
  | {
      ok: true;
      status: number;
      headers: Record<string, string>;
      /** The first 2 KiB of the body as UTF-8 text. */
      bodyExcerpt: string;
      latencyMs: number;
      /** The IP the request was sent to. */
      address: string;
    }
  | { ok: false; reason: OutboundFailure; message: string; latencyMs: number; status?: number };

type Failure = Extract<OutboundResult, { ok: false }>;

const excerptBytes = 2048;
/** Headers the client sets itself: the caller must not be able to point Host elsewhere or break framing. */
const reservedHeaders = new Set(["host", "content-length", "transfer-encoding", "connection"]);

const defaultLookup: Lookup = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export class OutboundClient {
  readonly #policy: AddressPolicyOptions;
  readonly #lookup: Lookup;
  readonly #connectTimeoutMs: number;
  readonly #timeoutMs: number;
  readonly #maxResponseBytes: number;

  constructor(options: OutboundClientOptions = {}) {
    for (const port of options.allowedPorts ?? [])
      if (!Number.isInteger(port) || port < 1 || port > 65535)
        throw new Error(`OutboundClient: allowedPorts has an invalid port: ${port}`);
    for (const entry of options.allowAddresses ?? [])
      if (!parseAllowEntry(entry))
        throw new Error(`OutboundClient: allowAddresses entry is not "ip" or "ip:port": ${entry}`);
    this.#policy = { allowedPorts: options.allowedPorts ?? [], allowAddresses: options.allowAddresses ?? [] };
    this.#lookup = options.lookup ?? defaultLookup;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 3000;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#maxResponseBytes = options.maxResponseBytes ?? 64 * 1024;
  }

  async request(request: OutboundRequest): Promise<OutboundResult> {
    const started = performance.now();
    const fail = (reason: OutboundFailure, message: string, status?: number): Failure => ({
      ok: false,
      reason,
      message,
      latencyMs: Math.round(performance.now() - started),
      ...(status === undefined ? {} : { status }),
    });
    try {
      const checked = checkUrl(request.url, this.#policy);
      if (!checked.ok) return fail(checked.reason, checked.message);
      const { target } = checked;
      const answers = target.ipLiteral ? [target.ipLiteral] : await this.#resolve(target.hostname);
      if (!answers) return fail("dnsFailed", outboundMessages.dnsTimeout);
      if (answers.length === 0) return fail("dnsFailed", outboundMessages.dnsFailed);
      const addresses: string[] = [];
      for (const answer of answers) {
        const address = checkAddress(answer, target.port, target.url.protocol, this.#policy);
        if (!address.ok) return fail(address.reason, address.message);
        addresses.push(address.address);
      }
      const [address = ""] = addresses;
      return await this.#send(target, address, request, started, fail);
    } catch (error) {
      return fail("network", networkMessage(codeOf(error)));
    }
  }

  /** The name's addresses ([] when it has none or resolution failed), or undefined when it took too long. */
  async #resolve(hostname: string): Promise<string[] | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), Math.min(this.#connectTimeoutMs, this.#timeoutMs));
    });
    // Through a then, so a lookup that throws instead of rejecting is a failed resolution too.
    const answers = Promise.resolve(hostname)
      .then((name) => this.#lookup(name))
      .then(
        (list) => list.map((entry) => entry.address),
        () => [],
      );
    try {
      return await Promise.race([answers, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  #send(
    target: OutboundTarget,
    address: string,
    request: OutboundRequest,
    started: number,
    fail: (reason: OutboundFailure, message: string, status?: number) => Failure,
  ): Promise<OutboundResult> {
    return new Promise((resolve) => {
      const headers = outgoingHeaders(target, request);
      // Connect to the checked IP; the name goes only into Host and the TLS servername.
      const options: https.RequestOptions = {
        host: address,
        port: target.port,
        method: (request.method ?? "POST").toUpperCase(),
        path: `${target.url.pathname}${target.url.search}`,
        headers,
        agent: false,
        ...(target.secure ? { servername: target.ipLiteral ? "" : target.hostname.replace(/\.$/, "") } : {}),
      };
      const outgoing = (target.secure ? https : http).request(options);
      let settled = false;
      const finish = (result: OutboundResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(connectTimer);
        clearTimeout(totalTimer);
        outgoing.destroy();
        resolve(result);
      };
      const connectTimer = setTimeout(
        () => finish(fail("connectTimeout", outboundMessages.connectTimeout)),
        this.#connectTimeoutMs,
      );
      const remaining = Math.max(0, this.#timeoutMs - (performance.now() - started));
      const totalTimer = setTimeout(() => finish(fail("timeout", outboundMessages.timeout)), remaining);
      outgoing.on("socket", (socket) => {
        if (!socket.connecting) clearTimeout(connectTimer);
        else socket.once("connect", () => clearTimeout(connectTimer));
      });
      outgoing.on("error", (error) => finish(fail("network", networkMessage(codeOf(error)))));
      outgoing.on("response", (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          finish(
            fail("redirect", redirectMessage(locationHost(response.headers.location, target.url)), status),
          );
          return;
        }
        const tooLarge = () => finish(fail("tooLarge", outboundMessages.tooLarge, status));
        if (Number(response.headers["content-length"]) > this.#maxResponseBytes) return tooLarge();
        const kept: Buffer[] = [];
        let keptBytes = 0;
        let total = 0;
        response.on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total > this.#maxResponseBytes) return tooLarge();
          if (keptBytes < excerptBytes) {
            kept.push(chunk.subarray(0, excerptBytes - keptBytes));
            keptBytes += Math.min(chunk.length, excerptBytes - keptBytes);
          }
        });
        response.on("end", () =>
          finish({
            ok: true,
            status,
            headers: flatHeaders(response.headers),
            // stream: true leaves out a character cut in half at the 2 KiB mark instead of showing U+FFFD.
            bodyExcerpt: new TextDecoder().decode(Buffer.concat(kept), { stream: true }),
            latencyMs: Math.round(performance.now() - started),
            address,
          }),
        );
        response.on("error", (error) => finish(fail("network", networkMessage(codeOf(error)))));
        response.on("close", () => {
          if (!response.complete) finish(fail("network", outboundMessages.connectionReset));
        });
      });
      try {
        outgoing.end(request.body);
      } catch (error) {
        finish(fail("network", networkMessage(codeOf(error))));
      }
    });
  }
}

function outgoingHeaders(target: OutboundTarget, request: OutboundRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {}))
    if (!reservedHeaders.has(name.toLowerCase())) headers[name] = value;
  if (!Object.keys(headers).some((name) => name.toLowerCase() === "user-agent"))
    headers["User-Agent"] = "wjgj-outbound/1";
  headers.Host = target.url.host;
  headers.Connection = "close";
  if (request.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(request.body));
  return headers;
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  return flat;
}

function locationHost(location: string | undefined, base: URL): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, base).host || undefined;
  } catch {
    return undefined;
  }
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
