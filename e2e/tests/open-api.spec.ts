import { expect, type Page, test } from "@playwright/test";
import { newSmsAccount, TOKEN_PAGE } from "../support/accounts.ts";
import { expectNoSeriousViolations, preloadAxe } from "../support/axe.ts";

/**
 * Issue #38, the open API: a creator makes an API key in 个人中心 (shown once), a program calls the API with it
 * (a read key cannot write), the call shows in the key's 调用记录, and a revoked key is refused at once. The
 * 开放接口文档 page on the site lists the documented operations. At desktop width and at 390 px.
 */

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1280, 390] as const) {
  test.describe(`open API at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test("create a key, call the API with it, see the call, revoke it", async ({ page, context }) => {
      await preloadAxe(context);
      const token = await newSmsAccount(page.request);
      await page.goto(TOKEN_PAGE);
      await page.evaluate((value) => localStorage.setItem("token", value), token);
      await page.goto("/dc/personalCenter?type=1");
      const card = page.getByTestId("api-keys-card");
      await expect(card.getByText("还没有 API 密钥")).toBeVisible();

      await card.getByTestId("api-key-create").click();
      const dialog = page.getByRole("dialog", { name: "创建 API 密钥" });
      await dialog.getByTestId("api-key-create-ok").click();
      await expect(dialog.getByText("请填写密钥名称")).toBeVisible();
      await dialog.getByTestId("api-key-name").fill("CRM 同步");
      await dialog.getByTestId("api-key-create-ok").click();

      const shown = page.getByRole("dialog", { name: "请立即复制并保存密钥" });
      const secret = (await shown.getByTestId("api-key-secret").locator("code").textContent())?.trim() ?? "";
      expect(secret).toMatch(/^wjk_[A-Za-z0-9_-]{40}$/);
      await expectNoSeriousViolations(page, `API 密钥只显示一次 ${width}`);
      await shown.getByTestId("api-key-done").click();
      await expect(shown).toBeHidden();
      const item = card.getByTestId("api-key-item");
      await expect(item).toContainText("CRM 同步");
      await expect(item).toContainText("有效");
      await expect(item).toContainText(secret.slice(0, 12));
      await expect(card).not.toContainText(secret);
      await noSidewaysScroll(page);

      // A program calls the API with the key: reading works, writing is outside its scopes.
      const headers = { authorization: `Bearer ${secret}` };
      const listed = await page.request.get("/openapi/v1/questionnaires", { headers });
      expect(listed.status()).toBe(200);
      expect(await listed.json()).toMatchObject({ data: [], nextCursor: null });
      const write = await page.request.post("/openapi/v1/questionnaires", {
        headers,
        data: { title: "接口创建" },
      });
      expect(write.status()).toBe(403);
      expect((await write.json()).error.message).toBe("该 API 密钥没有调用此接口的权限");

      await item.getByRole("button", { name: "调用记录" }).click();
      const calls = page.getByRole("dialog", { name: /调用记录/ });
      await expect(calls.getByTestId("api-call-list")).toContainText("GET /openapi/v1/questionnaires");
      await expect(calls.getByTestId("api-call-list")).toContainText("403");
      await page.keyboard.press("Escape");
      await expect(calls).toBeHidden();

      await item.getByTestId("api-key-revoke").click();
      await page
        .locator(".ant-popconfirm")
        .getByRole("button", { name: /吊\s?销/ })
        .click();
      await expect(item).toContainText("已吊销");
      const refused = await page.request.get("/openapi/v1/questionnaires", { headers });
      expect(refused.status()).toBe(401);
      expect((await refused.json()).error.message).toBe("API 密钥已被吊销");
    });

    test("the site's 开放接口文档 lists every operation", async ({ page, context }) => {
      await preloadAxe(context);
      await page.goto("/website/resource/api");
      const docs = page.getByTestId("api-docs");
      await expect(docs.getByRole("heading", { name: "开放接口文档", level: 1 })).toBeVisible();
      const spec = await (await page.request.get("/openapi/v1/openapi.json")).json();
      const count = Object.values(spec.paths as Record<string, object>).reduce(
        (total, item) => total + Object.keys(item).length,
        0,
      );
      await expect(docs.getByTestId("api-operation")).toHaveCount(count);
      await expect(docs).toContainText("/questionnaires/{id}/responses");
      // The base address is this site's own, written out in full once the page runs.
      const origin = new URL(page.url()).origin;
      await expect(docs.getByTestId("api-base")).toHaveText(`${origin}/openapi/v1`);
      // The page is reachable from the site: the footer's 资源 column links to it.
      await expect(page.getByTestId("site-footer").getByRole("link", { name: "开放接口" })).toHaveAttribute(
        "href",
        "/website/resource/api",
      );
      await noSidewaysScroll(page);
      await expectNoSeriousViolations(page, `开放接口文档 ${width}`);
    });
  });
}
