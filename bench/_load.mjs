// A load generator run as a separate process: POSTs a JSON body (with __N__ replaced by a unique number
// per request) to a URL with fixed concurrency for a fixed time (or, with a fifth argument, until that many
// requests were sent); prints one JSON line with rps and p50/p95/p99.
const [url, bodyTemplate, concurrencyText, secondsText, totalText] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const deadline = performance.now() + Number(secondsText) * 1000;
const total = totalText ? Number(totalText) : Number.POSITIVE_INFINITY;
const latencies = [];
let sequence = 0;
let failures = 0;

async function worker() {
  while (totalText ? sequence < total : performance.now() < deadline) {
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

// One request first, neither timed nor counted: loading fetch costs as much as hundreds of requests on a
// busy machine, and the CPU per request below is counted from here.
await fetch(url, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: bodyTemplate.replaceAll("__N__", `${process.pid}-warm`),
})
  .then((res) => res.arrayBuffer())
  .catch(() => {});
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(Array.from({ length: concurrency }, worker));
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
