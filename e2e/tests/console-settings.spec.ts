import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiLogin, DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { TINY_PNG, unique } from "../support/answering.ts";
import { reviewShot } from "../support/shots.ts";

test.use({ viewport: { width: 1280, height: 900 } });

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function readSettings(request: APIRequestContext, id: number) {
  const { token } = await apiLogin(request, DEMO_PERSONAL);
  const response = await request.get("/wjgj/api/questionary/getQuestionarySet", {
    headers: { token },
    params: { id },
  });
  const body = (await response.json()) as Envelope<Record<string, unknown>>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** Creates an exam the way a creator does, through 创建问卷; answers its id. */
async function createExam(page: Page, request: APIRequestContext, title: string) {
  await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/creatDc");
  await page.getByTestId("kind-exam").click();
  await page.getByTestId("method-blank").click();
  await page.getByTestId("blank-title").fill(title);
  await page.getByRole("button", { name: "立即创建" }).click();
  // The toast names the kind that was created (issue #12.9), not 问卷 for everything.
  await expect(page.locator(".ant-message-notice", { hasText: "考试已创建" })).toBeVisible();
  await expect(page).toHaveURL(/\/dc\/dcDesign\?id=\d+$/);
  return Number(new URL(page.url()).searchParams.get("id"));
}

/** Another window saves a setting, against what it had read. */
async function saveElsewhere(request: APIRequestContext, id: number, settings: Record<string, unknown>) {
  const { token } = await apiLogin(request, DEMO_PERSONAL);
  const seen = await readSettings(request, id);
  const base = Object.fromEntries(Object.keys(settings).map((key) => [key, seen[key]]));
  const response = await request.post("/wjgj/api/questionary/updateQuestionarySet", {
    headers: { token },
    data: { id, settings, base },
  });
  const body = (await response.json()) as Envelope<unknown>;
  expect(body.code, body.msg).toBe(200);
}

async function openSurveySettings(page: Page) {
  await page.getByRole("tab", { name: "问卷设置" }).click();
  await expect(page.getByTestId("settings-save-status")).toBeVisible();
}

test.describe("问卷设置 in the designer", () => {
  test("save themselves like the questions, and leaving right after a change loses nothing", async ({
    page,
    request,
  }, testInfo) => {
    const id = await createExam(page, request, unique("设置自动保存"));
    await openSurveySettings(page);
    await expect(page.getByRole("button", { name: "保存设置" })).toHaveCount(0);

    const status = page.getByTestId("settings-save-status");
    await page.getByLabel("感谢语").fill("感谢参加本次考试");
    await expect(status).toHaveAttribute("data-state", "saved");
    expect((await readSettings(request, id)).thankYouText).toBe("感谢参加本次考试");

    // A change, then 返回 at once: the leave guard saves it on the way out.
    await page.getByLabel("最多回收答卷数（0 为不限）").fill("120");
    await page.getByRole("button", { name: "返回" }).click();
    await expect(page).toHaveURL(/\/dc\/dclist/);
    expect((await readSettings(request, id)).maxResponses).toBe(120);
    await reviewShot(page, { path: testInfo.outputPath("after-leave.png") });
  });

  test("切屏次数限制 sits with the exam settings, and the header image is uploaded", async ({
    page,
    request,
  }, testInfo) => {
    const id = await createExam(page, request, unique("考试设置位置"));
    await openSurveySettings(page);
    const settings = page.locator(".dd-settings");

    // In the exam section, before the 外观 heading, and saved like the rest.
    const order = await settings.evaluate((root) => {
      const texts = Array.from(root.querySelectorAll(".dd-section__title, .dd-field__label")).map((el) =>
        (el.textContent ?? "").trim(),
      );
      return {
        exam: texts.indexOf("考试设置"),
        limit: texts.indexOf("切屏次数限制"),
        look: texts.indexOf("外观"),
        computed: texts.indexOf("计算值"),
      };
    });
    expect(order.exam).toBeGreaterThanOrEqual(0);
    expect(order.limit).toBeGreaterThan(order.exam);
    expect(order.limit).toBeLessThan(order.computed);
    expect(order.limit).toBeLessThan(order.look);
    await page.getByLabel("切屏次数限制").fill("3");
    await expect(page.getByTestId("settings-save-status")).toHaveAttribute("data-state", "saved");
    await expect.poll(async () => (await readSettings(request, id)).tabSwitchLimit).toBe(3);

    const field = page.getByTestId("header-image-field");
    await field.scrollIntoViewIfNeeded();
    const chooser = page.waitForEvent("filechooser");
    await field.getByRole("button", { name: "上传图片" }).click();
    await (await chooser).setFiles({ name: "页眉.png", mimeType: "image/png", buffer: TINY_PNG });
    const preview = field.getByRole("img", { name: "页眉图片预览" });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute("src", /^\/uploads\/.+\.png$/);
    await expect(page.getByTestId("settings-save-status")).toHaveAttribute("data-state", "saved");
    await expect
      .poll(async () => String((await readSettings(request, id)).headerImage))
      .toMatch(/^\/uploads\/.+\.png$/);
    await reviewShot(page, { path: testInfo.outputPath("exam-settings.png"), fullPage: true });
  });

  test("the same setting changed in another window is a conflict: 刷新 shows theirs, 覆盖 keeps mine", async ({
    page,
    request,
  }) => {
    const id = await createExam(page, request, unique("设置冲突"));
    await openSurveySettings(page);
    const status = page.getByTestId("settings-save-status");
    const thanks = page.getByLabel("感谢语");

    await saveElsewhere(request, id, { thankYouText: "另一个窗口的感谢语" });
    await thanks.fill("这个窗口的感谢语");
    await expect(status).toHaveAttribute("data-state", "conflict");
    await expect(status).toContainText("问卷设置已在其他窗口或设备上修改");
    expect((await readSettings(request, id)).thankYouText).toBe("另一个窗口的感谢语");
    await status.getByRole("button", { name: "刷新" }).click();
    await expect(status).toHaveAttribute("data-state", "saved");
    await expect(page.getByLabel("感谢语")).toHaveValue("另一个窗口的感谢语");

    // A second clash: 覆盖 saves this window's value over the other one.
    await saveElsewhere(request, id, { thankYouText: "又改了一次" });
    await page.getByLabel("感谢语").fill("坚持我的感谢语");
    await expect(status).toHaveAttribute("data-state", "conflict");
    await status.getByRole("button", { name: "覆盖" }).click();
    await expect(status).toHaveAttribute("data-state", "saved");
    expect((await readSettings(request, id)).thankYouText).toBe("坚持我的感谢语");
  });
});
