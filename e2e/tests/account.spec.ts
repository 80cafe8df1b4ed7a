import { expect, type Page, test } from "@playwright/test";
import { PNG } from "pngjs";
import { latestSmsCode } from "../support/accounts.ts";
import { OTHER_LOGIN_SECRET, signRequestParam } from "../support/partner.ts";

/**
 * Issue #16, account self-service: a new user signs up by SMS, changes nickname and avatar (cropped in the
 * browser) and sees them in the header, sets a first password and logs in with it; 忘记密码 on /Loginone
 * resets a password by SMS. Each at desktop width and at 390 px.
 */

let phoneSeq = 0;
/** A phone no other journey uses (the per-phone SMS limits count per day). */
function freshPhone(): string {
  phoneSeq += 1;
  return `136${String(Date.now() % 100_000).padStart(5, "0")}${String(phoneSeq).padStart(3, "0")}`;
}

/** A 600×400 picture, orange on the left and blue on the right. */
function picture(): Buffer {
  const image = new PNG({ width: 600, height: 400 });
  for (let i = 0; i < 600 * 400; i++) {
    const left = i % 600 < 300;
    image.data.set(left ? [250, 140, 20, 255] : [30, 90, 220, 255], i * 4);
  }
  return PNG.sync.write(image);
}

async function smsSignUp(page: Page, phone: string) {
  await page.goto("/Loginone");
  const form = page.getByTestId("sms-login-form");
  await form.getByPlaceholder("请输入手机号").fill(phone);
  await form.getByTestId("send-code").click();
  await expect(form.getByTestId("send-code")).toHaveText(/\d+秒后重新获取/);
  await form.getByPlaceholder("请输入6位验证码").fill(await latestSmsCode(page.request, phone));
  await page.getByRole("checkbox").check();
  await form.getByRole("button", { name: "登录 / 注册" }).click();
  await expect(page.getByTestId("header-avatar")).toBeVisible();
}

async function passwordLogin(page: Page, phone: string, password: string) {
  await page.getByRole("tab", { name: "密码登录" }).click();
  const form = page.getByTestId("password-login-form");
  await form.getByPlaceholder("请输入手机号").fill(phone);
  await form.getByPlaceholder("请输入密码").fill(password);
  const checkbox = page.getByRole("checkbox");
  if (!(await checkbox.isChecked())) await checkbox.check();
  await form.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(/\/dc\/dclist/);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1280, 390] as const) {
  test.describe(`account self-service at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test("nickname and avatar show in the header; a first password set after SMS sign-up logs in", async ({
      page,
    }) => {
      const phone = freshPhone();
      await smsSignUp(page, phone);
      await page.goto("/dc/personalCenter?type=1");
      await expect(page.getByTestId("personal-center-page")).toBeVisible();
      await noSidewaysScroll(page);

      const nick = page.getByTestId("nickname-form");
      await nick.getByLabel("昵称").fill("问卷达人");
      const renamed = page.waitForResponse((r) => r.url().includes("user/updateUserInfo"));
      await nick.getByRole("button", { name: "保存昵称" }).click();
      await renamed;

      await page.getByTestId("avatar-input").setInputFiles({
        name: "me.png",
        mimeType: "image/png",
        buffer: picture(),
      });
      await expect(page.getByTestId("avatar-crop").locator("img")).toBeVisible();
      await noSidewaysScroll(page);
      const uploaded = page.waitForResponse((r) => r.url().includes("user/uploadAvatar"));
      await page.getByTestId("avatar-crop-ok").click();
      const avatar = ((await (await uploaded).json()) as { data: { avatar: string } }).data.avatar;
      expect(avatar).toMatch(/^\/uploads\/avatars\/.+\.jpg$/);

      await expect(page.getByTestId("header-avatar").locator("img")).toHaveAttribute("src", avatar);
      await page.getByTestId("header-avatar").hover();
      await expect(page.getByTestId("panel-nickname")).toHaveText("问卷达人");

      await expect(page.getByText("未设置，目前只能使用验证码登录")).toBeVisible();
      await page.getByTestId("password-action").click();
      const dialog = page.getByRole("dialog", { name: "设置登录密码" });
      // Typed and clicked once the dialog has finished zooming in (a PostgreSQL run saw 保存 mid-zoom do nothing).
      await expect(dialog).not.toHaveClass(/ant-zoom/);
      await dialog.getByLabel("新密码", { exact: true }).fill("pass1234");
      await dialog.getByLabel("确认新密码").fill("pass1234");
      await dialog.getByRole("button", { name: "保存" }).click();
      await expect(page.getByText("已设置，可使用手机号 + 密码登录")).toBeVisible();

      await page.evaluate(() => localStorage.clear());
      await page.goto("/Loginone");
      await passwordLogin(page, phone, "pass1234");
      await expect(page.getByTestId("header-avatar").locator("img")).toHaveAttribute("src", avatar);
    });

    test("忘记密码 resets the password by SMS and the new one logs in", async ({ page, request }) => {
      const phone = freshPhone();
      // An account with a phone and a password but no SMS sent yet (a partner platform asserted the
      // phone), so the reset code is the phone's first and the 60 s resend wait does not apply.
      const requestParam = signRequestParam(OTHER_LOGIN_SECRET, { platformUserId: `forgot-${phone}`, phone });
      const partner = await request.post("/wjgj/api/user/fromOtherLogin", {
        form: { requestParam, fromType: "3" },
      });
      const { token } = ((await partner.json()) as { data: { token: string } }).data;
      const set = await request.post("/wjgj/api/user/setPassword", {
        headers: { token },
        form: { password: "old12345" },
      });
      expect(((await set.json()) as { code: number }).code).toBe(200);

      await page.goto("/Loginone");
      await page.getByRole("tab", { name: "密码登录" }).click();
      await page.getByTestId("forgot-password-link").click();
      const form = page.getByTestId("forgot-password-form");
      await noSidewaysScroll(page);
      await form.getByPlaceholder("请输入手机号").fill(phone);
      const sent = page.waitForResponse((r) => r.url().includes("user/sendResetCode"));
      await form.getByTestId("send-code").click();
      const sentBody = (await (await sent).json()) as { code: number; msg: string };
      expect(sentBody.code, sentBody.msg).toBe(200);
      await expect(form.getByTestId("send-code")).toHaveText(/\d+秒后重新获取/);
      await form.getByPlaceholder("请输入6位验证码").fill(await latestSmsCode(request, phone));
      await form.getByLabel("新密码", { exact: true }).fill("new12345");
      await form.getByLabel("确认新密码").fill("new12345");
      const reset = page.waitForResponse((r) => r.url().includes("user/resetPassword"));
      await form.getByRole("button", { name: "重置密码" }).click();
      expect(((await (await reset).json()) as { code: number }).code).toBe(200);

      await expect(page.getByTestId("password-login-form").getByPlaceholder("请输入手机号")).toHaveValue(
        phone,
      );
      await passwordLogin(page, phone, "new12345");
      // The old password is refused. Tried last: a failed login from this client asks for an image captcha
      // once it has failed on a few phones (passwordNeedsCaptcha), and repeated runs of this journey on one
      // server would otherwise meet it in the login above.
      const old = await request.post("/wjgj/api/user/login", { form: { phone, password: "old12345" } });
      expect(((await old.json()) as { code: number; msg: string }).msg).toBe("手机号或密码错误");
    });
  });
}
