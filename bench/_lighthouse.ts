/**
 * Lighthouse 12 through its node API against Debian's Chromium, with Lighthouse's defaults: the mobile form
 * factor, its screen emulation and simulated throttling (slow 4G, 4× CPU slowdown). Chromium is started
 * here with a DevTools port, so no launcher package is needed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface Chromium {
  port: number;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Chromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-bench-chromium-"));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port:\n${seen}`)), 30_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited with ${code}:\n${seen}`)));
  });
  return {
    port,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface PerformanceRun {
  score: number;
  metrics: Record<string, number>;
  /** Opportunities and diagnostics that cost something, for finding out why a score is short. */
  findings: string[];
}

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
  "interactive",
] as const;

export async function runLighthouse(chromium: Chromium, url: string): Promise<PerformanceRun> {
  const result = await lighthouse(url, {
    port: chromium.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error("Lighthouse returned no result");
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metrics = Object.fromEntries(
    METRICS.map((id) => [id, Math.round((lhr.audits[id]?.numericValue ?? Number.NaN) * 100) / 100]),
  );
  const findings = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
    .filter((audit) => !METRICS.includes(audit.id as (typeof METRICS)[number]))
    .map((audit) => `${audit.id}${audit.displayValue ? `（${audit.displayValue}）` : ""}`);
  return { score: lhr.categories.performance?.score ?? 0, metrics, findings };
}
