import { expect, test } from "@playwright/test";
import { ADMIN, openLoggedIn } from "../support/accounts.ts";
import { adminCall } from "../support/admin.ts";

// Issue #19: an admin writes a /hd topic page in the console (活动专题) and it renders on its own address.
test.use({ viewport: { width: 1440, height: 900 } });

test("an admin creates a /hd topic page and it renders, with a Chinese page for an unknown one", async ({
  page,
  request,
}) => {
  const slug = `spring-${Date.now().toString(36)}`;
  const title = `春季调研节 ${slug}`;
  try {
    await openLoggedIn(page, request, ADMIN, "/dw/content/hd");
    await expect(page.getByTestId("admin-hd")).toBeVisible();
    await page.getByRole("button", { name: "新建活动页" }).click();
    const form = page.getByTestId("record-form");
    await form.getByLabel("页面标识").fill(slug);
    await form.getByLabel("标题").fill(title);
    await form.getByLabel("页面描述").fill("春季调研节的活动说明");
    const editor = form.getByRole("textbox", { name: "正文" });
    await editor.click();
    await page.keyboard.type("一年一度的调研节开始了");
    await form.getByLabel("按钮文字").fill("立即免费创建");
    await form.getByLabel("按钮链接").fill("/creatDc");
    await form.getByText("发布", { exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("已新建活动页")).toBeVisible();
    await expect(page.getByTestId("admin-hd").getByRole("cell", { name: title })).toBeVisible();

    await page.goto(`/hd/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} - 问卷管家`);
    await expect(page.getByTestId("campaign-page")).toContainText("一年一度的调研节开始了");
    await expect(page.getByRole("link", { name: "立即免费创建" })).toHaveAttribute("href", "/creatDc");
    await page.goto(`/hd?name=${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    const missing = await page.goto("/hd/no-such-topic");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
    await expect(page.getByText("活动页面不存在或已下线")).toBeVisible();
  } finally {
    const { list } = await adminCall<{ list: { id: number }[] }>(request, "GET", "admin/hd/list", {
      keyword: title,
    });
    for (const item of list) await adminCall(request, "POST", "admin/hd/delete", { id: item.id });
  }
});
