// A load generator run as a separate process: POSTs a JSON body (with __N__ replaced by a unique number
// per request) to a URL with fixed concurrency for a fixed time; prints one JSON line with rps and p99.
const [url, bodyTemplate, concurrencyText, secondsText] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const deadline = performance.now() + Number(secondsText) * 1000;
const latencies = [];
let sequence = 0;
let failures = 0;

async function worker() {
  while (performance.now() < deadline) {
    sequence += 1;
    const body = bodyTemplate.replaceAll("__N__", `${process.pid}-${sequence}`);
    const start = performance.now();
    try {
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
      const json = await res.json();
      if (json.code !== 200) failures += 1;
    } catch {
      failures += 1;
    }
    latencies.push(performance.now() - start);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
console.log(
  JSON.stringify({ requests: latencies.length, failures, rps: latencies.length / elapsed, p99_ms: p99 }),
);
