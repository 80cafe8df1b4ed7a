import { expect, type Page, test } from "@playwright/test";
import { ADMIN, DEMO_VIP2, openLoggedIn } from "../support/accounts.ts";
import { adminCall, type TemplateCard } from "../support/admin.ts";
import { unique } from "../support/answering.ts";

/** The response of the next template/updateTemplate call made by `action`. */
async function updateAfter(page: Page, action: () => Promise<void>) {
  const response = page.waitForResponse((r) => r.url().includes("template/updateTemplate"));
  await action();
  const body = (await (await response).json()) as { code: number; msg: string; data: TemplateCard };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

test.describe("template designer and 模板管理", () => {
  // Two browsers (admin and author) through four screens.
  test.setTimeout(180_000);

  test("admin makes a user a template author; the user builds a template in the template designer and submits it; admin approves it into the gallery", async ({
    browser,
    request,
  }) => {
    const title = unique("门店顾客满意度");
    const admin = await (await browser.newContext()).newPage();
    const user = await (await browser.newContext()).newPage();
    // Starts from a plain user, whatever an earlier run left behind.
    const { list } = await adminCall<{ list: { id: number }[] }>(request, "GET", "admin/user/getUserList", {
      pageNum: 1,
      pageSize: 1,
      phone: DEMO_VIP2.phone,
    });
    await adminCall(request, "POST", "admin/user/update", { id: list[0]?.id ?? 0, isTemplate: 0 });

    // 用户管理: 设为模板作者.
    await openLoggedIn(admin, request, ADMIN, "/dw/admin/user");
    const userList = admin.waitForResponse((r) => r.url().includes(`phone=${DEMO_VIP2.phone}`));
    await admin.getByPlaceholder("按手机号搜索").fill(DEMO_VIP2.phone);
    await admin.getByPlaceholder("按手机号搜索").press("Enter");
    await userList;
    const row = admin.locator(".ant-table-row", { hasText: DEMO_VIP2.phone });
    await row.getByRole("button", { name: "设为模板作者" }).click();
    const granted = admin.waitForResponse((r) => r.url().includes("admin/user/update"));
    await admin.locator(".ant-popconfirm").getByRole("button", { name: "确定" }).click();
    expect(((await (await granted).json()) as { data: { isTemplate: number } }).data.isTemplate).toBe(1);
    await expect(row.getByRole("button", { name: "取消模板作者" })).toBeVisible();

    // 我的模板 → 新建模板 → the designer in template mode.
    await openLoggedIn(user, request, DEMO_VIP2, "/dc/template?tab=mine");
    await user.getByRole("button", { name: "新建模板" }).click();
    await expect(user).toHaveURL(/\/dc\/createTemplate$/);
    await user.getByLabel("模板名称").fill(title);
    await user.getByRole("button", { name: "创建并编辑题目" }).click();
    await expect(user).toHaveURL(/\/dc\/createTemplate\?id=\d+$/);
    const id = Number(new URL(user.url()).searchParams.get("id"));
    const topBar = user.locator(".dd-topbar");
    await expect(topBar.getByLabel("模板名称")).toHaveValue(title);
    await expect(topBar.getByRole("button", { name: /发布/ })).toHaveCount(0);
    await expect(user.getByTestId("template-review-state")).toHaveText("私有");

    // Questions autosave through template/updateTemplate.
    const saved = updateAfter(user, async () => {
      await user.getByTestId("palette").locator('[data-type="single"]').click();
    });
    await expect(user.getByTestId("question-card")).toHaveCount(1);
    await saved;
    await expect(user.getByTestId("save-indicator")).toHaveAttribute("data-state", "saved");

    // 模板设置: metadata and a stock cover.
    await user.locator(".dd-side").getByRole("tab", { name: "模板设置" }).click();
    const info = user.getByRole("region", { name: "模板信息" });
    await info.getByLabel("模板简介").fill("门店服务体验回访");
    await info.getByRole("button", { name: "调研蓝" }).click();
    const withInfo = await updateAfter(user, () =>
      info.getByRole("button", { name: "保存模板信息" }).click(),
    );
    expect(withInfo).toMatchObject({ title, visibility: "private" });

    // 提交审核 (a template author now).
    const submitted = await updateAfter(user, () => user.getByTestId("template-submit").click());
    expect(submitted).toMatchObject({ visibility: "public", reviewState: "pending" });
    await expect(user.getByTestId("template-review-state")).toHaveText("待审核");
    await expect(user.getByTestId("template-submit")).toHaveText(/撤回审核/);

    // 模板管理: the review queue opens on 待审核; 通过 puts it in the gallery.
    await admin.goto("/dw/templates");
    await expect(admin.getByTestId("admin-templates-page")).toBeVisible();
    const queued = admin.locator(".ant-table-row", { hasText: title });
    await expect(queued).toContainText("待审核");
    const approved = admin.waitForResponse((r) => r.url().includes("admin/template/review"));
    await queued.getByRole("button", { name: "通过" }).click();
    expect(((await (await approved).json()) as { data: TemplateCard }).data.reviewState).toBe("approved");

    const gallery = (await (
      await request.get("/wjgj/api/navigation/getChoiceTemplateList", {
        params: { pageNum: 1, pageSize: 5, keyword: title },
      })
    ).json()) as { data: { list: TemplateCard[] } };
    expect(gallery.data.list.map((card) => card.id)).toEqual([id]);
    await admin.context().close();
    await user.context().close();
  });
});
