import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { newSmsAccount, TOKEN_PAGE } from "../support/accounts.ts";
import { expectNoSeriousViolations, preloadAxe } from "../support/axe.ts";

/**
 * Issue #38, 文件导入: a creator imports a Word file and a LimeSurvey .lss into 创建问卷, sees what was and was
 * not imported before confirming, and lands in the designer with the questions; a file of another kind is
 * refused with a Chinese message. At desktop width and at 390 px.
 */

const fixtures = path.resolve(import.meta.dirname, "../../packages/server/src/imports/fixtures");

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Uploads a file on 文件导入, confirms, and answers the new questionnaire's id and how many questions it reported. */
async function importFile(page: Page, file: string): Promise<{ id: number; imported: number }> {
  await page.goto("/dc/creatDc?mode=file");
  const view = page.getByTestId("file-import");
  await view.locator("input[type=file]").setInputFiles(file);
  const summary = view.getByTestId("file-import-summary");
  await expect(summary).toContainText(/共 \d+ 题，导入 \d+ 题/);
  await expect(view.getByTestId("file-import-file")).toContainText(path.basename(file));
  const imported = Number(/导入 (\d+) 题/.exec((await summary.textContent()) ?? "")?.[1] ?? 0);
  expect(imported).toBeGreaterThan(3);
  await noSidewaysScroll(page);
  await view.getByTestId("file-import-confirm").click();
  await expect(page).toHaveURL(/\/dc\/dcDesign\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get("id"));
  return { id, imported };
}

async function questionCount(page: Page, token: string, id: number): Promise<number> {
  const detail = await (
    await page.request.get("/wjgj/api/questionary/getQuestionaryDetail", {
      headers: { token },
      params: { id },
    })
  ).json();
  expect(detail.code, detail.msg).toBe(200);
  return detail.data.questionCount as number;
}

for (const width of [1280, 390] as const) {
  test.describe(`file import at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test("import a Word file and a LimeSurvey .lss; a wrong file is refused", async ({ page, context }) => {
      await preloadAxe(context);
      const token = await newSmsAccount(page.request);
      await page.goto(TOKEN_PAGE);
      await page.evaluate((value) => localStorage.setItem("token", value), token);

      await page.goto("/dc/creatDc?mode=file");
      const view = page.getByTestId("file-import");
      await view.locator("input[type=file]").setInputFiles({
        name: "问卷.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("1. 您的性别\nA. 男\nB. 女"),
      });
      await expect(view.getByTestId("file-import-error")).toContainText("不支持的文件格式");
      await expect(view.getByTestId("file-import-confirm")).toBeDisabled();
      await expectNoSeriousViolations(page, `文件导入 ${width}`);

      const word = await importFile(page, path.join(fixtures, "word", "顾客满意度调查.docx"));
      expect(await questionCount(page, token, word.id)).toBe(word.imported);

      const lss = await importFile(page, path.join(fixtures, "limesurvey", "customer-satisfaction.lss"));
      expect(await questionCount(page, token, lss.id)).toBe(lss.imported);
      expect(lss.id).not.toBe(word.id);
    });
  });
}
