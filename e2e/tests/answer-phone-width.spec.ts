import { expect, type Page, test } from "@playwright/test";
import { card, drawSignature, next, openAnswerPage, PHONE, tapText } from "../support/answer-page.ts";
import { publishQuestionnaire, unique } from "../support/answering.ts";
import { everyTypeSurvey } from "../support/every-type-survey.ts";

/** The page is exactly as wide as the phone: nothing sticks out sideways (issue #12 point 1). */
async function expectNoSidewaysScroll(page: Page, width: number, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0), { message: where })
    .toBe(width);
}

for (const width of [360, 390]) {
  test.describe(`a ${width} px phone`, () => {
    test.use({ ...PHONE, viewport: { width, height: 800 } });

    test("after signing, no page of the every-type questionnaire scrolls sideways and sheets fit", async ({
      page,
      request,
    }) => {
      const q = await publishQuestionnaire(request, everyTypeSurvey(unique("签名后宽度")));
      await openAnswerPage(page, q.publicId);
      await card(page, "name").getByRole("textbox").fill("张三");
      // The name is piped into the next title, which then wraps onto a second line at 360 px and moves the
      // options down: tap only once the title has its final text, or the tap lands where 学生 used to be.
      await expect(card(page, "role")).toContainText("张三，您目前的身份是");
      await tapText(card(page, "role"), "学生");
      // 学生 shows the school question, which moves 下一页 down: wait for it before tapping there.
      await expect(card(page, "school")).toBeVisible();
      const headings = ["选择题", "附加题", "填写题", "评分", "矩阵题", "附件与签名"];
      await expectNoSidewaysScroll(page, width, "基本信息");
      for (const heading of headings) {
        if (heading === "附加题") await tapText(card(page, "extra"), "愿意");
        if (heading === "矩阵题") await card(page, "stars").locator(".wa-star").nth(4).tap();
        await next(page);
        await expect(page.getByRole("heading", { name: heading })).toBeVisible();
        await expectNoSidewaysScroll(page, width, heading);
      }

      await card(page, "sign").getByRole("button", { name: "点击签名" }).tap();
      const sheet = page.getByRole("dialog", { name: "签名" });
      // A name written edge to edge: the widest image a cropped signature gives.
      await drawSignature(page, sheet.locator("canvas"), { from: 0.02, to: 0.98 });
      await expect(sheet.locator(".wa-pad")).toHaveAttribute("data-drawn", "true");
      await sheet.getByRole("button", { name: "确定" }).tap();
      const signed = card(page, "sign").getByRole("img", { name: "我的签名" });
      await expect(signed).toBeVisible();
      await expect
        .poll(() => signed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await expectNoSidewaysScroll(page, width, "签名后");
      const again = card(page, "sign").getByRole("button", { name: "重新签名" });
      await expect(again).toBeInViewport({ ratio: 1 });

      // A sheet opened afterwards is whole: its 关闭 sits inside the screen.
      await card(page, "addr").getByRole("button", { name: "请选择省/市/区" }).tap();
      const picker = page.getByRole("dialog", { name: "选择地区" });
      const close = picker.getByRole("button", { name: "关闭" });
      await expect(close).toBeInViewport({ ratio: 1 });
      const box = await picker.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await close.tap();
      await expect(picker).toHaveCount(0);
      // Answered, so leaving the card shows no 必答 message that would shift 上一页 under the finger.
      await card(page, "addr").getByRole("button", { name: "请选择省/市/区" }).tap();
      for (const area of ["浙江省", "杭州市", "西湖区"])
        await picker.getByRole("button", { name: area }).tap();
      await expect(card(page, "addr")).toContainText("浙江省 / 杭州市 / 西湖区");
      await expectNoSidewaysScroll(page, width, "选择地区后");

      // Every earlier page, with the signature given, still fits.
      for (const heading of [...headings.slice(0, -1)].reverse()) {
        await page.getByRole("button", { name: "上一页" }).tap();
        await expect(page.getByRole("heading", { name: heading })).toBeVisible();
        await expectNoSidewaysScroll(page, width, `${heading}（签名后返回）`);
      }
      await page.getByRole("button", { name: "上一页" }).tap();
      await expect(card(page, "name")).toBeVisible();
      await expectNoSidewaysScroll(page, width, "基本信息（签名后返回）");
    });
  });
}

/** 320 CSS px: the narrowest phone, and also 1280 px at 200 % zoom seen as 640 CSS px (WCAG 1.4.10). */
for (const screen of [
  { label: "320 px", viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { label: "1280 px at 200 % zoom", viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
]) {
  test.describe(screen.label, () => {
    test.use({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor });

    test("no page of the every-type questionnaire scrolls sideways", async ({ page, request }) => {
      const width = screen.viewport.width;
      const q = await publishQuestionnaire(request, everyTypeSurvey(unique("窄屏")), { progressBar: true });
      await openAnswerPage(page, q.publicId);
      await card(page, "name").getByRole("textbox").fill("张三");
      await expect(card(page, "role")).toContainText("张三，您目前的身份是");
      await card(page, "role").getByText("学生", { exact: true }).click();
      await expect(card(page, "school")).toBeVisible();
      await expectNoSidewaysScroll(page, width, "基本信息");
      for (const heading of ["选择题", "附加题", "填写题", "评分", "矩阵题", "附件与签名"]) {
        if (heading === "附加题") await card(page, "extra").getByText("愿意", { exact: true }).click();
        if (heading === "矩阵题") await card(page, "stars").locator(".wa-star").nth(4).click();
        await page.getByRole("button", { name: "下一页" }).click();
        await expect(page.getByRole("heading", { name: heading })).toBeVisible();
        await expectNoSidewaysScroll(page, width, heading);
      }
    });
  });
}
