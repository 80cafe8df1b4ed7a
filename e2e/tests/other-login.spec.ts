import { expect, test } from "@playwright/test";
import { apiUserInfo } from "../support/accounts.ts";
import { OTHER_LOGIN_SECRET, signRequestParam, storedToken } from "../support/partner.ts";

test.describe("login from another platform (202 flow)", () => {
  test("a partner link with requestParam logs the user in and reloads, embedded", async ({
    page,
    request,
  }) => {
    const requestParam = signRequestParam(OTHER_LOGIN_SECRET, {
      platformUserId: `partner-${crypto.randomUUID()}`,
      nickName: "合作平台用户",
    });
    await page.goto(`/dc/dclist?fromType=2&requestParam=${requestParam}`);

    await expect.poll(() => storedToken(page)).toBeTruthy();
    await expect(page).toHaveURL(/\/dc\/dclist\?fromType=2$/);
    await expect(page.getByTestId("dclist-page")).toContainText("还没有项目");
    await expect(page.getByTestId("app-header")).toHaveCount(0);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("token") ?? "",
      isTemplate: localStorage.getItem("isTemplate"),
      fromType: localStorage.getItem("fromType"),
    }));
    expect(stored.isTemplate).toBe("0");
    expect(stored.fromType).toBe("2");
    expect((await apiUserInfo(request, stored.token)).data.nickName).toBe("合作平台用户");
  });

  test("a requestParam that was already used leads to the login screen", async ({
    page,
    browser,
    baseURL,
  }) => {
    const requestParam = signRequestParam(OTHER_LOGIN_SECRET, {
      platformUserId: `partner-${crypto.randomUUID()}`,
    });
    await page.goto(`/dc/dclist?requestParam=${requestParam}`);
    await expect.poll(() => storedToken(page)).toBeTruthy();
    // The exchange ends with a reload to the clean address; let it finish.
    await expect(page).toHaveURL(/\/dc\/dclist$/);

    // The same link opened again in a fresh browser profile.
    const fresh = await browser.newContext({ baseURL });
    try {
      const again = await fresh.newPage();
      await again.goto(`/dc/dclist?requestParam=${requestParam}`);
      // The server answers 303 for a spent requestParam, so no second exchange is attempted.
      await expect(again.getByText("登录失效，请重新登录")).toBeVisible();
      await expect(again).toHaveURL(/\/Loginone/);
      expect(await again.evaluate(() => localStorage.getItem("token"))).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});
