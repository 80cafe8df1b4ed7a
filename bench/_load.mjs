// A load generator run as a separate process: POSTs a JSON body (with __N__ replaced by a unique number
// per request) to a URL with fixed concurrency for a fixed time (or, with a fifth argument, until that many
// requests were sent); prints one JSON line with rps, p50/p95/p99 and its own CPU time.
//
// Each client is one keep-alive connection with one request in flight, written and read on a plain socket.
// It used fetch (undici) until 2026-12-07: that cost 0.6–1.0 ms of CPU per request, more than either server
// it measured (0.2–0.7 ms), so on a machine of two cores every round measured how the servers shared a CPU
// with their client. A socket and a Content-Length costs 0.03–0.05 ms: against the same bare Fastify route,
// 17,000 requests/s where fetch reached 2,000 (bench/HISTORY.md, 2026-12-07 20:00).
import net from "node:net";

const [url, bodyTemplate, concurrencyText, secondsText, totalText] = process.argv.slice(2);
const target = new URL(url);
const port = Number(target.port || 80);
const concurrency = Number(concurrencyText);
const total = totalText ? Number(totalText) : Number.POSITIVE_INFINITY;
const head = `POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nConnection: keep-alive\r\nContent-Length: `;
const latencies = [];
let sequence = 0;
let failures = 0;
let deadline = Number.POSITIVE_INFINITY;

function request(tag) {
  const body = Buffer.from(bodyTemplate.replaceAll("__N__", `${process.pid}-${tag}`));
  return Buffer.concat([Buffer.from(`${head}${body.length}\r\n\r\n`, "latin1"), body]);
}

/**
 * One complete response at the start of `buffer`: its body and its length in bytes, or null while more is to
 * come. Only Content-Length bodies: the servers measured answer JSON with one, and anything else stops the run.
 */
function takeResponse(buffer) {
  const end = buffer.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const headers = buffer.subarray(0, end).toString("latin1");
  const length = /\r\ncontent-length: *(\d+)/i.exec(headers);
  if (!length) throw new Error(`响应没有 Content-Length：${headers.split("\r\n")[0]}`);
  const size = end + 4 + Number(length[1]);
  if (buffer.length < size) return null;
  return {
    body: buffer.subarray(end + 4, size).toString("utf8"),
    size,
    close: /\r\nconnection: *close/i.test(headers),
  };
}

const more = () => (totalText ? sequence < total : performance.now() < deadline);

/** One client: a connection that sends the next request when the previous answer is in, reconnecting if closed. */
function client() {
  return new Promise((resolve, reject) => {
    let socket;
    let buffer = Buffer.alloc(0);
    let start = 0;
    let inFlight = false;
    const send = () => {
      if (!more()) {
        socket.end();
        resolve();
        return;
      }
      sequence += 1;
      inFlight = true;
      start = performance.now();
      socket.write(request(sequence));
    };
    const connect = () => {
      buffer = Buffer.alloc(0);
      let connected = false;
      socket = net.connect(port, target.hostname);
      socket.setNoDelay(true);
      socket.on("connect", () => {
        connected = true;
        send();
      });
      socket.on("data", (chunk) => {
        buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
        let response;
        try {
          response = takeResponse(buffer);
        } catch (error) {
          // Not counted as a lost request below: the run ends here.
          inFlight = false;
          socket.destroy();
          reject(error);
          return;
        }
        if (!response) return;
        buffer = buffer.subarray(response.size);
        inFlight = false;
        let code = 0;
        try {
          code = JSON.parse(response.body).code;
        } catch {}
        if (code !== 200) failures += 1;
        latencies.push(performance.now() - start);
        if (!response.close) send();
        else {
          socket.removeAllListeners();
          socket.destroy();
          if (more()) connect();
          else resolve();
        }
      });
      // A connection lost mid-request counts that request as failed; the client carries on on a new one.
      // One that cannot be opened at all ends the run.
      socket.on("error", (error) => {
        if (!connected) reject(error);
      });
      socket.on("close", () => {
        if (!inFlight) return;
        inFlight = false;
        failures += 1;
        latencies.push(performance.now() - start);
        if (more()) connect();
        else resolve();
      });
    };
    connect();
  });
}

// One request first, neither timed nor counted (the CPU per request below is counted from here).
await new Promise((resolve) => {
  const socket = net.connect(port, target.hostname, () => socket.end(request("warm")));
  socket.on("data", () => {});
  socket.on("close", resolve);
  socket.on("error", resolve);
});
const started = performance.now();
deadline = started + Number(secondsText) * 1000;
const cpuBefore = process.cpuUsage();
await Promise.all(Array.from({ length: concurrency }, client));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
const cpu = process.cpuUsage(cpuBefore);
console.log(
  JSON.stringify({
    requests: latencies.length,
    failures,
    rps: latencies.length / elapsed,
    p50_ms: at(0.5),
    p95_ms: at(0.95),
    p99_ms: at(0.99),
    // This process's own CPU time: it shares the machine with the server it loads.
    cpu_ms: (cpu.user + cpu.system) / 1000,
  }),
);
