import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { ADMIN, DEMO_PERSONAL, openLoggedIn, TOKEN_PAGE } from "../support/accounts.ts";
import { simpleSurvey } from "../support/answer-page.ts";
import { publishQuestionnaire, submitAnswers, unique } from "../support/answering.ts";
import { expectNoSeriousViolations, waitForSettledAnimations } from "../support/axe.ts";
import { demoSurveyId } from "../support/demo.ts";
import { fundedAccount } from "../support/wallet.ts";

// Issue #21: dialogs and drawers of the logged-in area and the admin console, opened from the keyboard,
// put focus on their first field (or, with none, on the dialog itself, named by its title), keep it inside
// while Tab cycles, close on Escape and hand focus back to the control that opened them.

async function expectDialogBehaviour(page: Page, opener: Locator, dialog: Locator, first: Locator) {
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(first, "打开后焦点应在对话框的第一个输入项（或对话框本身）上").toBeFocused();
  // antd moves focus again when its opening motion ends; the first focus must survive that.
  await waitForSettledAnimations(page);
  await expect(first, "开场动画结束后焦点仍应在第一个输入项上").toBeFocused();
  // More presses than the dialog has controls: focus must wrap inside, never reach the page behind.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    // Past the dialog's last control antd lets focus leave the document for the browser's own controls
    // (the active element is then <body>) and brings it back to the dialog's first control on the next
    // Tab; what must never happen is focus landing on the page behind.
    const where = await dialog.evaluate((element) =>
      element.contains(document.activeElement)
        ? "dialog"
        : document.activeElement === document.body
          ? "browser"
          : "page",
    );
    expect(where, `第 ${i + 1} 次 Tab 后焦点落到了对话框后面的页面上`).not.toBe("page");
  }
  await page.keyboard.press("Tab");
  if ((await dialog.evaluate((element) => element.contains(document.activeElement))) === false)
    await page.keyboard.press("Tab");
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** A fresh account with 50 元 in its wallet, logged in on `path`. */
async function openFunded(page: Page, request: APIRequestContext, path: string) {
  const { token } = await fundedAccount(request);
  await page.goto(TOKEN_PAGE);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto(path);
}

test.describe("dialogs by keyboard", () => {
  // With motion, as most people see them: focus has to come back to the opener after the closing motion too.
  test.use({ reducedMotion: "no-preference" });
  test("创建问卷's blank dialog", async ({ page, request }) => {
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/creatDc");
    await expectDialogBehaviour(
      page,
      page.getByTestId("method-blank"),
      page.getByRole("dialog", { name: "创建空白问卷" }),
      page.getByRole("dialog", { name: "创建空白问卷" }).getByRole("textbox", { name: /标题$/ }),
    );
  });

  test("the results page's 筛选 dialog", async ({ page, request }) => {
    const q = await publishQuestionnaire(request, simpleSurvey(unique("焦点筛选")));
    await submitAnswers(request, q.publicId, { q1: { optionId: "a" } }, { key: "focus-filter" });
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${q.id}&tab=stats`);
    await expectDialogBehaviour(
      page,
      page.getByRole("button", { name: /筛选$/ }),
      page.getByRole("dialog").filter({ hasText: "应用筛选" }),
      // Its first field: the start of the 提交时间 range (答题条件 holds buttons only until a condition is added).
      page.getByRole("dialog").filter({ hasText: "应用筛选" }).getByPlaceholder("开始日期"),
    );
  });

  // The demo survey's open question: the drawer by keyboard, axe on it, and a word of the 词云 (its canvas has no
  // keyboard path: the top words follow it as buttons) chosen by Tab and Enter, its answers taking focus.
  test("the results page's 文本分析 drawer: keyboard, axe, and a word's answers by keyboard", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const id = await demoSurveyId(request);
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${id}&tab=stats`);
    const opener = page.getByTestId("stats-advice").getByRole("button", { name: "词云分析" });
    const drawer = page.locator(".ant-drawer-open").filter({ hasText: "· 文本分析" });
    const dialog = page.getByRole("dialog", { name: / · 文本分析$/ });
    // Its first field: the 词云 / 词频表 / 编码 switch, at 词云.
    const view = dialog.getByRole("radio", { name: "词云" });
    await expectDialogBehaviour(page, opener, drawer, view);

    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(view).toBeFocused();
    const cloud = dialog.getByTestId("word-cloud");
    await expect(cloud).not.toHaveAttribute("data-words", "0");
    await expect(cloud.getByRole("img", { name: /的词云，出现最多的词：/ })).toHaveAttribute(
      "data-state",
      "ready",
    );
    await expectNoSeriousViolations(page, "文本分析", dialog);

    // Tab from there reaches the first of the words below the cloud.
    const words = dialog.getByTestId("word-cloud-top").getByRole("button");
    const first = words.first();
    const word = (await first.innerText()).trim();
    for (let i = 0; i < 15 && !(await first.evaluate((element) => element === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(first, "Tab 应能到达词云下方的词语按钮").toBeFocused();
    await page.keyboard.press("Enter");
    const answers = dialog.getByTestId("word-answers");
    await expect(answers.getByRole("heading", { name: `包含“${word}”的答案` })).toBeFocused();
    await expect(answers.locator("mark").first()).toHaveText(word);
    await expectNoSeriousViolations(page, "文本分析 · 包含所选词语的答案", dialog);
    await answers.getByRole("button", { name: "清除" }).focus();
    await page.keyboard.press("Enter");
    await expect(answers).toBeHidden();
    await expect(first).toBeFocused();
  });

  test("the admin console's 登录记录 drawer", async ({ page, request }) => {
    await openLoggedIn(page, request, ADMIN, "/dw/admin/user");
    await expectDialogBehaviour(
      page,
      page.getByRole("button", { name: "登录记录" }).first(),
      // antd focuses the drawer's outer box, which holds the role="dialog" element; the whole box must keep
      // focus while Tab cycles.
      page.locator(".ant-drawer-open").filter({ hasText: "登录记录：" }),
      // A read-only drawer has no field: focus goes to the dialog, which a screen reader names by its title.
      page.getByRole("dialog", { name: /^登录记录：/ }),
    );
  });

  // axe on a console page with a dialog open takes a while on a loaded machine.
  test("我的钱包's 申请提现 dialog: keyboard, and axe with it open", async ({ page, request }) => {
    test.setTimeout(120_000);
    await openFunded(page, request, "/dc/personalCenter?type=2");
    await expect(page.getByTestId("wallet-balance")).toHaveText("50.00");
    const opener = page.getByRole("button", { name: "提现", exact: true });
    const dialog = page.getByRole("dialog", { name: "申请提现" });
    await expectDialogBehaviour(page, opener, dialog, dialog.getByLabel("提现金额（元）"));
    await opener.click();
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, "申请提现");
  });

  test("消费明细's 申请发票 dialog: keyboard, and axe with it open", async ({ page, request }) => {
    test.setTimeout(120_000);
    // The recharge that funded the account is a paid order: 消费明细 offers 申请发票 on it.
    await openFunded(page, request, "/dc/personalCenter?type=3");
    const opener = page.getByRole("button", { name: "申请发票" }).first();
    const dialog = page.getByRole("dialog", { name: "申请发票" });
    await expect(opener).toBeVisible();
    await expectDialogBehaviour(page, opener, dialog, dialog.getByLabel("发票抬头"));
    await opener.click();
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, "申请发票");
  });
});
