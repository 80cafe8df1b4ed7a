import { type Browser, expect, test } from "@playwright/test";
import { DEMO_PERSONAL, latestSmsCode, openLoggedIn } from "../support/accounts.ts";
import { PHONE, simpleSurvey } from "../support/answer-page.ts";
import { type Created, publishQuestionnaire, unique } from "../support/answering.ts";
import { answerGrade, creatorCall, publishPrizeDraw } from "../support/rewards.ts";

/** Issue #17: who may draw by a condition built in 奖励设置; draws counted per verified phone; the public list. */

/** A respondent on a phone of their own (a fresh context: one device answers once) submits `grade`. */
async function answerOnPhone(browser: Browser, q: Created, grade: "大一" | "大二") {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await answerGrade(page, q.publicId, grade);
  return { page, context };
}

test("a condition built in 奖励设置 decides who may draw", async ({ page, request, browser }) => {
  // Three browsers in one journey (the creator and two respondents' phones).
  test.slow();
  const q = await publishQuestionnaire(request, simpleSurvey(unique("条件抽奖")));
  await creatorCall(request, q, "prize/addPrize", {
    questionnaireId: q.id,
    name: "笔记本",
    prizeType: "physical",
    stock: 5,
    probability: 100,
  });
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/rewards?id=${q.id}`);
  const form = page.getByRole("button", { name: "保存抽奖设置" });
  // The page chunk (with the logic editor's builder) may take a while on a busy machine.
  await expect(form).toBeEnabled({ timeout: 30_000 });
  await page.getByRole("switch", { name: "开启抽奖" }).click();
  await page.getByLabel("谁可以抽奖").click();
  await page.locator(".ant-select-item-option", { hasText: "答卷满足条件的人" }).click();
  const dialog = page.getByRole("dialog", { name: "设置答题条件" });
  const builder = dialog.getByTestId("eligibility-builder");
  // A click during the dialog's opening animation may add nothing; click again only while none was added.
  await expect(async () => {
    if ((await builder.locator(".dd-cond-row").count()) === 0)
      await dialog.getByRole("button", { name: "添加条件", exact: true }).click();
    await expect(builder).toContainText("大一", { timeout: 2_000 });
  }).toPass();
  await expect(builder.locator(".dd-cond-row")).toHaveCount(1);
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("eligibility-summary")).toContainText("大一");
  await form.click();
  await expect(page.getByText("抽奖设置已保存")).toBeVisible();

  const other = await answerOnPhone(browser, q, "大二");
  await expect(other.page.getByTestId("rewards")).toBeAttached();
  await expect(other.page.getByRole("button", { name: "抽奖", exact: true })).toHaveCount(0);
  await other.context.close();

  const meets = await answerOnPhone(browser, q, "大一");
  await expect(meets.page.getByRole("button", { name: "抽奖", exact: true })).toBeEnabled();
  await meets.context.close();
});

test.describe("on a phone", () => {
  test.use({ ...PHONE });

  test("draws counted per phone: verify, draw, win; the public winners list shows the winner masked", async ({
    page,
    request,
  }) => {
    const q = await publishPrizeDraw(request, unique("手机号抽奖"), {
      enabled: true,
      limitBy: "phone",
      publicWinners: true,
      winnerFields: ["name"],
    });
    await answerGrade(page, q.publicId, "大一");
    const draw = page.getByRole("button", { name: "抽奖", exact: true });
    await expect(draw).toBeEnabled();
    const verify = page.getByRole("group", { name: "每个手机号可抽奖的次数有限，请先验证手机号" });
    const phone = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await verify.getByRole("textbox", { name: "手机号" }).fill(phone);
    await verify.getByRole("button", { name: "获取验证码" }).tap();
    await expect(verify.getByRole("button", { name: /秒后重发/ })).toBeDisabled();
    await verify.getByRole("textbox", { name: "验证码" }).fill(await latestSmsCode(request, phone));
    await draw.tap();
    await expect(page.getByTestId("draw-result")).toContainText("恭喜您抽中：保温杯", { timeout: 15_000 });
    const form = page.getByRole("form", { name: "领奖信息" });
    await form.getByRole("textbox", { name: "姓名" }).fill("李雷");
    await form.getByRole("button", { name: "提交领奖信息" }).tap();
    await expect(page.getByTestId("winner-form-done")).toBeVisible();

    const winners = page.getByTestId("public-winners");
    await winners.getByRole("button", { name: "查看中奖名单" }).tap();
    await expect(winners.getByRole("list", { name: "中奖名单" }).getByRole("listitem")).toHaveCount(1);
    await expect(winners.getByRole("listitem")).toContainText("李**");
    await expect(winners.getByRole("listitem")).toContainText("保温杯");
    await expect.poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBe(390);
  });
});
