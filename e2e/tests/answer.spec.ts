import { expect, test } from "@playwright/test";
import { DEMO_PERSONAL } from "../support/accounts.ts";
import {
  card,
  drawSignature,
  next,
  openAnswerPage,
  PHONE,
  simpleSurvey,
  tapText,
} from "../support/answer-page.ts";
import {
  lifecycle,
  nameForm,
  publishQuestionnaire,
  responseCount,
  TINY_PNG,
  unique,
  updateSettings,
} from "../support/answering.ts";
import { everyTypeSurvey } from "../support/every-type-survey.ts";

test.use(PHONE);

test.describe("answering on a phone", () => {
  test("every question type along a logic path, with a reload midway, up to the thank-you screen", async ({
    page,
    request,
  }) => {
    const title = unique("全题型问卷");
    const q = await publishQuestionnaire(request, everyTypeSurvey(title), {
      thankYouText: "感谢您完成全部题目！",
      showResultsAfterSubmit: true,
    });
    const response = await page.goto(`/r/${q.publicId}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();

    // Page 1: piping, show logic and a required question.
    await card(page, "name").getByRole("textbox").fill("张三");
    await tapText(card(page, "gender"), "男");
    await card(page, "phone").getByRole("textbox").fill("13912345678");
    await expect(card(page, "role")).toContainText("张三，您目前的身份是");
    await tapText(card(page, "role"), "上班族");
    await expect(card(page, "company")).toBeVisible();
    await expect(card(page, "school")).toHaveCount(0);
    await next(page);
    await expect(card(page, "company")).toContainText("此题为必答题");
    await card(page, "company").getByRole("textbox").fill("问卷管家");
    await next(page);

    // Page 2: choices, a selection cap, options referenced from an earlier answer, images, votes, a jump.
    await expect(page.getByRole("heading", { name: "选择题" })).toBeVisible();
    await tapText(card(page, "fruits"), "苹果");
    await tapText(card(page, "fruits"), "香蕉");
    await expect(card(page, "fruits").locator("label", { hasText: "橙子" })).toHaveClass(/is-off/);
    await expect(card(page, "favourite").locator("label")).toHaveText(["苹果", "香蕉"]);
    await tapText(card(page, "favourite"), "香蕉");
    await card(page, "major").locator("select").first().selectOption({ label: "计算机学院" });
    await card(page, "major").locator("select").nth(1).selectOption({ label: "人工智能" });
    await tapText(card(page, "logo"), "方案二");
    await tapText(card(page, "pics"), "图一");
    await tapText(card(page, "tf"), "对");
    await tapText(card(page, "vote1"), "张三");
    await tapText(card(page, "vote2"), "书法社");
    await tapText(card(page, "extra"), "不愿意");
    await next(page);

    // The jump skipped 附加题: straight to page 4. Fill a little, then reload and continue the draft.
    await expect(page.getByRole("heading", { name: "填写题" })).toBeVisible();
    await expect(page.getByText("附加题：请谈谈您的建议")).toHaveCount(0);
    await card(page, "email").getByRole("textbox").fill("zhangsan@example.com");
    await page.waitForTimeout(600);
    await page.reload();
    await expect(page.getByText("您上次的答卷尚未提交")).toBeVisible();
    await page.getByRole("button", { name: "继续上次填写" }).tap();
    await expect(page.getByRole("heading", { name: "填写题" })).toBeVisible();
    await expect(card(page, "email").getByRole("textbox")).toHaveValue("zhangsan@example.com");

    await card(page, "essay").getByRole("textbox").fill("喜欢跑步和读书。");
    await card(page, "contact").getByLabel("城市").fill("杭州");
    await card(page, "contact").getByLabel("邮编").fill("310000");
    await card(page, "capital").getByLabel("第1空").fill("北京");
    await card(page, "capital").getByLabel("第2空").fill("长江");
    await card(page, "height").getByRole("textbox").fill("172.5");
    await card(page, "birthday").locator("input").fill("1995-08-20");
    await card(page, "arrive").locator("input").fill("09:30");
    await card(page, "leave").getByLabel("开始日期").fill("2026-07-01");
    await card(page, "leave").getByLabel("结束日期").fill("2026-07-03");
    await expect(page.locator("#q-grp")).toContainText("紧急联系人");
    await card(page, "kin").getByRole("textbox").fill("李四");
    await next(page);

    // Page 5: ratings.
    await card(page, "stars").locator(".wa-star").nth(3).tap();
    await expect(card(page, "stars")).toContainText("满意");
    await card(page, "nps").locator(".wa-point", { hasText: /^9$/ }).tap();
    await card(page, "agree").locator(".wa-point", { hasText: /^4$/ }).tap();
    const slider = card(page, "budget").locator('input[type="range"]');
    const track = await slider.boundingBox();
    if (track) await page.touchscreen.tap(track.x + track.width * 0.35, track.y + track.height / 2);
    await expect(card(page, "budget").locator(".wa-slider-value")).toHaveText(/^\d+元$/);
    await card(page, "weights").getByLabel("价格").fill("60");
    await card(page, "weights").getByLabel("质量").fill("40");
    await expect(card(page, "weights")).toContainText("已分配 100 / 100");
    for (const item of ["成长", "薪资", "氛围"])
      await card(page, "rank").getByRole("button", { name: item }).tap();
    await expect(card(page, "rank").locator(".wa-rank-no")).toHaveText(["2", "1", "3"]);
    await next(page);

    // Page 6: matrices and the growing table.
    const row = (id: string, label: string) => card(page, id).locator("fieldset", { hasText: label });
    await tapText(row("msat", "环境"), "满意");
    await tapText(row("msat", "服务"), "一般");
    await tapText(row("mchan", "产品A"), "官网");
    await row("mfill", "父亲").getByLabel("姓名").fill("张大");
    await row("mfill", "父亲").getByLabel("职业").fill("教师");
    await row("mscale", "数学").locator(".wa-point", { hasText: /^5$/ }).tap();
    await row("mdrop", "英语").locator("select").selectOption({ label: "每天" });
    await card(page, "members").getByLabel("队员姓名").fill("王五");
    await card(page, "members").getByLabel("年龄").fill("20");
    await card(page, "members").getByRole("button", { name: "+ 添加一行" }).tap();
    await card(page, "members").getByLabel("队员姓名").nth(1).fill("赵六");
    await next(page);

    // Page 7: a file, a signature drawn by touch, an area, a slot; the calculated value piped in.
    await card(page, "photo").locator('input[type="file"]').setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: TINY_PNG,
    });
    await expect(card(page, "photo").locator(".wa-file-name")).toHaveText("photo.png");
    await card(page, "sign").getByRole("button", { name: "点击签名" }).tap();
    const sheet = page.getByRole("dialog", { name: "签名" });
    await expect(sheet.locator("canvas")).toBeVisible();
    await sheet.getByRole("button", { name: "确定" }).tap();
    await expect(sheet.getByText("请先签名")).toBeVisible();
    await drawSignature(page, sheet.locator("canvas"));
    await expect(sheet.locator(".wa-pad")).toHaveAttribute("data-drawn", "true");
    await sheet.getByRole("button", { name: "确定" }).tap();
    await expect(card(page, "sign").getByRole("img", { name: "我的签名" })).toHaveAttribute(
      "src",
      /^\/uploads\//,
    );
    await card(page, "addr").getByRole("button", { name: "请选择省/市/区" }).tap();
    const picker = page.getByRole("dialog", { name: "选择地区" });
    await picker.getByRole("button", { name: "浙江省" }).tap();
    await picker.getByRole("button", { name: "杭州市" }).tap();
    await picker.getByRole("button", { name: "西湖区" }).tap();
    await expect(card(page, "addr")).toContainText("浙江省 / 杭州市 / 西湖区");
    await tapText(card(page, "slot"), "6月20日 上午");
    await expect(page.locator("#q-summary")).toContainText("您的评分合计 13 分，感谢张三的参与。");

    await page.getByRole("button", { name: "提交" }).tap();
    await expect(page.getByTestId("thank-you")).toContainText("感谢您完成全部题目！");
    await expect(page.getByText("投票结果")).toBeVisible();
    await expect(page.locator(".wa-vote", { hasText: "张三" })).toContainText("1 票 · 100%");
    expect(await responseCount(request, q)).toBe(1);
    // The draft is gone: coming back starts afresh, with no offer to continue.
    await page.goto(`/r/${q.publicId}`);
    await expect(card(page, "name")).toBeVisible();
    await expect(page.getByText("您上次的答卷尚未提交")).toHaveCount(0);
  });

  test("what is typed and tapped before the script arrives survives hydration", async ({ page, request }) => {
    const title = unique("慢网络问卷");
    const q = await publishQuestionnaire(request, everyTypeSurvey(title));
    // A slow network: the server's page is on screen and usable while the script is still on its way.
    let deliver = () => {};
    const delivered = new Promise<void>((resolve) => {
      deliver = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await delivered;
      await route.continue();
    });
    await page.goto(`/r/${q.publicId}`, { waitUntil: "commit" });
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await card(page, "name").getByRole("textbox").fill("张三");
    await tapText(card(page, "gender"), "男");
    await tapText(card(page, "role"), "上班族");
    deliver();
    // Once live, the answers hold it: piping shows the name and show logic follows the chosen role.
    await expect(card(page, "role")).toContainText("张三，您目前的身份是");
    await expect(card(page, "company")).toBeVisible();
    await expect(card(page, "name").getByRole("textbox")).toHaveValue("张三");
    await expect(card(page, "gender").getByRole("radio", { name: "男" })).toBeChecked();
    await expect(card(page, "role").getByRole("radio", { name: "上班族" })).toBeChecked();
  });

  test("a double-tapped 提交 stores one response, and a lost reply is recovered without a second one", async ({
    page,
    request,
  }) => {
    const q = await publishQuestionnaire(request, simpleSurvey(unique("防重复提交")));
    await openAnswerPage(page, q.publicId);
    await tapText(card(page, "q1"), "大一");
    const submit = page.getByRole("button", { name: "提交" });
    await expect(submit).toBeEnabled();
    // Two taps inside one frame, before React could disable the button.
    await submit.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(page.getByTestId("thank-you")).toBeVisible();
    expect(await responseCount(request, q)).toBe(1);

    // The server stores the response but the reply never arrives: the page asks checkSuccess, not twice.
    await openAnswerPage(page, q.publicId);
    let dropped = false;
    await page.route("**/wjgj/api/anQuestion/questionAnswer", async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await route.abort("connectionreset");
    });
    const checked = page.waitForRequest("**/wjgj/api/anQuestion/checkSuccess");
    await tapText(card(page, "q1"), "大二");
    await page.getByRole("button", { name: "提交" }).tap();
    await checked;
    await expect(page.getByTestId("thank-you")).toBeVisible();
    expect(await responseCount(request, q)).toBe(2);
  });

  test("each closed state has its own page, and an unknown link answers 不存在", async ({
    page,
    request,
  }) => {
    const q = await publishQuestionnaire(request, simpleSurvey(unique("状态问卷")), {
      startTime: "2099-01-01T00:00:00.000Z",
    });
    const expectClosed = async (heading: string, message: string) => {
      await page.goto(`/r/${q.publicId}`);
      await expect(page).toHaveURL(`/trailerPage?id=${q.publicId}`);
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
      await expect(card(page, "q1")).toHaveCount(0);
    };
    await expectClosed("问卷未开始", "还没到开始填写的时间，请在开始后再来。");
    await updateSettings(request, q, { startTime: "", endTime: "2020-01-01T00:00:00.000Z" });
    await expectClosed("问卷已结束", "这份问卷已停止收集答卷，感谢您的关注。");
    await updateSettings(request, q, { endTime: "", maxResponses: 1 });
    await openAnswerPage(page, q.publicId);
    await tapText(card(page, "q1"), "大一");
    await page.getByRole("button", { name: "提交" }).tap();
    await expect(page.getByTestId("thank-you")).toBeVisible();
    await expectClosed("已达到回收上限", "答卷数量已满，不再接受新的答卷，感谢您的关注。");
    await updateSettings(request, q, { maxResponses: 0 });
    await lifecycle(request, q, "stopQuestionary");
    await expectClosed("问卷已暂停", "发布者暂时停止了收集答卷，恢复后即可继续填写，请稍后再来。");
    await lifecycle(request, q, "delQuestionary");
    await expectClosed("问卷已删除", "这份问卷已被发布者删除，无法再填写。");

    // A form is named by its kind: 表单已结束.
    const form = await publishQuestionnaire(request, nameForm(unique("状态表单")), {
      endTime: "2020-01-01T00:00:00.000Z",
    });
    await page.goto(`/r/${form.publicId}`);
    await expect(page).toHaveURL(`/trailerPage?id=${form.publicId}`);
    await expect(page.getByRole("heading", { name: "表单已结束" })).toBeVisible();
    await expect(page.getByText("这份表单已停止收集答卷，感谢您的关注。")).toBeVisible();

    const missing = await page.goto("/r/Zz9Zz9Zz9Z");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "问卷不存在" })).toBeVisible();
    await expect(page.getByText("问卷不存在，请检查链接是否正确")).toBeVisible();
  });

  test("password and login gates", async ({ page, request }) => {
    const locked = await publishQuestionnaire(request, simpleSurvey(unique("密码问卷")), {
      password: "2468",
    });
    await page.goto(`/r/${locked.publicId}`);
    await expect(page.getByText("该问卷需要密码才能填写")).toBeVisible();
    await page.getByPlaceholder("请输入访问密码").fill("1111");
    await page.getByRole("button", { name: "开始填写" }).tap();
    await expect(page.getByText("访问密码错误，请重新输入")).toBeVisible();
    await page.getByPlaceholder("请输入访问密码").fill("2468");
    await page.getByRole("button", { name: "开始填写" }).tap();
    await tapText(card(page, "q1"), "大二");
    await page.getByRole("button", { name: "提交" }).tap();
    await expect(page.getByTestId("thank-you")).toBeVisible();
    expect(await responseCount(request, locked)).toBe(1);

    const members = await publishQuestionnaire(request, simpleSurvey(unique("登录问卷")), {
      loginRequired: true,
    });
    await page.goto(`/r/${members.publicId}`);
    await expect(page.getByText("该问卷需要登录后才能填写")).toBeVisible();
    await page.getByRole("link", { name: "登录后填写" }).tap();
    await expect(page).toHaveURL(new RegExp(`/Loginone\\?redirect=%2Fr%2F${members.publicId}$`));
    await page.getByRole("tab", { name: "密码登录" }).click();
    const form = page.getByTestId("password-login-form");
    await form.getByPlaceholder("请输入手机号").fill(DEMO_PERSONAL.phone);
    await form.getByPlaceholder("请输入密码").fill(DEMO_PERSONAL.password);
    await page.getByTestId("agreement-check").check();
    await form.getByRole("button", { name: "登录" }).click();
    await expect(page).toHaveURL(new RegExp(`/r/${members.publicId}$`));
    await tapText(card(page, "q1"), "大一");
    await page.getByRole("button", { name: "提交" }).tap();
    await expect(page.getByTestId("thank-you")).toBeVisible();
    expect(await responseCount(request, members)).toBe(1);
  });
});
