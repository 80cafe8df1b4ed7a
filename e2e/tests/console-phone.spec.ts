import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiLogin, DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { unique } from "../support/answering.ts";
import { demoSurveyId } from "../support/demo.ts";
import { reviewShot } from "../support/shots.ts";

// A phone: every console screen must fit its width and stay usable (issue #12.4).
const PHONE_WIDTH = 390;
test.use({ viewport: { width: PHONE_WIDTH, height: 844 }, hasTouch: true, isMobile: true });

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * The page scrolls sideways when its content is wider than the phone. Compared with the configured width:
 * a mobile browser widens its layout viewport (and innerWidth) to fit content that overflows.
 */
async function expectNoSidewaysScroll(page: Page) {
  const scroll = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scroll).toBe(PHONE_WIDTH);
}

/** Every box matching `selector` lies within the phone's width. */
async function expectWithinWidth(page: Page, selector: string) {
  const outside = await page.evaluate(
    ([sel, width]) => {
      return Array.from(document.querySelectorAll(sel))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
        .map(
          ({ el, box }) => `${el.className || el.tagName} ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
    },
    [selector, PHONE_WIDTH] as const,
  );
  expect(outside).toEqual([]);
}

async function createSurvey(request: APIRequestContext, title: string) {
  const { token } = await apiLogin(request, DEMO_PERSONAL);
  const response = await request.post("/wjgj/api/questionary/addQuestionary", {
    headers: { token },
    data: { kind: "survey", title },
  });
  const body = (await response.json()) as Envelope<{ id: number }>;
  expect(body.code, body.msg).toBe(200);
  return body.data.id;
}

test.describe("the console on a phone", () => {
  test("the designer switches palette, canvas and settings from its bottom bar", async ({
    page,
    request,
  }, testInfo) => {
    const id = await createSurvey(request, unique("手机设计"));
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${id}`);
    const bar = page.getByTestId("designer-mobile-bar");
    await expect(bar).toBeVisible();
    await expect(page.getByTestId("designer-canvas")).toBeVisible();
    await expect(page.getByTestId("palette")).toBeHidden();
    await expectNoSidewaysScroll(page);
    await expectWithinWidth(page, ".dd-topbar button, .dd-topbar input, .dd-paper, .dd-mobile-bar button");
    // 预览, 分享 and 发布 stay reachable.
    for (const name of ["预览", "分享", "发布"]) {
      await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await reviewShot(page, { path: testInfo.outputPath("designer-390-canvas.png") });

    await bar.getByRole("button", { name: "添加题目" }).tap();
    await expect(page.getByTestId("palette")).toBeVisible();
    await expect(page.getByTestId("designer-canvas")).toBeHidden();
    await expectWithinWidth(page, ".dd-palette__item");
    await reviewShot(page, { path: testInfo.outputPath("designer-390-palette.png") });
    await page.locator('.dd-palette__item[data-type="single"]').tap();
    // The new question is shown on the canvas, where the palette was.
    await expect(page.getByTestId("designer-canvas")).toBeVisible();
    const card = page.locator("[data-qid]").first();
    await expect(card).toBeVisible();
    await card.tap();

    await bar.getByRole("button", { name: "设置" }).tap();
    const settings = page.getByTestId("question-settings");
    await expect(settings).toBeVisible();
    await expect(settings).toContainText("单选");
    await expectWithinWidth(page, ".dd-side, .dd-side .ant-tabs-tab");
    await reviewShot(page, { path: testInfo.outputPath("designer-390-settings.png") });

    await page.getByRole("button", { name: "分享", exact: true }).tap();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("我的问卷 fits: the filter row wraps and a card's actions are reachable", async ({
    page,
    request,
  }, testInfo) => {
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/dclist");
    await expect(page.locator(".wj-qcard").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWithinWidth(
      page,
      ".wj-dclist__toolbar, .wj-dclist__toolbar .ant-select, .wj-qcard, .wj-qcard button",
    );
    await reviewShot(page, { path: testInfo.outputPath("dclist-390.png"), fullPage: true });
    await page.getByLabel("问卷状态").click();
    await page.locator(".ant-select-item-option", { hasText: "草稿" }).click();
    await expect(page).toHaveURL(/status=draft/);
    await expectNoSidewaysScroll(page);
  });

  test("统计与分析 fits the phone", async ({ page, request }, testInfo) => {
    // The demo survey by its title: the newest answered questionnaire of the account may be one another
    // journey made on the same server (a form of personal questions only, with no counts to show).
    const id = await demoSurveyId(request);
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${id}`);
    await expect(page.getByRole("tab").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page);
    await reviewShot(page, { path: testInfo.outputPath("result-390.png"), fullPage: true });
    for (const tab of await page.getByRole("tab").all()) {
      await tab.tap();
      await page.waitForLoadState("networkidle");
      await expectNoSidewaysScroll(page);
    }
    // Opened from a link, a tab far along the strip is scrolled into view (not left under 「…」 or off the
    // left edge), its label clear of the strip's edges rather than flush against 「…」, and 筛选 does not push
    // the strip: measured with the filter above it.
    for (const key of ["stats", "analysis", "answers", "export", "webhooks"]) {
      await page.goto(`/dc/result?id=${id}&tab=${key}`);
      const active = page.locator(".wj-result__tabs .ant-tabs-tab-active");
      await expect(active).toBeVisible();
      await expect
        .poll(() =>
          active.evaluate((tab) => {
            const box = tab.getBoundingClientRect();
            const label = tab.querySelector(".ant-tabs-tab-btn")?.getBoundingClientRect();
            const strip = tab.closest(".ant-tabs-nav-wrap")?.getBoundingClientRect();
            return (
              strip !== undefined &&
              label !== undefined &&
              box.left >= strip.left - 0.5 &&
              box.right <= strip.right + 0.5 &&
              label.left >= strip.left + 6 &&
              label.right <= strip.right - 6
            );
          }),
        )
        .toBe(true);
      await expectNoSidewaysScroll(page);
    }
    // 分题统计's total line keeps 本题有效填写人次 on one line beside its count.
    await page.goto(`/dc/result?id=${id}&tab=stats`);
    const totalLabel = page.locator(".wj-count__total b").first();
    await expect(totalLabel).toHaveText("本题有效填写人次");
    expect(await totalLabel.evaluate((label) => label.getClientRects().length)).toBe(1);
    // 答卷详情's 有效答卷 / 无效答卷 / 回收站 switch stays inside its bar's padding, every item in sight.
    await page.goto(`/dc/result?id=${id}&tab=answers`);
    const statusSwitch = page.locator(".wj-result__bar > .ant-segmented");
    await expect(statusSwitch).toContainText("回收站");
    expect(
      await statusSwitch.evaluate((control) => {
        const bar = control.parentElement as HTMLElement;
        const inner =
          bar.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(bar).paddingRight);
        return {
          inside: control.getBoundingClientRect().right <= inner + 0.5,
          clipped: control.scrollWidth > control.clientWidth,
        };
      }),
    ).toEqual({ inside: true, clipped: false });
  });
});
