import { expect, type Locator, type Page, test } from "@playwright/test";
import { card, openAnswerPage } from "../support/answer-page.ts";
import { publishQuestionnaire, responseCount, TINY_PNG, unique } from "../support/answering.ts";
import { everyTypeSurvey } from "../support/every-type-survey.ts";

test.use({ viewport: { width: 1280, height: 900 } });

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (never the mouse) until `target` has focus: proof that the keyboard reaches it. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  await expect(target).toBeAttached();
  for (let i = 0; i < limit; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`按 Tab ${limit} 次仍未到达 ${target}`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/**
 * A date or time field is filled segment by segment with the arrow keys (Up sets a segment, Right moves on), which
 * works whatever order the locale puts year, month and day in.
 */
async function arrowDate(page: Page, target: Locator, format = /^\d{4}-\d{2}-\d{2}$/) {
  await tabTo(page, target);
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("ArrowUp");
    if (i < 2) await page.keyboard.press("ArrowRight");
  }
  await expect(target).toHaveValue(format);
}

async function press(page: Page, target: Locator, key: string, times = 1) {
  await tabTo(page, target);
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

async function nextPage(page: Page, heading: string) {
  await press(page, page.getByRole("button", { name: "下一页" }), "Enter");
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
}

const radio = (scope: Locator, name: string) => scope.getByRole("radio", { name, exact: true });

test("every question type of the every-type questionnaire answered with the keyboard alone, then submitted", async ({
  page,
  request,
}) => {
  const q = await publishQuestionnaire(request, everyTypeSurvey(unique("键盘作答")));
  await openAnswerPage(page, q.publicId);
  await expect(card(page, "name").getByRole("textbox")).toBeVisible();

  // Page 1.
  await typeInto(page, card(page, "name").getByRole("textbox"), "张三");
  await press(page, radio(card(page, "gender"), "男"), "Space");
  await typeInto(page, card(page, "phone").getByRole("textbox"), "13912345678");
  await press(page, radio(card(page, "role"), "学生"), "Space");
  await expect(radio(card(page, "role"), "学生")).toBeChecked();
  await press(page, card(page, "school").getByRole("combobox"), "ArrowDown");
  await expect(card(page, "school").getByRole("combobox")).not.toHaveValue("");
  await nextPage(page, "选择题");

  // Page 2: check boxes, radios (arrow keys), selects, a jump.
  await press(page, card(page, "fruits").getByRole("checkbox", { name: "苹果" }), "Space");
  await press(page, card(page, "fruits").getByRole("checkbox", { name: "香蕉" }), "Space");
  await press(page, radio(card(page, "favourite"), "苹果"), "Space");
  await press(page, card(page, "major").getByRole("combobox").first(), "ArrowDown");
  await press(page, card(page, "major").getByRole("combobox").nth(1), "ArrowDown");
  await press(page, radio(card(page, "logo"), "方案一"), "Space");
  await press(page, card(page, "pics").getByRole("checkbox", { name: "图一" }), "Space");
  await press(page, radio(card(page, "tf"), "对"), "Space");
  await press(page, radio(card(page, "vote1"), "张三"), "Space");
  await press(page, card(page, "vote2").getByRole("checkbox", { name: "书法社" }), "Space");
  await press(page, radio(card(page, "extra"), "愿意"), "ArrowDown");
  await expect(radio(card(page, "extra"), "不愿意")).toBeChecked();
  await nextPage(page, "填写题");

  // Page 4: text, blanks, number, date, time, a date range.
  await typeInto(page, card(page, "email").getByRole("textbox"), "zhangsan@example.com");
  await typeInto(page, card(page, "essay").getByRole("textbox"), "喜欢跑步。");
  await typeInto(page, card(page, "contact").getByRole("textbox", { name: "城市" }), "杭州");
  await typeInto(page, card(page, "contact").getByRole("textbox", { name: "邮编" }), "310000");
  await typeInto(page, card(page, "capital").getByRole("textbox", { name: "第1空" }), "北京");
  await typeInto(page, card(page, "capital").getByRole("textbox", { name: "第2空" }), "长江");
  await typeInto(page, card(page, "height").getByRole("textbox"), "172");
  await arrowDate(page, card(page, "birthday").getByLabel("出生日期"));
  await arrowDate(page, card(page, "arrive").getByLabel("预计到达时间"), /^\d{2}:\d{2}$/);
  await arrowDate(page, card(page, "leave").getByLabel("开始日期"));
  await arrowDate(page, card(page, "leave").getByLabel("结束日期"));
  await typeInto(page, card(page, "kin").getByRole("textbox"), "李四");
  await nextPage(page, "评分");

  // Page 5: stars, NPS and a scale as radio groups (arrows), a slider (arrows), allocation, ranking (Enter).
  await press(page, radio(card(page, "stars"), "1星 很不满意"), "ArrowRight", 3);
  await expect(radio(card(page, "stars"), "4星 满意")).toBeChecked();
  await press(page, radio(card(page, "nps"), "0"), "ArrowRight", 9);
  await expect(radio(card(page, "nps"), "9")).toBeChecked();
  await press(page, radio(card(page, "agree"), "1"), "ArrowRight", 3);
  await press(page, card(page, "budget").getByRole("slider"), "ArrowRight", 7);
  await expect(card(page, "budget").getByRole("slider")).toHaveAttribute("aria-valuetext", "3500元");
  await typeInto(page, card(page, "weights").getByRole("textbox", { name: "价格" }), "60");
  await typeInto(page, card(page, "weights").getByRole("textbox", { name: "质量" }), "40");
  for (const item of ["成长", "薪资", "氛围"])
    await press(page, card(page, "rank").getByRole("button", { name: item }), "Enter");
  await expect(card(page, "rank").getByRole("button", { name: /^成长\s*，第 1 位$/ })).toBeVisible();
  // Focus is on 氛围, ranked third: Up moves it to second, and the live region says so.
  await page.keyboard.press("ArrowUp");
  await expect(card(page, "rank").getByRole("button", { name: /^氛围\s*，第 2 位$/ })).toBeFocused();
  await expect(card(page, "rank").getByRole("button", { name: /^薪资\s*，第 3 位$/ })).toBeVisible();
  await expect(card(page, "rank").getByText("氛围 已移到第 2 位。当前顺序：成长、氛围、薪资")).toBeAttached();
  await nextPage(page, "矩阵题");

  // Page 6: matrices and the table.
  const row = (id: string, label: string) => card(page, id).getByRole("radiogroup", { name: label });
  await press(page, radio(row("msat", "环境"), "满意"), "Space");
  await press(page, radio(row("msat", "服务"), "满意"), "ArrowRight");
  await expect(radio(row("msat", "服务"), "一般")).toBeChecked();
  await press(page, card(page, "mchan").getByRole("checkbox", { name: "官网" }), "Space");
  await typeInto(page, card(page, "mfill").getByRole("textbox", { name: "父亲 姓名" }), "张大");
  await typeInto(page, card(page, "mfill").getByRole("textbox", { name: "父亲 职业" }), "教师");
  await press(page, radio(row("mscale", "数学"), "1"), "ArrowRight", 4);
  await press(page, card(page, "mdrop").getByRole("combobox"), "ArrowDown");
  await typeInto(page, card(page, "members").getByRole("textbox", { name: "队员姓名" }), "王五");
  await nextPage(page, "附件与签名");

  // Page 7: a file through the chooser the keyboard opens, a typed signature, an area, a slot.
  const chooser = page.waitForEvent("filechooser");
  await press(page, card(page, "photo").getByLabel("选择文件"), "Space");
  await (await chooser).setFiles({ name: "photo.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(card(page, "photo").locator(".wa-file-name")).toHaveText("photo.png");

  const open = card(page, "sign").getByRole("button", { name: "点击签名" });
  await press(page, open, "Enter");
  const sheet = page.getByRole("dialog", { name: "签名" });
  await expect(sheet.getByRole("button", { name: "手写签名" })).toBeFocused();
  // Focus is trapped: a dozen Tabs and Shift+Tabs never leave the dialog.
  for (const key of ["Tab", "Shift+Tab"])
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await expect(open).toBeFocused();

  await page.keyboard.press("Enter");
  await press(page, sheet.getByRole("button", { name: "输入姓名" }), "Enter");
  const name = sheet.getByRole("textbox", { name: "输入姓名" });
  await expect(name).toBeFocused();
  await page.keyboard.type("张三");
  await page.keyboard.press("Enter");
  await expect(sheet).toHaveCount(0);
  const signed = card(page, "sign").getByRole("img", { name: "我的签名（键入姓名）" });
  await expect(signed).toHaveAttribute("src", /^\/uploads\/.+\.png#typed$/);
  await expect(card(page, "sign").getByRole("button", { name: "重新签名" })).toBeFocused();

  const area = card(page, "addr").getByRole("button", { name: "请选择省/市/区" });
  await press(page, area, "Enter");
  const picker = page.getByRole("dialog", { name: "选择地区" });
  for (const place of ["浙江省", "杭州市", "西湖区"]) {
    const item = picker.getByRole("button", { name: place, exact: true });
    await press(page, item, "Enter");
  }
  await expect(picker).toHaveCount(0);
  await expect(card(page, "addr").getByRole("button")).toBeFocused();
  await expect(card(page, "addr")).toContainText("浙江省 / 杭州市 / 西湖区");
  await press(page, radio(card(page, "slot"), "6月20日 上午"), "Space");

  await press(page, page.getByRole("button", { name: "提交" }), "Enter");
  await expect(page.getByTestId("thank-you")).toBeVisible();
  expect(await responseCount(request, q)).toBe(1);
});

test("the area picker is a dialog: focus moves in, Escape closes it and focus returns to its button", async ({
  page,
  request,
}) => {
  const q = await publishQuestionnaire(request, {
    schemaVersion: 1,
    kind: "survey",
    title: unique("地区"),
    pages: [
      { id: "p1", questions: [{ id: "addr", type: "region", title: "所在地区", config: { levels: 2 } }] },
    ],
  });
  await openAnswerPage(page, q.publicId);
  const opener = card(page, "addr").getByRole("button", { name: "请选择省/市" });
  await press(page, opener, "Enter");
  const picker = page.getByRole("dialog", { name: "选择地区" });
  await expect(picker.getByRole("button", { name: "北京市", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(opener).toBeFocused();
});
