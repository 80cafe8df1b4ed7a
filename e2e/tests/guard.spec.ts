import { expect, test } from "@playwright/test";
import { publishQuestionnaire, unique } from "../support/answering.ts";

// One route of each class of the navigation guard (seed §5), opened by a visitor without a token.
test.describe("navigation guard without a token", () => {
  test("a page under /website is always allowed", async ({ page }) => {
    await page.goto("/website/home");
    await expect(page).toHaveURL(/\/website\/home$/);
    await expect(page.getByTestId("site-header")).toBeVisible();
    await expect(page.getByTestId("website-home")).toBeVisible();
  });

  test("a route marked as needing no authentication is allowed", async ({ page, request }) => {
    // /r/{id} is rendered by the server now; a visitor without a token stays on it.
    const title = unique("免登录答题");
    const q = await publishQuestionnaire(request, {
      schemaVersion: 1,
      kind: "survey",
      title,
      pages: [{ id: "p1", questions: [{ id: "q1", type: "textarea", title: "您的建议", config: {} }] }],
    });
    await page.goto(`/r/${q.publicId}`);
    await expect(page).toHaveURL(new RegExp(`/r/${q.publicId}$`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("您的建议")).toBeVisible();
  });

  test("an unknown answer link shows the server's 不存在 page", async ({ page }) => {
    const response = await page.goto("/r/abc");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/r\/abc$/);
    await expect(page.getByRole("heading", { name: "问卷不存在" })).toBeVisible();
  });

  test("a route allowed by name (DcList) is allowed", async ({ page }) => {
    await page.goto("/dc/dclist");
    await expect(page).toHaveURL(/\/dc\/dclist$/);
    await expect(page.getByTestId("dclist-page")).toContainText("登录后查看和管理您的问卷项目");
  });

  test("any other route redirects to /Loginone and comes back after login", async ({ page }) => {
    await page.goto("/dc/creatDc");
    await expect(page).toHaveURL(/\/Loginone\?redirect=%2Fdc%2FcreatDc$/);
    await expect(page.getByTestId("login-page")).toBeVisible();

    await page.getByRole("tab", { name: "密码登录" }).click();
    const form = page.getByTestId("password-login-form");
    await form.getByPlaceholder("请输入手机号").fill("13900000001");
    await form.getByPlaceholder("请输入密码").fill("demo1234");
    await page.getByTestId("agreement-check").check();
    await form.getByRole("button", { name: "登录" }).click();
    await expect(page).toHaveURL(/\/dc\/creatDc$/);
    await expect(page.getByRole("heading", { name: "创建问卷" })).toBeVisible();
  });
});

test.describe("redirects and the hash route", () => {
  test("/ goes to /website/home", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/website\/home$/);
  });

  test("/website/product and /website/resource go to their first page", async ({ page }) => {
    await page.goto("/website/product");
    await expect(page).toHaveURL(/\/website\/product\/search$/);
    await expect(page.getByRole("heading", { name: "问卷调查" })).toBeVisible();
    await page.goto("/website/resource");
    await expect(page).toHaveURL(/\/website\/resource\/news$/);
  });

  test("#/Loginone lands on the login screen", async ({ page }) => {
    await page.goto("/#/Loginone");
    await expect(page).toHaveURL(/\/Loginone$/);
    await expect(page.getByRole("tab", { name: "验证码登录" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "密码登录" })).toBeVisible();
  });
});
