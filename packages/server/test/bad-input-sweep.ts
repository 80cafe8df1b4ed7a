import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../src/commands/account/sessions.ts";
import { apiRoutesOf, type RouteInfo } from "../src/http/route.ts";
import { openAnswering, releaseQuestionnaire } from "./answering.ts";
import {
  type Attempt,
  deepInsideAttacks,
  type Fixtures,
  fieldAttacks,
  forecastOf,
  MISSING,
  parameterAttacks,
  parametersOf,
  plausibleParams,
  requestAttacks,
  strictParameterAttacks,
  unforeseenAnswer,
} from "./bad-input-attacks.ts";
import {
  type BuiltUser,
  buildAdmin,
  buildQuestionnaire,
  buildTeamMember,
  buildUser,
  sampleDefinition,
  tableCounts,
} from "./factories.ts";
import { createTestContext, type TestContext } from "./helpers.ts";

/** The routes are swept in this many shares, spread over four test files that run side by side. */
export const SWEEP_SHARES = 8;

/** What one file of the sweep covers: its shares of the routes, and the other checks it carries. */
export interface SweepPart {
  shares: readonly number[];
  /** The 20 KB URL on the wire, on every route. */
  wire?: boolean;
  /** The sample-service calls, parameter by parameter. */
  sampleService?: boolean;
  /** The strict pass over statistics/startRescore and admin/order/*. */
  strict?: boolean;
}

/**
 * Registers one part of the sweep in the calling test file (bad-input-sweep*.test.ts): as one file the sweep
 * took four minutes on PostgreSQL under load and was among the last of the run to finish; as four files it
 * runs on four workers.
 */
