import { expect, type Page, test } from "@playwright/test";
import { ADMIN, latestSmsCode, openLoggedIn } from "../support/accounts.ts";
import { adminCall } from "../support/admin.ts";
import { lifecycle, publishQuestionnaire, submitAnswers, unique } from "../support/answering.ts";
import { reviewShot } from "../support/shots.ts";

// The admin console in a desktop viewport. Whatever a journey adds to the site it takes away again, so
// the public-site journeys that count seeded content run the same before or after these.
test.use({ viewport: { width: 1440, height: 900 } });

async function openConsole(page: Page, request: Parameters<typeof openLoggedIn>[1], path: string) {
  await openLoggedIn(page, request, ADMIN, path);
  await expect(page.getByTestId("admin-layout")).toBeVisible();
}

/** Undo steps of the running journey; run after it even when it failed or timed out. */
const cleanups: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

test.describe("admin console", () => {
  // Each journey changes its own part of the site (a news item, VIP level 3, a friend link, a fresh account,
  // the contact and SMS settings, the data keys) and restores it: they spread over the workers, which otherwise
  // waited for this file alone once the others were done.
  test.describe.configure({ mode: "parallel" });
  test("an admin publishes a news item and it appears on the site", async ({ page, request }, testInfo) => {
    const title = unique("管理员发布的资讯");
    cleanups.push(async () => {
      const { list } = await adminCall<{ list: { id: number }[] }>(request, "GET", "admin/news/list", {
        keyword: title,
      });
      for (const item of list) await adminCall(request, "POST", "admin/news/delete", { id: item.id });
    });
    await openConsole(page, request, "/dw/content/news");
    await page.getByRole("button", { name: "新建资讯" }).click();
    const form = page.getByTestId("record-form");
    await form.getByLabel("标题").fill(title);
    await form.getByLabel("摘要").fill("后台发布后立即出现在资讯列表中。");
    const editor = form.getByRole("textbox", { name: "正文" });
    await editor.click();
    await page.keyboard.type("第一段正文");
    await form.getByRole("button", { name: "加粗" }).click();
    await page.keyboard.type("重点");
    await form.getByText("发布", { exact: true }).click();
    await reviewShot(page, { path: testInfo.outputPath("admin-news-form.png") });
    await page.getByRole("dialog").getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("已新建资讯")).toBeVisible();
    await expect(page.getByTestId("admin-news").getByRole("cell", { name: title })).toBeVisible();

    await page.goto("/website/resource/news");
    await expect(page.getByTestId("news-card").first()).toContainText(title);
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByTestId("news-detail").getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("news-content").locator("strong")).toHaveText("重点");
  });

  test("an admin publishes a VIP level and the pricing page shows it", async ({ page, request }) => {
    type Level = { id: number; level: number; name: string; limits: unknown };
    const { list } = await adminCall<{ list: Level[] }>(request, "GET", "admin/vipSet/list", {});
    const original = list.find((level) => level.level === 3);
    if (!original) throw new Error("种子数据缺少 3 级会员");
    cleanups.push(() =>
      adminCall(request, "POST", "admin/vipSet/save", {
        ...(original as unknown as Record<string, string | number>),
        limits: JSON.stringify(original.limits),
      }),
    );
    const name = `尊享会员${Date.now() % 1000}`;

    await openConsole(page, request, "/dw/vip");
    const screen = page.getByTestId("admin-vip");
    // As a draft it is off the pricing page …
    await screen
      .getByRole("row")
      .filter({ hasText: original.name })
      .getByRole("button", { name: "编辑" })
      .click();
    const form = page.getByTestId("record-form");
    await expect(form.getByLabel("名称")).toHaveValue(original.name);
    await form.getByLabel("名称").fill(name);
    await form.getByLabel("年价（元，0为不按年销售）").fill("1288.50");
    await form.getByLabel("团队成员").fill("-1");
    await form.getByText("草稿", { exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("已保存")).toBeVisible();
    await expect(screen.getByRole("row").filter({ hasText: name })).toContainText("¥1288.50");
    await page.goto("/website/version");
    await expect(page.getByTestId("plan-card").first()).toBeVisible();
    await expect(page.getByTestId("plan-card").filter({ hasText: name })).toHaveCount(0);

    // … and published it is on it, with the price in yuan.
    await page.goto("/dw/vip");
    await screen.getByRole("row").filter({ hasText: name }).getByRole("button", { name: "编辑" }).click();
    await form.getByText("发布", { exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("已保存")).toBeVisible();
    await page.goto("/website/version");
    const card = page.getByTestId("plan-card").filter({ hasText: name });
    await expect(card).toContainText("1288.50");
    await expect(card).toContainText("团队成员：不限");
  });

  test("a friend-link request approved in the console appears in the site footer", async ({
    page,
    request,
  }) => {
    const name = unique("友链");
    const url = `https://friend-${Date.now().toString(36)}.example.com`;
    const sent = await request.post("/wjgj/api/navigation/addNavigationLink", {
      form: { name, url, contact: "站长 qq 10001" },
    });
    expect(((await sent.json()) as { code: number }).code).toBe(200);
    cleanups.push(async () => {
      const { list } = await adminCall<{ list: { id: number; name: string }[] }>(
        request,
        "GET",
        "admin/friendLink/list",
        {},
      );
      const mine = list.find((item) => item.name === name);
      if (mine)
        await adminCall(request, "POST", "admin/friendLink/review", { id: mine.id, decision: "reject" });
    });

    await openConsole(page, request, "/dw/content/friend-links");
    const screen = page.getByTestId("admin-friend-links");
    const row = screen.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("待审核");
    await row.getByRole("button", { name: "通过" }).click();
    await expect(page.getByText("已通过，链接将显示在网站页脚")).toBeVisible();
    await expect(row).toContainText("已通过");

    await page.goto("/website/home");
    const link = page.locator("footer").getByRole("link", { name });
    await expect(link).toHaveAttribute("href", url);
  });

  test("an admin sets a user's membership, sees their sessions, resets the password and disables them", async ({
    page,
    request,
  }) => {
    // A fresh account from an SMS login, so the demo accounts keep their passwords.
    const phone = `137${String(Date.now()).slice(-8)}`;
    await request.post("/wjgj/api/user/sendCode", { form: { phone } });
    const login = await request.post("/wjgj/api/user/checkPhoneCode", {
      form: { phone, code: await latestSmsCode(request, phone) },
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    await openConsole(page, request, "/dw/admin/user");
    const screen = page.getByTestId("admin-user-page");
    await page.getByPlaceholder("按手机号搜索").fill(phone);
    await page.getByPlaceholder("按手机号搜索").press("Enter");
    const row = screen.locator("tbody tr.ant-table-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("个人版");

    await row.getByRole("button", { name: "会员" }).click();
    const vip = page.getByTestId("vip-form");
    await vip.getByLabel("会员等级").click();
    await page.locator(".ant-select-item-option", { hasText: "黄金会员" }).click();
    await vip.getByLabel("到期时间").fill("2030-12-31 23:59:59");
    await vip.getByLabel("到期时间").press("Enter");
    await vip.getByLabel("调整原因").fill("合作伙伴试用");
    await page
      .getByRole("dialog", { name: /设置会员/ })
      .getByRole("button", { name: "保存" })
      .click();
    await expect(page.getByText("会员信息已保存")).toBeVisible();
    await expect(row).toContainText("黄金会员");
    await expect(row).toContainText("2030-12-31 23:59:59");

    await row.getByRole("button", { name: "登录记录" }).click();
    await expect(page.getByTestId("sessions-table").locator("tbody tr.ant-table-row")).toHaveCount(1);
    await expect(page.getByTestId("sessions-table")).toContainText("有效");
    await page.keyboard.press("Escape");

    await row.getByRole("button", { name: "重置密码" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "重置" }).click();
    const password = (await page.getByTestId("new-password").innerText()).trim();
    await page.getByRole("button", { name: "我已记下" }).click();
    // The old session is over; the new password works.
    const info = await request.get("/wjgj/api/user/getUserInfo", { headers: { token } });
    expect(((await info.json()) as { code: number }).code).toBe(303);
    const relogin = await request.post("/wjgj/api/user/login", { form: { phone, password } });
    expect(((await relogin.json()) as { code: number }).code).toBe(200);

    await row.getByRole("button", { name: "停用" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "确定" }).click();
    await expect(row).toContainText("已停用");
    const refused = await request.post("/wjgj/api/user/login", { form: { phone, password } });
    expect(((await refused.json()) as { code: number }).code).not.toBe(200);
    await row.getByRole("button", { name: "启用" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "确定" }).click();
    await expect(row).toContainText("正常");
  });

  test("site settings save per section, show on the site, and never send the SMS secret back", async ({
    page,
    request,
  }) => {
    const before = await adminCall<{ contact: Record<string, string>; sms: Record<string, string> }>(
      request,
      "GET",
      "admin/settings/get",
      {},
    );
    cleanups.push(() =>
      adminCall(
        request,
        "POST",
        "admin/settings/save",
        {},
        {
          json: {
            contact: before.contact,
            sms: { ...before.sms, accessKeySecret: undefined, clearAccessKeySecret: true },
          },
        },
      ),
    );
    await openConsole(page, request, "/dw/settings");
    const contact = page.getByTestId("settings-contact");
    await contact.getByLabel("客服电话").fill("400-123-4567");
    await contact.getByRole("button", { name: "保存联系方式" }).click();
    await expect(page.getByText("联系方式已保存")).toBeVisible();

    const sms = page.getByTestId("settings-sms");
    await sms.getByLabel("AccessKey Secret").fill("sk-e2e-secret-value");
    await sms.getByRole("button", { name: "保存短信通道" }).click();
    await expect(page.getByText("短信通道已保存")).toBeVisible();
    await page.reload();
    await expect(sms.getByLabel("AccessKey Secret")).toHaveValue("");
    await expect(sms).toContainText("已设置，留空则保持不变");
    const read = await adminCall(request, "GET", "admin/settings/get", {});
    expect(JSON.stringify(read)).not.toContain("sk-e2e-secret-value");

    await page.goto("/website/companyProfile");
    await expect(page.getByTestId("contact-info")).toContainText("400-123-4567");
  });

  test("an admin rotates every data key from 站点设置 and watches it finish", async ({ page, request }) => {
    // A questionnaire with a sealed name, so there is a key to rotate whatever ran before.
    const q = await publishQuestionnaire(request, {
      schemaVersion: 1,
      kind: "form",
      title: unique("加密轮换"),
      pages: [
        {
          id: "p1",
          questions: [
            { id: "name", type: "personal", title: "姓名", required: true, config: { preset: "name" } },
          ],
        },
      ],
    });
    cleanups.push(() => lifecycle(request, q, "delQuestionary"));
    await submitAnswers(request, q.publicId, { name: "欧阳明" }, { key: unique("rotate") });
    await openConsole(page, request, "/dw/settings");
    const card = page.getByTestId("settings-encryption");
    await expect(card).toContainText("已开启：姓名、手机号、身份证号等个人信息");
    await expect(card).toContainText(/主密钥m[0-9a-f]{12}/);
    const before = await adminCall<{ lastRotatedAt: string }>(
      request,
      "GET",
      "admin/security/getEncryption",
      {},
    );
    await card.getByRole("button", { name: "轮换全部数据密钥" }).click();
    await page.getByRole("button", { name: "开始轮换" }).click();
    await expect(page.getByText("已开始轮换数据密钥")).toBeVisible();
    // The card follows the background work and settles with the button back and a newer 上次轮换.
    await expect(card.getByRole("button", { name: "轮换全部数据密钥" })).toBeEnabled({ timeout: 60_000 });
    await expect(card.getByTestId("encryption-progress")).toHaveCount(0);
    const after = await adminCall<{ lastRotatedAt: string }>(
      request,
      "GET",
      "admin/security/getEncryption",
      {},
    );
    expect(after.lastRotatedAt > before.lastRotatedAt).toBe(true);
    await expect(card).toContainText(`上次轮换${after.lastRotatedAt}`);
  });
});
