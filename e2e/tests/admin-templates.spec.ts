import { expect, test } from "@playwright/test";
import { ADMIN, openLoggedIn } from "../support/accounts.ts";
import { adminCall, type TemplateCard } from "../support/admin.ts";
import { unique } from "../support/answering.ts";

// 模板管理 takes an official template it made down and deletes it. While it is public it can be any gallery
// page's first card, so this file runs with the other site-wide journeys, after the rest (playwright.config.ts):
// a journey opening the gallery's first template never finds it gone.
test.describe("模板管理", () => {
  test("模板管理: all states, search, 推荐到首页, 下架 (ends the recommendation), 编辑信息 and 删除", async ({
    page,
    request,
  }) => {
    const title = unique("年会节目投票");
    const official = await adminCall<TemplateCard>(
      request,
      "POST",
      "template/addTemplate",
      {},
      {
        json: {
          official: true,
          title,
          kind: "vote",
          definition: {
            schemaVersion: 1,
            kind: "vote",
            title,
            pages: [
              {
                id: "p1",
                questions: [
                  {
                    id: "q1",
                    type: "single",
                    title: "您最喜欢的节目",
                    config: {
                      options: [
                        { id: "a", label: "合唱" },
                        { id: "b", label: "小品" },
                      ],
                    },
                  },
                ],
              },
            ],
          },
        },
      },
    );
    await openLoggedIn(page, request, ADMIN, "/dw/templates");
    await expect(page.getByTestId("admin-templates-page")).toBeVisible();
    const listed = page.waitForResponse(
      (r) => r.url().includes("admin/template/list") && !r.url().includes("reviewState="),
    );
    await page.getByLabel("审核状态").click();
    await page.locator(".ant-select-dropdown:visible").getByText("全部状态", { exact: true }).click();
    await listed;
    const searched = page.waitForResponse(
      (r) => r.url().includes("admin/template/list") && r.url().includes("keyword="),
    );
    await page.getByLabel("搜索模板").fill(title);
    await page.getByLabel("搜索模板").press("Enter");
    await searched;
    const row = page.locator(".ant-table-row", { hasText: title });
    await expect(row).toContainText("问卷管家官方");

    // 推荐到首页, then 下架 (which also ends the recommendation).
    const featured = page.waitForResponse((r) => r.url().includes("admin/template/feature"));
    await row.getByRole("button", { name: "推荐到首页" }).click();
    await featured;
    await expect(row).toContainText("首页推荐");
    await row.getByRole("button", { name: "下架" }).click();
    const down = page.waitForResponse((r) => r.url().includes("admin/template/takeDown"));
    await page.locator(".ant-popconfirm").getByRole("button", { name: "下架" }).click();
    expect(((await (await down).json()) as { data: TemplateCard }).data.reviewState).toBe("withdrawn");
    await expect(row).toContainText("已撤回");
    await expect(row).not.toContainText("首页推荐");

    // 编辑信息.
    await row.getByRole("button", { name: "编辑信息" }).click();
    const dialog = page.getByRole("dialog", { name: "编辑模板信息" });
    await dialog.getByLabel("模板名称").fill(`${title}（新版）`);
    const edited = page.waitForResponse((r) => r.url().includes("admin/template/update"));
    await dialog.getByRole("button", { name: "保存" }).click();
    expect(((await (await edited).json()) as { data: TemplateCard }).data.title).toBe(`${title}（新版）`);
    await expect(dialog).toBeHidden();

    // 删除.
    const renamed = page.locator(".ant-table-row", { hasText: `${title}（新版）` });
    await renamed.getByRole("button", { name: "删除" }).click();
    const removed = page.waitForResponse((r) => r.url().includes("admin/template/delete"));
    await page.locator(".ant-popconfirm").getByRole("button", { name: "删除" }).click();
    expect(((await (await removed).json()) as { code: number }).code).toBe(200);
    await expect(renamed).toHaveCount(0);
    expect(official.id).toBeGreaterThan(0);
  });
});
