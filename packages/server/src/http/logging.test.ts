import { afterEach, describe, expect, it } from "vitest";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { loadConfig } from "../config.ts";

interface LogLine {
  level: number;
  msg?: string;
  req?: unknown;
  res?: unknown;
}

let t: TestContext | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** An app writing its log lines into an array, at the given LOG_LEVEL. */
async function appLoggingAt(level: string) {
  const lines: LogLine[] = [];
  t = await createTestContext({ LOG_LEVEL: level }, undefined, {
    write: (line: string) => lines.push(JSON.parse(line) as LogLine),
  });
  return { app: t.app, lines };
}

async function browse(app: TestContext["app"]) {
  await call(app, "GET", "user/getUserInfo");
  await app.inject({ method: "GET", url: "/r/NoSuchLink1" });
  await app.inject({ method: "GET", url: "/dc/index" });
  await call(app, "POST", "user/sendCode", { params: { phone: "13911117777" } });
}

const isRequestLine = (line: LogLine) => line.req !== undefined || line.res !== undefined;

describe("logging", () => {
  it("defaults to warnings and errors: requests write no lines, the console SMS still shows", async () => {
    const level = loadConfig({}).logLevel;
    expect(level).toBe("warn");
    const { app, lines } = await appLoggingAt(level);
    await browse(app);
    expect(lines.filter(isRequestLine)).toEqual([]);
    await expect.poll(() => lines.some((line) => line.msg?.startsWith("[短信] 13911117777"))).toBe(true);
  });

  it("logs each request when LOG_LEVEL asks for it", async () => {
    const { app, lines } = await appLoggingAt("info");
    await browse(app);
    // Fastify writes an incoming and a completed line per request.
    expect(lines.filter(isRequestLine).length).toBeGreaterThanOrEqual(8);
  });
});
