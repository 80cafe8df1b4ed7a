import { createHmac } from "node:crypto";
import http from "node:http";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { nameForm, publishQuestionnaire, submitAnswers, unique } from "../support/answering.ts";
import { expectNoSeriousViolations, preloadAxe } from "../support/axe.ts";

/**
 * Issue #38, 数据推送: a creator adds a webhook on the results page (a private address is refused), keeps the
 * secret shown once, a response arrives and its signed message reaches the creator's receiver (a local server
 * the server is allowed to call through OUTBOUND_TEST_ALLOW, one port per width), and the delivery log shows it
 * delivered. At desktop width and at 390 px.
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The Standard Webhooks signature, computed here independently of the server. */
function signatureOf(secret: string, received: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signed = `${received.headers["webhook-id"]}.${received.headers["webhook-timestamp"]}.${received.body}`;
  return `v1,${createHmac("sha256", key).update(signed).digest("base64")}`;
}

for (const [width, offset] of [
  [1280, 101],
  [390, 102],
] as const) {
  test.describe(`webhooks at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test("add a webhook, a response is delivered signed, and the log shows it", async ({
      page,
      context,
      request,
    }) => {
      await preloadAxe(context);
      const received: Received[] = [];
      const receiver = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
          res.writeHead(200, { "content-type": "application/json" });
          res.end('{"ok":true}');
        });
      });
      const port = Number(process.env.E2E_PORT ?? 8199) + offset;
      await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
      try {
        const q = await publishQuestionnaire(request, nameForm(unique("数据推送")));
        await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${q.id}&tab=webhooks`);
        const tab = page.getByTestId("webhooks-tab");
        await expect(tab.getByText("还没有数据推送")).toBeVisible();

        await tab.getByTestId("webhook-add").click();
        const dialog = page.getByRole("dialog", { name: "添加数据推送" });
        await dialog.getByTestId("webhook-url").fill("http://10.0.0.1/hook");
        await dialog.getByTestId("webhook-add-ok").click();
        await expect(page.getByText(/不允许向内网/)).toBeVisible();
        await dialog.getByTestId("webhook-url").fill(`http://127.0.0.1:${port}/hook`);
        await dialog.getByTestId("webhook-add-ok").click();

        const shown = page.getByRole("dialog", { name: "请保存签名密钥" });
        const secret =
          (await shown.getByTestId("webhook-secret").locator("code").textContent())?.trim() ?? "";
        expect(secret).toMatch(/^whsec_/);
        await shown.getByTestId("webhook-secret-done").click();
        await expect(shown).toBeHidden();
        await expect(tab.getByTestId("webhook-item")).toContainText(`127.0.0.1:${port}/hook`);
        await noSidewaysScroll(page);

        await submitAnswers(request, q.publicId, { q1: "张三" }, { key: `hook-${width}-${Date.now()}` });
        await tab.getByTestId("webhook-log").click();
        const log = page.getByTestId("webhook-deliveries");
        const delivery = log.getByTestId("webhook-delivery").filter({ hasText: "收到新答卷" });
        // The log reads itself again every 2 s while a message waits to be sent.
        await expect(delivery).toContainText("已送达", { timeout: 20_000 });
        await expect(delivery).toContainText("HTTP 200");
        await noSidewaysScroll(page);
        await expectNoSeriousViolations(page, `推送记录 ${width}`);

        const message = received.find(
          (item) => (JSON.parse(item.body) as { type: string }).type === "response.created",
        );
        expect(message, "the receiver got the response.created message").toBeDefined();
        if (!message) return;
        expect(String(message.headers["webhook-signature"]).split(" ")).toContain(
          signatureOf(secret, message),
        );
        const body = JSON.parse(message.body) as { data: { questionnaireId: number } };
        expect(body.data.questionnaireId).toBe(q.id);
      } finally {
        await new Promise((resolve) => receiver.close(resolve));
      }
    });
  });
}
