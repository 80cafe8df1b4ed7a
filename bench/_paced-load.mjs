// A load generator run as a separate process that OFFERS a fixed rate: POSTs a JSON body (with __N__ replaced by
// a unique number per request) to a URL at `rate` requests per second for `seconds`, never more than
// `maxInFlight` at once (when the server falls behind, requests wait and the achieved rate drops below the
// offered one). Prints one JSON line: requests, failures, rps achieved, p50/p95/p99 and its own CPU time.
const [url, bodyTemplate, rateText, secondsText, maxInFlightText] = process.argv.slice(2);
const rate = Number(rateText);
const seconds = Number(secondsText);
const maxInFlight = Number(maxInFlightText ?? 64);
const latencies = [];
let failures = 0;
let inFlight = 0;
let sent = 0;
let wakeSlot = null;

async function one(n) {
  const body = bodyTemplate.replaceAll("__N__", `${process.pid}-${n}`);
  const start = performance.now();
  try {
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
    const json = await res.json();
    if (json.code !== 200) failures += 1;
  } catch {
    failures += 1;
  }
  latencies.push(performance.now() - start);
  inFlight -= 1;
  wakeSlot?.();
}

// Warm up fetch (loading it costs as much as hundreds of requests); not counted.
await fetch(url, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: bodyTemplate.replaceAll("__N__", `${process.pid}-warm`),
})
  .then((res) => res.arrayBuffer())
  .catch(() => {});
const started = performance.now();
const cpuBefore = process.cpuUsage();
const deadline = started + seconds * 1000;
const running = [];
while (performance.now() < deadline) {
  const due = Math.min(Math.floor(((performance.now() - started) * rate) / 1000), rate * seconds);
  while (sent < due && inFlight < maxInFlight) {
    sent += 1;
    inFlight += 1;
    running.push(one(sent));
  }
  if (inFlight >= maxInFlight) await new Promise((resolve) => (wakeSlot = resolve));
  else await new Promise((resolve) => setTimeout(resolve, 1));
  wakeSlot = null;
}
await Promise.all(running);
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
const cpu = process.cpuUsage(cpuBefore);
console.log(
  JSON.stringify({
    requests: latencies.length,
    failures,
    offered_rps: rate,
    rps: latencies.length / elapsed,
    p50_ms: at(0.5),
    p95_ms: at(0.95),
    p99_ms: at(0.99),
    cpu_ms: (cpu.user + cpu.system) / 1000,
  }),
);
