import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { nameForm, publishQuestionnaire, TINY_PNG, unique, updateSettings } from "../support/answering.ts";
import { reviewShot } from "../support/shots.ts";
import { WECHAT_OA, WECHAT_USER_AGENT } from "../support/wechat.ts";

/**
 * Share cards (issue #39): the creator writes 分享设置 where the questionnaire is shared; the answer page carries
 * them as og: tags for every link preview, and inside WeChat's browser hands them to the JS-SDK, so 分享给朋友 /
 * 朋友圈 show the questionnaire's own card. A stub WeixinJSBridge (WeChat's native side, absent in Chromium)
 * records what the JS-SDK asks of WeChat.
 */

interface BridgeCall {
  name: string;
  params: Record<string, unknown>;
}

/** WeChat's bridge as the JS-SDK talks to it: config verifies, share data is accepted; every call recorded. */
function stubWeixinJSBridge() {
  const calls: BridgeCall[] = [];
  (window as unknown as { __wxCalls: BridgeCall[] }).__wxCalls = calls;
  (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
    invoke(name: string, params: Record<string, unknown>, callback?: (res: Record<string, string>) => void) {
      calls.push({ name, params: JSON.parse(JSON.stringify(params)) });
      // getNetworkType is the JS-SDK's usage report to open.weixin.qq.com: left unanswered, nothing leaves.
      if (name === "getNetworkType") return;
      const api = name === "preVerifyJSAPI" ? "config" : name;
      callback?.({ err_msg: `${api}:ok`, errMsg: `${api}:ok` });
    },
    on() {},
  };
}

async function ogTags(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLMetaElement>('meta[property^="og:"]')).map((m) => [
        m.getAttribute("property")?.slice(3) ?? "",
        m.content,
      ]),
    ),
  );
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  await expect.poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBe(width);
}

test.describe("share cards", () => {
  test("the creator sets 分享设置 in the share dialog; the answer page's og: tags carry them", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const title = unique("微信分享卡片");
    const q = await publishQuestionnaire(request, {
      ...nameForm(title),
      description: "<p>本次登记用于<b>年会</b>座位安排。</p>",
    });
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dclist?title=${encodeURIComponent(title)}`);
    const item = page
      .getByTestId("questionary-card")
      .filter({ has: page.getByRole("link", { name: title, exact: true }) });
    await item.getByRole("button", { name: "分享" }).click();
    const dialog = page.getByTestId("share-dialog");
    const form = dialog.getByTestId("share-card-form");
    await expect(form.getByLabel("分享标题")).toHaveAttribute("placeholder", `分享标题（默认：${title}）`);
    // The preview shows the fallbacks until something is written: the title, and the 问卷说明 as the
    // answer page's og:description gives it.
    const preview = dialog.getByTestId("share-card-preview");
    await expect(preview).toContainText(title);
    await expect(preview).toContainText("本次登记用于年会座位安排。");
    expect(await (await request.get(`/r/${q.publicId}`)).text()).toContain(
      '<meta property="og:description" content="本次登记用于年会座位安排。" />',
    );

    await form.getByLabel("分享标题").fill("来领取你的新年礼物");
    await form.getByLabel("分享描述").fill("三分钟问卷，填完即可参与抽奖");
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: "share.png", mimeType: "image/png", buffer: TINY_PNG });
    await expect(preview.locator("img")).toHaveAttribute("src", /^\/uploads\/.+\.png$/);
    await expect(preview).toContainText("来领取你的新年礼物");
    await form.getByRole("button", { name: "保存分享设置" }).click();
    await expect(page.getByText("分享设置已保存")).toBeVisible();
    await expect(form.getByRole("button", { name: "保存分享设置" })).toBeDisabled();
    await reviewShot(page, { path: testInfo.outputPath("share-dialog-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await form.scrollIntoViewIfNeeded();
    await expect(form).toBeInViewport();
    await expectNoSidewaysScroll(page, 390);
    const box = await dialog.getByTestId("share-card-preview").boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await reviewShot(page, { path: testInfo.outputPath("share-dialog-390.png") });

    const html = await (await request.get(`/r/${q.publicId}`)).text();
    expect(html).toContain('<meta property="og:title" content="来领取你的新年礼物" />');
    expect(html).toContain('<meta property="og:description" content="三分钟问卷，填完即可参与抽奖" />');
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${baseURL}/uploads/[^"]+\\.png" />`));
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/r/${q.publicId}" />`);
  });

  test.describe("inside WeChat at 390 px", () => {
    test.use({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: WECHAT_USER_AGENT,
    });

    test("the answer page carries the card and hands it to WeChat's share menu", async ({
      page,
      request,
      baseURL,
    }, testInfo) => {
      const title = unique("微信内分享");
      const q = await publishQuestionnaire(request, {
        ...nameForm(title),
        description: "<p>本次登记用于<b>年会</b>座位安排。</p>",
      });
      await updateSettings(request, q, {
        share: { title: "邀请你参加社团招新", description: "报名只需一分钟", image: "" },
      });
      await page.addInitScript(stubWeixinJSBridge);
      const jsConfig = page.waitForResponse((r) => r.url().includes("/wjgj/api/wechat/jsConfig"));
      await page.goto(`/r/${q.publicId}`);
      expect((await (await jsConfig).json()).code).toBe(200);

      const og = await ogTags(page);
      expect(og).toMatchObject({
        title: "邀请你参加社团招新",
        description: "报名只需一分钟",
        url: `${baseURL}/r/${q.publicId}`,
      });
      // No share picture and no 页眉图片: the site's logo.
      expect(og.image).toBe(`${baseURL}/favicon.svg`);

      const calls = () => page.evaluate(() => (window as unknown as { __wxCalls: BridgeCall[] }).__wxCalls);
      await expect.poll(async () => (await calls()).map((c) => c.name)).toContain("updateTimelineShareData");
      const all = await calls();
      const config = all.find((c) => c.name === "preVerifyJSAPI");
      expect(config?.params).toMatchObject({
        verifyAppId: WECHAT_OA.appId,
        verifyJsApiList: ["updateAppMessageShareData", "updateTimelineShareData"],
      });
      expect(String(config?.params.verifySignature)).toMatch(/^[0-9a-f]{40}$/);
      expect(all.find((c) => c.name === "updateAppMessageShareData")?.params).toMatchObject({
        title: "邀请你参加社团招新",
        desc: "报名只需一分钟",
        link: `${baseURL}/r/${q.publicId}`,
        imgUrl: `${baseURL}/favicon.svg`,
      });
      expect(all.find((c) => c.name === "updateTimelineShareData")?.params).toMatchObject({
        title: "邀请你参加社团招新",
        link: `${baseURL}/r/${q.publicId}`,
      });

      // The page itself is the ordinary answer page, whole at 390 px.
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expectNoSidewaysScroll(page, 390);
      await reviewShot(page, { path: testInfo.outputPath("answer-in-wechat-390.png"), fullPage: true });
    });
  });
});