export function sweepBadInput(part: SweepPart): void {
  /**
   * Issue #24 point 9: every declared API route (read from the app, so a new route joins without code)
   * and every kind of caller — anonymous, a user who owns a published questionnaire, the admin — is sent
   * the malformed-input classes of bad-input-attacks.ts. Each answer must be below 500, be the
   * `{ code, msg, data }` envelope with a Chinese message, and carry no stack, SQL or file path; the log
   * must hold no unhandled error, and the server must answer normally afterwards.
   *
   * To stay fast, values are sampled: each (route, parameter, bad value) is sent once, by one of the three
   * callers in turn, rather than all combinations.
   */
  let t: TestContext;
  const errorLog: string[] = [];
  let user: BuiltUser;
  let admin: BuiltUser;

  beforeAll(async () => {
    // Warnings and errors only: the sweep looks for "unhandled error" lines, not for the request log.
    t = await createTestContext({ LOG_LEVEL: "warn" }, undefined, {
      write: (line) => {
        errorLog.push(line);
      },
    });
    user = await buildUser(t, { nickName: "答题人" });
    admin = await buildAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const CHINESE = /[\u4e00-\u9fa5]/;
  /** What must never reach a client: stack frames, SQL and database errors, file system paths. */
  const LEAKS =
    /\bat \S+ \(|\.ts:\d+|\.js:\d+|node_modules|SQLITE_|sqlite|syntax error|\bselect\b.+\bfrom\b|\binsert into\b|\bupdate\b.+\bset\b|violates|relation "|duplicate key|ECONN|EACCES|ENOENT|\/tmp\/|\/work\//i;

  type Caller = "anonymous" | "user" | "admin";
  const CALLERS: readonly Caller[] = ["anonymous", "user", "admin"];

  /** The sample exam and a file question, so uploads (and their truncated files) reach the type sniffing. */
  const SWEEP_DEFINITION = (() => {
    const definition = sampleDefinition();
    const file = {
      id: "f1",
      type: "file",
      title: "附件",
      config: { accept: ["png", "jpg", "pdf"], maxSizeMb: 1, maxCount: 50 },
    };
    const [page] = definition.pages;
    return { ...definition, pages: [{ ...page, questions: [...(page?.questions ?? []), file] }] };
  })();

  /**
   * Fresh sessions and a fresh published questionnaire per route, the user put back as it was: an earlier
   * route may have logged out, disabled the user or deleted the questionnaire, which would quietly turn
   * later requests into refusals that reach no handler.
   */
  async function prepareRoute(): Promise<{ tokens: Record<Caller, string | undefined>; fixtures: Fixtures }> {
    await t.db
      .updateTable("users")
      .set({ status: "active", role: "user" })
      .where("id", "=", user.user.id)
      .execute();
    await t.db
      .updateTable("users")
      .set({ status: "active", role: "admin" })
      .where("id", "=", admin.user.id)
      .execute();
    const origin = { ip: "10.0.0.9", userAgent: "sweep", fromType: 1 };
    const session = async (who: BuiltUser) =>
      (await createSession(t.db, t.clock, t.config.sessionTtlDays, who.user, origin)).token;
    const tokens = { anonymous: undefined, user: await session(user), admin: await session(admin) };
    const owner = { ...user, token: tokens.user };
    const questionnaire = await buildQuestionnaire(t, owner, { definition: SWEEP_DEFINITION });
    await releaseQuestionnaire(t, owner, questionnaire.id);
    // The site admin is also a member of its team, so the one call only members make (quitTeam) lets a caller in.
    await buildTeamMember(t, questionnaire.id, admin, "viewer");
    const { answerToken } = await openAnswering(t, questionnaire.publicId);
    const fixtures = {
      questionnaireId: questionnaire.id,
      publicId: questionnaire.publicId,
      userId: user.user.id,
      definition: SWEEP_DEFINITION,
      answerToken,
      questionId: "f1",
    };
    return { tokens, fixtures };
  }

  /** Every failure of one test of the sweep, so one run names them all. */
  const failures: string[] = [];
  const SHARES = part.shares;
  let sent = 0;
  /** Attempts CI's PostgreSQL pass leaves out: refused before any handler, as the first pass checked. */
  let skipped = 0;
  const reached = new Set<string>();

  function check(
    label: string,
    status: number,
    body: string,
    contentType?: unknown,
    disposition?: unknown,
  ): void {
    if (status >= 500) failures.push(`${label}: HTTP ${status}`);
    // A download (the winners' spreadsheet, a questionnaire's JSON) answered to a caller who may have it: a file,
    // not the envelope.
    const download =
      String(contentType ?? "").includes("spreadsheetml") ||
      String(disposition ?? "").startsWith("attachment");
    if (status === 200 && download) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      failures.push(`${label}: not JSON: ${body.slice(0, 80)}`);
      return;
    }
    const envelope = parsed as { code?: unknown; msg?: unknown; data?: unknown };
    const keys = Object.keys(envelope).sort().join(",");
    if (keys !== "code,data,msg" || typeof envelope.code !== "number" || typeof envelope.msg !== "string") {
      failures.push(`${label}: not the envelope: ${body.slice(0, 80)}`);
    } else if (!CHINESE.test(envelope.msg)) {
      failures.push(`${label}: msg without Chinese: ${envelope.msg}`);
    }
    const leak = LEAKS.exec(body);
    if (leak)
      failures.push(
        `${label}: leaks "${leak[0]}": ${body.slice(Math.max(0, leak.index - 40), leak.index + 40)}`,
      );
    if (body.includes(t.config.dataDir)) failures.push(`${label}: leaks the data directory`);
  }

  /**
   * Sends one attempt and checks the answer, which must also be the refusal foreseen before the handler, if any
   * (bad-input-attacks.ts `forecastOf`). CI's PostgreSQL pass leaves those out.
   */
  async function send(route: RouteInfo, attempt: Attempt, token: string | undefined, caller: Caller) {
    const forecast = forecastOf(route, attempt, attempt.headers?.["content-type"]);
    if (forecast.skip) {
      skipped += 1;
      return;
    }
    sent += 1;
    const response = await t.app.inject({
      method: attempt.method,
      url: `/wjgj/api/${route.path}${attempt.query !== undefined ? `?${attempt.query}` : ""}`,
      headers: { ...(token ? { token } : {}), ...attempt.headers },
      remoteAddress: "10.1.0.1",
      ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
    });
    const label = `${caller} ${route.method} ${route.path} — ${attempt.name}`;
    check(
      label,
      response.statusCode,
      response.body,
      response.headers["content-type"],
      response.headers["content-disposition"],
    );
    const unforeseen = unforeseenAnswer(forecast, response.statusCode, response.body);
    if (unforeseen) failures.push(`${label}: ${unforeseen}`);
  }

  /** The values for caller number `turn` of `count`, so the callers together send each value once. */
  function sample(turn: number, offset: number, count: number) {
    return <T>(values: ReadonlyArray<T>) => values.filter((_, index) => (index + offset) % count === turn);
  }

  /** Whether the route gets past access control for this caller (303 not logged in, 403 refused, 202 partner login). */
  async function letsIn(route: RouteInfo, params: Record<string, unknown>, token: string | undefined) {
    const response = await t.app.inject({
      method: route.method,
      url: `/wjgj/api/${route.path}`,
      headers: { ...(token ? { token } : {}), "content-type": "application/json" },
      remoteAddress: "10.1.0.2",
      ...(route.method === "POST" ? { payload: JSON.stringify(params) } : { query: stringQuery(params) }),
    });
    check(
      `${token ? "caller" : "anonymous"} ${route.method} ${route.path} — plausible parameters`,
      response.statusCode,
      response.body,
      response.headers["content-type"],
      response.headers["content-disposition"],
    );
    // A file (the winners' spreadsheet) is an answer only a caller who was let in gets.
    if (!String(response.headers["content-type"] ?? "").includes("json")) return true;
    const code = (response.json() as { code?: number }).code;
    return code !== 303 && code !== 403 && code !== 202;
  }

  function stringQuery(params: Record<string, unknown>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(params).map(([key, value]) => [
        key,
        typeof value === "object" && value !== null ? JSON.stringify(value) : String(value),
      ]),
    );
  }

  describe("the bad-input sweep over every route and every kind of caller", () => {
    // The routes are swept in shares, each its own test: a failure names its share, and no single test
    // runs long on a loaded machine.
    it.each(SHARES)(
      "share %i of the routes: a clean 4xx or business envelope, never a 500 or a leak",
      async (share) => {
        failures.length = 0;
        const routes = apiRoutesOf(t.app).filter((_, index) => index % SWEEP_SHARES === share);
        for (const route of routes) {
          const { tokens, fixtures } = await prepareRoute();
          const params = plausibleParams(route.input, fixtures);
          const keys = Object.keys(parametersOf(route.input));
          // Callers the route turns away (not logged in, no permission) never reach its parameters: bad
          // values go to the callers it lets in, so each one reaches the schema and, past it, the handler.
          const inside: Caller[] = [];
          for (const caller of CALLERS) {
            if (await letsIn(route, params, tokens[caller])) inside.push(caller);
          }
          if (inside.length > 0) reached.add(`${route.method} ${route.path}`);
          for (const [turn, caller] of CALLERS.entries()) {
            for (const attempt of sample(turn, 0, CALLERS.length)(requestAttacks(route.method, params)))
              await send(route, attempt, tokens[caller], caller);
            const index = inside.indexOf(caller);
            if (index === -1) continue;
            const attempts = keys.flatMap((key, offset) => [
              ...parameterAttacks(route.method, params, key, sample(index, offset, inside.length)),
              ...sample(index, offset, inside.length)(deepInsideAttacks(route.method, params, key)),
            ]);
            for (const attempt of attempts) await send(route, attempt, tokens[caller], caller);
          }
        }
        expect(failures).toEqual([]);
      },
      180_000,
    );

    it("swept every route of its shares, reached each one's parameters, and logged no unhandled error", () => {
      expect(sent + skipped).toBeGreaterThan(250 * SHARES.length);
      // What reaches a handler is sent on every pass: a few hundred requests per share.
      expect(sent).toBeGreaterThan(25 * SHARES.length);
      // Every route lets some caller in (admin routes the admin, the rest the owner or anyone).
      const routes = apiRoutesOf(t.app)
        .filter((_, index) => SHARES.includes(index % SWEEP_SHARES))
        .map((route) => `${route.method} ${route.path}`);
      expect([...reached].sort()).toEqual(routes.sort());
      const unhandled = errorLog.filter((line) => /unhandled error|"level":(50|60)/.test(line));
      expect(unhandled.map((line) => line.slice(0, 300))).toEqual([]);
    });

    if (part.wire)
      it("answers a URL over 16 KB on every route with the 431 envelope over a real connection", async () => {
        failures.length = 0;
        await t.app.listen({ host: "127.0.0.1", port: 0 });
        const { port } = t.app.server.address() as net.AddressInfo;
        for (const route of apiRoutesOf(t.app)) {
          const text = await new Promise<string>((resolve, reject) => {
            const socket = net.connect(port, "127.0.0.1");
            const chunks: Buffer[] = [];
            socket.on("data", (chunk) => chunks.push(chunk));
            socket.on("error", reject);
            socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
            socket.write(
              `${route.method} /wjgj/api/${route.path}?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
            );
          });
          const [head = "", body = ""] = text.split("\r\n\r\n");
          expect(head, route.path).toMatch(/^HTTP\/1\.1 431 /);
          check(`anonymous ${route.method} ${route.path} — a 20 KB URL on the wire`, 431, body);
        }
        expect(failures).toEqual([]);
      });

    it("still answers normally after the sweep", async () => {
      const logo = await t.app.inject({ method: "GET", url: "/wjgj/api/navigation/getLogo" });
      expect(logo.statusCode).toBe(200);
      expect(logo.json()).toMatchObject({ code: 200 });
      const { tokens } = await prepareRoute();
      const info = await t.app.inject({
        method: "GET",
        url: "/wjgj/api/user/getUserInfo",
        headers: { token: tokens.user ?? "" },
      });
      expect(info.json()).toMatchObject({ code: 200 });
    });
  });

  /**
   * Issue #19's sample-service calls (and the console's rules for prices and points), one parameter at a time:
   * each missing, wrongly typed, malformed or oversized parameter the schema refuses is a 400 whose Chinese
   * message names that parameter — never a 500, a business answer or a write. Each baseline call first shows
   * the plausible parameters reach the handler, so a refusal is the parameter's and nothing else's.
   */
  if (part.sampleService)
    describe("the sample-service calls refuse each bad parameter by name", () => {
      const NO_ORDER = 2_147_483_000;
      const routesUnderTest = (fixtures: Fixtures) =>
        ({
          "sampleService/getSampleService": { caller: "user", params: {}, baseline: 200 },
          "sampleService/addSampleOrder": {
            caller: "user",
            // No money in the wallet: the handler answers 余额不足 and writes nothing.
            params: {
              id: fixtures.questionnaireId,
              quantity: 10,
              region: "east",
              ageBand: "25-34",
              gender: "female",
              occupation: "student",
              note: "大学生",
            },
            baseline: 409,
          },
          "sampleService/getSampleOrderList": {
            caller: "user",
            params: { id: fixtures.questionnaireId },
            baseline: 200,
          },
          "sampleService/cancelSampleOrder": {
            caller: "user",
            params: { id: fixtures.questionnaireId, orderId: NO_ORDER },
            baseline: 404,
          },
          "admin/sampleOrder/list": {
            caller: "admin",
            params: { pageNum: 1, pageSize: 10, status: "paid", phone: "139" },
            baseline: 200,
          },
          "admin/sampleOrder/progress": {
            caller: "admin",
            params: { id: NO_ORDER, filled: 1, rejected: 0, note: "第一批" },
            baseline: 404,
          },
          "admin/sampleOrder/cancel": {
            caller: "admin",
            params: { id: NO_ORDER, reason: "无法满足" },
            baseline: 404,
          },
          "admin/sampleOrder/getRates": { caller: "admin", params: {}, baseline: 200 },
          "admin/sampleOrder/saveRates": {
            caller: "admin",
            params: {
              basePriceFen: 500,
              regionPriceFen: 100,
              ageBandPriceFen: 100,
              genderPriceFen: 100,
              occupationPriceFen: 100,
              minQuantity: 10,
              maxQuantity: 10_000,
            },
            baseline: 200,
          },
          "admin/space/getRules": { caller: "admin", params: {}, baseline: 200 },
          "admin/space/saveRules": {
            caller: "admin",
            params: {
              dailyCap: 60,
              secondsPerQuestion: 3,
              minSeconds: 10,
              minReward: 1,
              maxReward: 20,
              postFee: 0,
            },
            baseline: 200,
          },
        }) as const satisfies Record<
          string,
          { caller: Caller; params: Record<string, unknown>; baseline: number }
        >;

      it("answers 400 naming the parameter, in Chinese, and writes nothing", async () => {
        failures.length = 0;
        const { tokens, fixtures } = await prepareRoute();
        // The sweep above may have saved odd rates and rules: back to the defaults the baselines expect.
        await t.db.deleteFrom("settings").where("key", "in", ["samples", "space"]).execute();
        const cases = routesUnderTest(fixtures);
        const routes = apiRoutesOf(t.app).filter((route) => route.path in cases);
        expect(routes.map((route) => route.path).sort()).toEqual(Object.keys(cases).sort());

        const inject = (route: RouteInfo, attempt: Attempt, token: string | undefined) =>
          t.app.inject({
            method: attempt.method,
            url: `/wjgj/api/${route.path}${attempt.query !== undefined ? `?${attempt.query}` : ""}`,
            headers: { ...(token ? { token } : {}), ...attempt.headers },
            remoteAddress: "10.1.0.3",
            ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
          });

        // The plausible parameters reach each handler (the saves store what is already the default).
        for (const route of routes) {
          const { caller, params, baseline } = cases[route.path as keyof typeof cases];
          const response = await inject(
            route,
            route.method === "GET"
              ? {
                  name: "baseline",
                  method: "GET",
                  query: new URLSearchParams(stringQuery(params)).toString(),
                }
              : {
                  name: "baseline",
                  method: "POST",
                  headers: { "content-type": "application/json" },
                  payload: JSON.stringify(params),
                },
            tokens[caller],
          );
          expect(response.json(), `${route.path} baseline`).toMatchObject({ code: baseline });
        }

        const before = await tableCounts(t);
        let checked = 0;
        for (const route of routes) {
          const { caller, params } = cases[route.path as keyof typeof cases];
          for (const key of Object.keys(params)) {
            for (const attempt of fieldAttacks(route.method, params, key)) {
              const label = `${route.method} ${route.path} — ${attempt.name}`;
              const response = await inject(route, attempt, tokens[caller]);
              check(
                label,
                response.statusCode,
                response.body,
                response.headers["content-type"],
                response.headers["content-disposition"],
              );
              // What the schema itself makes of the parameter, sent the way this attempt sends the others.
              const sent: Record<string, unknown> =
                attempt.headers?.["content-type"] === "application/json"
                  ? { ...params }
                  : stringQuery(params);
              if (attempt.value === MISSING) delete sent[key];
              else sent[key] = attempt.value;
              if (route.input.safeParse(sent).success) continue;
              const body = response.json() as { code: number; data: { errors?: { field: string }[] } | null };
              const fields = body.data?.errors?.map((error) => error.field) ?? [];
              if (body.code !== 400 || !fields.includes(key))
                failures.push(
                  `${label}: expected 400 naming ${key}, got ${body.code} ${JSON.stringify(fields)}`,
                );
              checked += 1;
            }
          }
        }
        expect(failures).toEqual([]);
        expect(checked).toBeGreaterThan(300);
        expect(await tableCounts(t)).toEqual(before);
      });
    });

  /**
   * The strict pass for calls added after the sweep was written: each parameter of statistics/startRescore
   * and admin/order/* gets every bad, wrong-typed and oversized value and is left out, sent by the caller
   * the call lets in. A bad value must be refused with a 400 that names the parameter in Chinese (the
   * general sweep above accepts any envelope below 500, e.g. a 404 of a lookup that ran on a bad value).
   */
  if (part.strict)
    describe("bad input on statistics/startRescore and admin/order/*: a Chinese 400 naming the parameter", () => {
      const STRICT: Array<{
        path: string;
        caller: "user" | "admin";
        params: (f: Fixtures) => Record<string, unknown>;
        required: string[];
        /** Free-text parameters: "NaN" or "Infinity" is text like any other there. */
        freeText?: string[];
      }> = [
        {
          path: "statistics/startRescore",
          caller: "user",
          params: (f) => ({ id: f.questionnaireId }),
          required: ["id"],
        },
        {
          path: "admin/order/list",
          caller: "admin",
          params: () => ({
            pageNum: 1,
            pageSize: 10,
            phone: "139",
            orderNo: "123",
            status: "paid",
            provider: "wallet",
          }),
          required: [],
        },
        {
          path: "admin/order/confirmTransfer",
          caller: "admin",
          params: () => ({ orderNo: "20260601000000000001", bankSerial: "B20260601" }),
          required: ["orderNo"],
          freeText: ["bankSerial"],
        },
        {
          path: "admin/order/refund",
          caller: "admin",
          params: () => ({ orderNo: "20260601000000000001", to: "wallet", reason: "重复付款" }),
          required: ["orderNo", "to", "reason"],
          freeText: ["reason"],
        },
        {
          path: "admin/order/grantLevel",
          caller: "admin",
          params: (f) => ({ userId: f.userId, vipLevel: 1, days: 30, reason: "活动赠送" }),
          required: ["userId", "vipLevel", "days", "reason"],
          freeText: ["reason"],
        },
        { path: "admin/order/getBankInfo", caller: "admin", params: () => ({}), required: [] },
        {
          path: "admin/order/saveBankInfo",
          caller: "admin",
          params: () => ({
            accountName: "某某科技有限公司",
            bankName: "招商银行",
            accountNo: "6222021234567890",
            note: "",
          }),
          required: ["accountName", "bankName", "accountNo"],
          freeText: ["accountName", "bankName", "note"],
        },
      ];

      it.each(STRICT.map((entry) => [entry.path, entry] as const))(
        "%s",
        async (_path, entry) => {
          failures.length = 0;
          const route = apiRoutesOf(t.app).find((r) => r.path === entry.path);
          if (!route) throw new Error(`${entry.path} is not served`);
          const { tokens, fixtures } = await prepareRoute();
          const params = entry.params(fixtures);
          const token = tokens[entry.caller];
          // The plausible call is let in and answered (a business 4xx such as 订单不存在 is an answer too).
          expect(await letsIn(route, params, token), `${entry.path} lets the ${entry.caller} in`).toBe(true);
          const keys = Object.keys(parametersOf(route.input));
          expect(keys.sort()).toEqual(Object.keys(params).sort());
          const attempts = [
            ...keys.flatMap((key) =>
              strictParameterAttacks(route.method, params, key, {
                required: entry.required.includes(key),
                freeText: (entry.freeText ?? []).includes(key),
              }),
            ),
            ...requestAttacks(route.method, params).map((attempt) => ({ ...attempt, bad: false })),
          ];
          for (const attempt of attempts) {
            const response = await t.app.inject({
              method: attempt.method,
              url: `/wjgj/api/${route.path}${attempt.query !== undefined ? `?${attempt.query}` : ""}`,
              headers: { ...(token ? { token } : {}), ...attempt.headers },
              remoteAddress: "10.1.0.3",
              ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
            });
            const label = `${entry.caller} ${route.method} ${route.path} — ${attempt.name}`;
            check(
              label,
              response.statusCode,
              response.body,
              response.headers["content-type"],
              response.headers["content-disposition"],
            );
            if (!attempt.bad || response.statusCode >= 500) continue;
            // A URL over 16 KB is refused before any parameter is read (431, checked by the envelope above).
            if (response.statusCode === 431) continue;
            const body = response.json() as {
              code?: number;
              data?: { errors?: Array<{ field?: string; message?: string }> };
            };
            const key = attempt.name.split(/[ :]/)[0] ?? "";
            const named = body.data?.errors?.some((e) => e.field === key && CHINESE.test(e.message ?? ""));
            if (body.code !== 400 || !named)
              failures.push(`${label}: expected a 400 naming ${key}, got ${response.body.slice(0, 160)}`);
          }
          expect(failures).toEqual([]);
        },
        120_000,
      );
    });
}
