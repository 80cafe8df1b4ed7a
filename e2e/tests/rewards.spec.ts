import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { PHONE, simpleSurvey } from "../support/answer-page.ts";
import { publishQuestionnaire, TINY_PNG, unique } from "../support/answering.ts";
import { answerGrade, creatorCall, publishPrizeDraw } from "../support/rewards.ts";
import { reviewShot } from "../support/shots.ts";

/** Issue #17: a respondent on a phone answers, draws, wins and fills in the form; the creator sees the winner. */

async function expectNoSidewaysScroll(page: Page, width: number) {
  await expect.poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBe(width);
}

test.describe("rewards on a phone", () => {
  // The first journey watches the wheel turn; the second asks for reduced motion itself.
  test.use({ ...PHONE, reducedMotion: "no-preference" });

  test("answer, draw, win, fill in the form; the creator sees the winner", async ({
    page,
    request,
    browser,
  }) => {
    const q = await publishPrizeDraw(request, unique("抽奖问卷"), {
      enabled: true,
      winnerFields: ["name", "phone"],
    });
    await answerGrade(page, q.publicId, "大一");
    const draw = page.getByRole("button", { name: "抽奖", exact: true });
    await expect(draw).toBeEnabled();
    await expectNoSidewaysScroll(page, 390);
    await draw.tap();
    // The wheel turns (4 s) and then shows the result; waiting for the result, not for a time.
    const result = page.getByTestId("draw-result");
    await expect(result).toContainText("恭喜您抽中：保温杯", { timeout: 15_000 });
    const form = page.getByRole("form", { name: "领奖信息" });
    await form.getByRole("textbox", { name: "姓名" }).fill("韩梅梅");
    await form.getByRole("textbox", { name: "手机号" }).fill("13812345678");
    await form.getByRole("button", { name: "提交领奖信息" }).tap();
    await expect(page.getByTestId("winner-form-done")).toBeVisible();
    await expectNoSidewaysScroll(page, 390);

    const creator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openLoggedIn(creator, request, DEMO_PERSONAL, `/dc/result?id=${q.id}&tab=winners`);
    const winners = creator.getByTestId("winners-tab");
    await expect(winners.getByRole("row", { name: /保温杯.*韩梅梅.*13812345678/ })).toBeVisible();
    await winners.getByRole("button", { name: "标记已发放" }).click();
    await expect(winners.getByText("已发放", { exact: true })).toBeVisible();
    await creator.close();
  });

  test("with reduced motion the result shows without the wheel turning", async ({ page, request }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const q = await publishQuestionnaire(request, simpleSurvey(unique("减少动效")));
    await creatorCall(request, q, "prize/updatePrizeSet", {
      questionnaireId: q.id,
      prizeSet: { enabled: true },
    });
    await answerGrade(page, q.publicId, "大二");
    await page.getByRole("button", { name: "抽奖", exact: true }).tap();
    await expect(page.getByTestId("draw-result")).toContainText("谢谢参与");
    const transition = await page
      .getByTestId("prize-wheel")
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(transition).toBe("0s");
  });
});

for (const width of [1280, 390]) {
  test(`a winner who skipped the form shows 未填写 and 查看答卷 opens their response (${width} px)`, async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const q = await publishPrizeDraw(request, unique("未填写领奖"), {
      enabled: true,
      winnerFields: ["name", "phone"],
    });
    const phone = await browser.newContext(PHONE);
    const respondent = await phone.newPage();
    await answerGrade(respondent, q.publicId, "大二");
    await respondent.getByRole("button", { name: "抽奖", exact: true }).tap();
    await expect(respondent.getByTestId("draw-result")).toContainText("恭喜您抽中：保温杯", {
      timeout: 15_000,
    });
    // The respondent leaves without filling in 领奖信息.
    await phone.close();

    await page.setViewportSize({ width, height: 900 });
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${q.id}&tab=winners`);
    const row = page.getByTestId("winners-tab").getByRole("row").filter({ hasText: "保温杯" });
    // 姓名, 手机号 and 收货地址 each say so, rather than "— — —".
    await expect(row.getByText("未填写", { exact: true })).toHaveCount(3);
    await reviewShot(page, { path: testInfo.outputPath(`winners-${width}.png`), fullPage: true });
    await row.getByRole("button", { name: /查看答卷/ }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toContainText("您的年级");
    await expect(drawer).toContainText("大二");
  });
}

test("the 奖励 settings page fits 1280 px and 390 px and is reached from 我的问卷", async ({
  page,
  request,
}) => {
  const q = await publishQuestionnaire(request, simpleSurvey(unique("奖励设置")));
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dclist`);
  const item = page.locator(`[data-testid="questionary-card"][data-id="${q.id}"]`);
  await item.getByTestId("rewards-button").click();
  await expect(page).toHaveURL(new RegExp(`/dc/rewards\\?id=${q.id}`));
  await expect(page.getByRole("button", { name: "保存抽奖设置" })).toBeVisible();
  await expectNoSidewaysScroll(page, 1280);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("button", { name: "添加红包" })).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
});

for (const width of [1280, 390]) {
  test(`a prize is edited in place and takes an uploaded picture (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 860 });
    const q = await publishQuestionnaire(request, simpleSurvey(unique("奖品编辑")));
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/rewards?id=${q.id}`);
    await page.getByRole("button", { name: "添加奖品" }).click();
    const addDialog = page.getByRole("dialog", { name: "添加奖品" });
    await addDialog.getByLabel("奖品名称").fill("保温杯");
    await addDialog.getByRole("button", { name: "添加" }).click();
    await expect(addDialog).toBeHidden();
    const row = page.locator(".ant-table-row").filter({ hasText: "保温杯" });
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: "编辑奖品 保温杯" }).click();
    const dialog = page.getByRole("dialog", { name: "编辑奖品" });
    await expect(dialog.getByLabel("奖品名称")).toHaveValue("保温杯");
    await dialog.getByLabel("奖品名称").fill("定制保温杯");
    await dialog.getByLabel("中奖概率（%）").fill("25");
    const uploaded = page.waitForResponse((r) => r.url().includes("/wjgj/api/upload/upload"));
    await dialog
      .getByTestId("prize-image-field")
      .locator("input[type=file]")
      .setInputFiles({ name: "cup.png", mimeType: "image/png", buffer: TINY_PNG });
    expect((await (await uploaded).json()).code).toBe(200);
    await expect(dialog.getByRole("img", { name: "奖品图片预览" })).toBeVisible();
    await expect(dialog.getByLabel("奖品图片地址")).toHaveValue(/^\/uploads\//);
    if (width === 390) await expectNoSidewaysScroll(page, width);
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(dialog).toBeHidden();

    const edited = page.locator(".ant-table-row").filter({ hasText: "定制保温杯" });
    await expect(edited).toContainText("25%");
    await expect(edited.locator("img.wj-rewards__prize-image")).toHaveAttribute("src", /^\/uploads\//);
    // What the table shows is what was stored.
    const list = await request.get("/wjgj/api/prize/getPrizeList", {
      headers: { token: q.token },
      params: { questionnaireId: q.id },
    });
    const prizes = ((await list.json()) as { data: { name: string; image: string; probability: number }[] })
      .data;
    expect(prizes).toEqual([expect.objectContaining({ name: "定制保温杯", probability: 25 })]);
    expect(prizes[0]?.image).toMatch(/^\/uploads\//);
    await expectNoSidewaysScroll(page, width);
  });
}
