import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Project } from "@playwright/test";
import { browserPath } from "./support/browser.ts";
import { OTHER_LOGIN_SECRET } from "./support/partner.ts";
import { fakeWeChatPort, WECHAT_OA, WECHAT_WEBSITE } from "./support/wechat.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// E2E_PORT lets two checkouts (or two people) run journeys side by side.
const port = Number(process.env.E2E_PORT ?? 8199);
// A fresh database per run: the demo accounts are seeded only into an empty one.
const dataDir = fs.mkdtempSync(`${os.tmpdir()}/wjgj-e2e-`);
const wechatBase = `http://127.0.0.1:${fakeWeChatPort(port)}`;

// The admin console's journeys change what every page lists (news, VIP levels, friend links, campaign pages, site
// settings, the gallery's templates): they run once the others are done, so no journey running beside them sees a
// list in mid-change.
const SITE_WIDE = /\/admin(-hd|-templates)?\.spec\.ts$/;
const projects: Project[] = [
  { name: "journeys", testDir: "tests", testIgnore: SITE_WIDE },
  { name: "site-wide", testDir: "tests", testMatch: SITE_WIDE, dependencies: ["journeys"] },
];
// Screenshots for the README are refreshed on request only, so ordinary runs leave docs/ untouched.
if (process.env.SCREENSHOTS === "1") projects.push({ name: "screenshots", testDir: "screenshots" });

export default defineConfig({
  // Workers share the one server and database: journeys make their own data (unique names) and restore any
  // site-wide setting they change, so files run side by side. Three on CI's two cores: with two, a quarter of the
  // machine sat idle while journeys waited on the server, timers and page loads (72 % busy); the whole suite took
  // 8.7 min with two, 7.4 with three and 7.2 with four (12-05, one machine, one build); three loads each test less.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  projects,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: browserPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // 摄像头监考 (issue #40): a synthetic camera, granted without a prompt.
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        // No optimising JIT tiers (TurboFan, Maglev): a journey's page lives seconds, too short for optimised
        // code to pay back its compiling, which took ~9 % of the renderers' CPU (19 journeys side by side on this
        // two-core machine: 75 → 68 CPU-s). Ignition and Sparkplug still run every script; behaviour is the same.
        "--js-flags=--no-opt --no-maglev",
      ],
    },
    headless: true,
    screenshot: "only-on-failure",
    locale: "zh-CN",
    // Pages open as for a person who asked for reduced motion (the console and the website honour it, WCAG 2.3.3):
    // dialogs, drawers, menus and popovers appear at once, so a click never lands on a control still zooming in
    // under the pointer (CI lost such clicks again and again), and no journey waits out an animation. The journeys
    // about motion itself ask for it back with `test.use({ reducedMotion: "no-preference" })`.
    reducedMotion: "reduce",
  },
  webServer: [
    {
      // The local fake of WeChat's authorisation pages and APIs (issue #39), which the app below is configured with.
      command: `npx tsx e2e/support/fake-wechat-main.ts ${fakeWeChatPort(port)}`,
      cwd: repoRoot,
      url: `${wechatBase}/cgi-bin/ticket/getticket`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The compiled server `npm start` runs (`npm run test:e2e` builds it first): the production path, and a faster
      // start than compiling the TypeScript on the fly. E2E_SERVER_ENTRY runs another build of it (one made with
      // `scripts/build.mjs --outdir packages/server/dist/<name>`), WEB_DIST (passed through) serves another web build:
      // two people can then run journeys on their own builds side by side.
      command: `node --enable-source-maps ${process.env.E2E_SERVER_ENTRY ?? "packages/server/dist/main.js"}`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${port}/wjgj/api/navigation/getFooterInfo`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_PHONE: "13800000000",
        ADMIN_PASSWORD: "Admin12345",
        SEED_DEMO: "1",
        LOG_LEVEL: "warn",
        OTHER_LOGIN_SECRET,
        // The local fake payment gateway (issue #16): membership purchases end to end, nothing leaves the machine.
        PAY_FAKE: "1",
        // …and, inside WeChat, as WeChat Pay JSAPI (wechat-pay.spec.ts pays through a stub WeixinJSBridge).
        PAY_FAKE_JSAPI: "1",
        // Every journey asks for its codes from 127.0.0.1; the suite sends more than a real client may in an hour.
        SMS_PER_IP_PER_HOUR: "1000",
        // Password hashes at the lowest cost (the default's scrypt was about three tenths of this server's CPU in the
        // journeys, which log in and sign up hundreds of times); a production start refuses it.
        PASSWORD_HASH_COST: "10",
        // The webhook journey's local receivers (one per width): test-only, refused under NODE_ENV=production.
        OUTBOUND_TEST_ALLOW: `127.0.0.1:${port + 101},127.0.0.1:${port + 102}`,
        // WeChat (issue #39), every call to the local fake started above.
        WECHAT_API_BASE: wechatBase,
        WECHAT_OPEN_BASE: wechatBase,
        WECHAT_OA_APPID: WECHAT_OA.appId,
        WECHAT_OA_SECRET: WECHAT_OA.appSecret,
        WECHAT_OPEN_APPID: WECHAT_WEBSITE.appId,
        WECHAT_OPEN_SECRET: WECHAT_WEBSITE.appSecret,
      },
    },
  ],
});
