import { expect, type Locator, type Page } from "@playwright/test";

/** Helpers of the respondent-page journeys (answer.spec.ts, answer-exam.spec.ts). */
/** A phone in WeChat: touch, small screen, the in-app browser's user agent. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47",
};

/**
 * Opens /r/{publicId} and waits until the page's logic engine has loaded. Taps made in the few hundred
 * milliseconds while its chunk was still compiling were sometimes lost in headless Chromium's touch emulation
 * (about 1 in 20 under load: the option was chosen, the 提交 tap that followed never reached its handler);
 * the cause is not found yet, see issue #17's note.
 */
export async function openAnswerPage(page: Page, publicId: string) {
  await page.goto(`/r/${publicId}`);
  await page.locator("html[data-engine=ready]").waitFor({ state: "attached" });
}

export const card = (page: Page, id: string) => page.locator(`#q-${id}`);
export const tapText = (scope: Locator, text: string) => scope.getByText(text, { exact: true }).first().tap();
export const next = async (page: Page) => page.getByRole("button", { name: "下一页" }).tap();

/**
 * 交卷 on an exam, then 确定交卷 in the question that follows (还有 N 题未作答… or 确定交卷吗…); `unanswered` is
 * the count the question should say. Taps, as a phone does; `click` for a desktop's mouse.
 */
export async function handIn(page: Page, unanswered = 0, how: "tap" | "click" = "tap") {
  await page.getByRole("button", { name: "交卷" })[how]();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText(
    unanswered > 0 ? `还有 ${unanswered} 题未作答，确定交卷吗？` : "确定交卷吗？交卷后不能修改答案。",
  );
  await question.getByRole("button", { name: "确定交卷" })[how]();
}

/**
 * Draws a stroke across the signature canvas with real touch events (Chromium turns them into pointers),
 * from `from` to `to` of its width (a full-width name makes the widest cropped image).
 */
export async function drawSignature(page: Page, canvas: Locator, span = { from: 0.2, to: 0.8 }) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error("签名区域不可见");
  const cdp = await page.context().newCDPSession(page);
  const point = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  const step = (span.to - span.from) / 12;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point(span.from, 0.6)] });
  for (let i = 1; i <= 12; i++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [point(span.from + i * step, 0.6 - Math.sin(i / 2) * 0.3)],
    });
  }
  // The finger rests before lifting, as a hand does: a fast lift would start a fling that eats the next tap.
  const last = point(span.to, 0.6 - Math.sin(6) * 0.3);
  for (let i = 0; i < 3; i++) {
    await page.waitForTimeout(60);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [last] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

export function simpleSurvey(title: string, kind = "survey") {
  return {
    schemaVersion: 1,
    kind,
    title,
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "q1",
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
