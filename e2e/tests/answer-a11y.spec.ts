import { expect, type Page, test } from "@playwright/test";
import { card, openAnswerPage } from "../support/answer-page.ts";
import { publishQuestionnaire, unique } from "../support/answering.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";

/** Two required questions and an optional one on one page: enough to fail a submit twice over. */
function requiredSurvey(title: string) {
  return {
    schemaVersion: 1,
    kind: "survey",
    title,
    settings: { numbering: "dynamic" },
    pages: [
      {
        id: "p1",
        questions: [
          { id: "nick", type: "text", title: "您的昵称", config: { format: "none" } },
          { id: "city", type: "text", title: "所在城市", required: true, config: { format: "none" } },
          {
            id: "grade",
            type: "single",
            title: "您的年级",
            required: true,
            config: {
              options: [
                { id: "a", label: "大一" },
                { id: "b", label: "大二" },
              ],
            },
          },
        ],
      },
    ],
  };
}

/** Presses Tab until `selector` holds focus, as a keyboard user would reach it. */
async function tabUntil(page: Page, name: string, limit = 20) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.getAttribute("aria-label") ?? ""}|${el.textContent ?? ""}` : "";
    });
    if (focused.includes(name)) return;
  }
  throw new Error(`按 Tab 未能到达“${name}”`);
}

// axe reads the respondent page's states (every question type with the progress bar, a failed submit, the thank-you
// page, paused and ended) at 390 and 1280 px in the sweep (support/a11y-pages.ts); a failed submit with a text field
// is read below, where the test has brought the page there anyway.

test.describe("errors for keyboard and screen-reader users", () => {
  test("a failed submit focuses the first error, says how many remain, and marks each field", async ({
    page,
    request,
  }) => {
    const q = await publishQuestionnaire(request, requiredSurvey(unique("必答定位")));
    await openAnswerPage(page, q.publicId);
    await expect(card(page, "nick").getByRole("textbox")).toBeVisible();
    await tabUntil(page, "提交", 30);
    await page.keyboard.press("Enter");

    const city = card(page, "city").getByRole("textbox");
    await expect(city).toBeFocused();
    await expect(page.getByRole("alert")).toHaveText("有 2 道题未完成或填写有误，已定位到第一题");
    await expect(city).toHaveAttribute("aria-invalid", "true");
    await expect(city).toHaveAccessibleDescription("此题为必答题");
    const grade = card(page, "grade").getByRole("radiogroup");
    await expect(grade).toHaveAttribute("aria-invalid", "true");
    await expect(grade).toHaveAccessibleDescription("此题为必答题");
    await expect(card(page, "nick").getByRole("textbox")).not.toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousViolations(page, "提交失败后（文本题与单选题）");
    await expect(city).toBeFocused();

    // Fixed by keyboard: the field is no longer in error; the next failure points at the one left.
    await page.keyboard.type("杭州");
    await expect(city).not.toHaveAttribute("aria-invalid", "true");
    await tabUntil(page, "提交", 30);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert")).toHaveText("有 1 道题未完成或填写有误，已定位到该题");
    await expect(card(page, "grade").getByRole("radio", { name: "大一" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(card(page, "grade").getByRole("radio", { name: "大二" })).toBeChecked();
    await tabUntil(page, "提交", 30);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("thank-you")).toBeVisible();
  });

  test("the accessibility tree names each question with its number and title, its required state and error", async ({
    page,
    request,
  }) => {
    const q = await publishQuestionnaire(request, requiredSurvey(unique("无障碍树")));
    await openAnswerPage(page, q.publicId);
    await page.getByRole("button", { name: "提交" }).click();
    await expect(card(page, "city").getByRole("textbox")).toBeFocused();

    await expect(card(page, "nick")).toMatchAriaSnapshot(`
      - text: 1. 您的昵称
      - textbox "1. 您的昵称"
    `);
    await expect(card(page, "city")).toMatchAriaSnapshot(`
      - text: 2. 所在城市 （必答）
      - textbox "2. 所在城市 （必答）"
      - paragraph: 此题为必答题
    `);
    await expect(card(page, "grade")).toMatchAriaSnapshot(`
      - text: 3. 您的年级 （必答）
      - radiogroup "3. 您的年级 （必答）":
        - radio "大一"
        - radio "大二"
      - paragraph: 此题为必答题
    `);
    for (const id of ["city", "grade"]) {
      const field =
        id === "city" ? card(page, id).getByRole("textbox") : card(page, id).getByRole("radiogroup");
      await expect(field).toHaveAttribute("aria-required", "true");
      await expect(field).toHaveAccessibleDescription("此题为必答题");
    }
    await expect(card(page, "nick").getByRole("textbox")).not.toHaveAttribute("aria-required", "true");
  });
});
