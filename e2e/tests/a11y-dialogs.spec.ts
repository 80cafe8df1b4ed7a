import { expect, type Locator, type Page, test } from "@playwright/test";
import { ADMIN, DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { simpleSurvey } from "../support/answer-page.ts";
import { publishQuestionnaire, submitAnswers, unique } from "../support/answering.ts";

// Issue #21: dialogs and drawers of the logged-in area and the admin console, opened from the keyboard,
// take focus, keep it inside while Tab cycles, close on Escape and hand focus back to the control that
// opened them.

async function expectDialogBehaviour(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), {
      message: "焦点应进入对话框",
    })
    .toBe(true);
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

test.describe("dialogs by keyboard", () => {
  test("创建问卷's blank dialog", async ({ page, request }) => {
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/creatDc");
    await expectDialogBehaviour(
      page,
      page.getByTestId("method-blank"),
      page.getByRole("dialog", { name: "创建空白问卷" }),
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
    );
  });

  test("the admin console's 登录记录 drawer", async ({ page, request }) => {
    await openLoggedIn(page, request, ADMIN, "/dw/admin/user");
    await expectDialogBehaviour(
      page,
      page.getByRole("button", { name: "登录记录" }).first(),
      // antd focuses the drawer's outer box, which holds the role="dialog" element, not the dialog itself.
      page.locator(".ant-drawer-open").filter({ hasText: "登录记录：" }),
    );
  });
});
