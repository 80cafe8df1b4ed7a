import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { newSmsAccount, TOKEN_PAGE } from "../support/accounts.ts";
import { expectNoSeriousViolations, preloadAxe } from "../support/axe.ts";
import { reviewShot } from "../support/shots.ts";

/**
 * The bank drawer as its owner uses it (issue #33, item 5): every question read in full, edited and added
 * with the designer's own editors, filtered by tag and difficulty, moved to another bank and deleted in bulk;
 * at 1280 px and on a 390 px phone, where the drawers take the whole width and nothing scrolls sideways.
 */

async function api<T>(request: APIRequestContext, token: string, path: string, json: unknown): Promise<T> {
  const res = await request.post(`/wjgj/api/questionBank/${path}`, { headers: { token }, data: json });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

const fire = {
  id: "a",
  type: "single",
  title: "发生火灾时应拨打",
  config: {
    options: [
      { id: "o1", label: "110" },
      { id: "o2", label: "119", correct: true },
      { id: "o3", label: "120" },
    ],
  },
  scoring: { mode: "single", points: 5 },
  explanation: "119 是火警电话",
};
const socket = {
  id: "b",
  type: "trueFalse",
  title: "插座冒烟时应先断电",
  config: {
    options: [
      { id: "true", label: "对", correct: true },
      { id: "false", label: "错" },
    ],
  },
  scoring: { mode: "single", points: 2 },
};
const gauge = {
  id: "c",
  type: "text",
  title: "灭火器压力表指针应在什么颜色区",
  config: {},
  scoring: { mode: "text", points: 3, accepted: ["绿色", "绿区"] },
};

async function noSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const bodies = Array.from(document.querySelectorAll<HTMLElement>(".ant-drawer-body"));
    return Math.max(
      document.documentElement.scrollWidth - window.innerWidth,
      ...bodies.map((body) => body.scrollWidth - body.clientWidth),
    );
  });
  expect(overflow, where).toBeLessThanOrEqual(0);
}

/** Picks an option of the open antd select. */
const pick = (page: Page, text: string) =>
  page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: text }).click();

/** The drawer's question items, as the list shows them. */
const questions = (drawer: Locator) => drawer.getByTestId("bank-question");

for (const width of [1280, 390] as const) {
  test.describe(`the bank question editor at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("reads, edits, adds, filters, moves and deletes a bank's questions", async ({
      page,
      request,
      context,
    }) => {
      const shot = (name: string) =>
        reviewShot(page, { path: `test-results/question-bank-editor-${width}-${name}.png` });
      // One person's whole session with a bank, two axe runs included: longer than one page's journey.
      test.setTimeout(120_000);
      await preloadAxe(context);
      const token = await newSmsAccount(request);
      const fireBank = await api<{ id: number }>(request, token, "addBank", { name: "消防题库" });
      await api(request, token, "addBank", { name: "用电题库" });
      await api(request, token, "addBankQuestion", {
        id: fireBank.id,
        question: fire,
        tags: ["消防", "常识"],
        difficulty: 1,
      });
      await api(request, token, "addBankQuestion", {
        id: fireBank.id,
        question: socket,
        tags: ["用电"],
        difficulty: 2,
      });
      await api(request, token, "addBankQuestion", {
        id: fireBank.id,
        question: gauge,
        tags: ["器材"],
        difficulty: 3,
      });

      await page.goto(TOKEN_PAGE);
      await page.evaluate((value) => localStorage.setItem("token", value), token);
      await page.goto("/dc/questionBank");
      await page.getByRole("button", { name: "消防题库", exact: true }).click();
      const drawer = page.locator(".qb-drawer");
      await expect(questions(drawer)).toHaveCount(3);

      // Each question in full: options with the answer marked, explanation, points, difficulty and tags.
      const first = questions(drawer).nth(0);
      await expect(first.getByRole("listitem").filter({ hasText: "119" })).toContainText("正确答案");
      await expect(first.getByRole("listitem").filter({ hasText: "110" })).not.toContainText("正确答案");
      await expect(first).toContainText("解析：119 是火警电话");
      await expect(first).toContainText("5分");
      await expect(first).toContainText("#消防");
      await expect(first).toContainText("简单");
      await expect(questions(drawer).nth(2)).toContainText("参考答案：绿色 / 绿区");
      await noSidewaysScroll(page, "the bank drawer");
      await expectNoSeriousViolations(page, `题库抽屉 ${width}px`);
      await shot("1-drawer");

      // 编辑: the designer's editors on the stored question.
      await first.getByRole("button", { name: "编辑第1题" }).click();
      const editor = page.locator(".qb-editor-drawer");
      await expect(editor.getByText("编辑题目")).toBeVisible();
      await editor.getByRole("textbox", { name: "题目标题" }).fill("火警电话是多少");
      await editor.getByRole("textbox", { name: "选项3", exact: true }).fill("12119");
      const settings = editor.getByTestId("option-setting");
      await settings.nth(1).getByRole("checkbox", { name: "正确答案" }).uncheck();
      await expect(editor.getByRole("status")).toContainText("保存前请修改：请勾选至少一个正确答案");
      await expect(editor.getByRole("button", { name: "保存" })).toBeDisabled();
      await settings.nth(1).getByRole("checkbox", { name: "正确答案" }).check();
      await editor.getByRole("textbox", { name: "答案解析" }).fill("119 是火警，12119 是森林火警");
      await editor.getByRole("spinbutton", { name: "本题分值" }).fill("8");
      await noSidewaysScroll(page, "the editor");
      await expectNoSeriousViolations(page, `编辑题目 ${width}px`);
      await shot("2-edit");
      await editor.getByRole("button", { name: "保存" }).click();
      await expect(editor.getByTestId("bank-question-editor")).toBeHidden();
      await expect(first).toContainText("火警电话是多少");
      await expect(first.getByRole("listitem").filter({ hasText: "12119" })).not.toContainText("正确答案");
      await expect(first).toContainText("解析：119 是火警，12119 是森林火警");
      await expect(first).toContainText("8分");

      // 添加题目: a 多选题 with two right answers, 困难, tagged 消防.
      await drawer.getByRole("button", { name: "添加题目" }).click();
      await expect(editor.getByText("添加题目")).toBeVisible();
      await editor.locator(".ant-segmented-item").filter({ hasText: "多选题" }).click();
      await editor.getByRole("textbox", { name: "题目标题" }).fill("哪些可以扑灭油锅火");
      await editor.getByRole("textbox", { name: "选项1", exact: true }).fill("锅盖");
      await editor.getByRole("textbox", { name: "选项2", exact: true }).fill("水");
      const third = editor.getByRole("textbox", { name: "选项3", exact: true });
      if ((await third.count()) === 0) await editor.getByRole("button", { name: "添加选项" }).click();
      await editor.getByRole("textbox", { name: "选项3", exact: true }).fill("沙土");
      await expect(editor.getByRole("status")).toContainText("请勾选至少一个正确答案");
      await settings.nth(0).getByRole("checkbox", { name: "正确答案" }).check();
      await settings.nth(2).getByRole("checkbox", { name: "正确答案" }).check();
      await editor.locator(".ant-segmented-item").filter({ hasText: "困难" }).click();
      await editor.getByRole("combobox", { name: "标签" }).fill("消防");
      await editor.getByRole("combobox", { name: "标签" }).press("Enter");
      await expect(editor.getByRole("status")).toHaveCount(0);
      await noSidewaysScroll(page, "the editor adding");
      await shot("3-add");
      await editor.getByRole("button", { name: "保存" }).click();
      await expect(editor.getByTestId("bank-question-editor")).toBeHidden();
      await expect(questions(drawer)).toHaveCount(4);
      const added = questions(drawer).nth(3);
      await expect(added).toContainText("哪些可以扑灭油锅火");
      await expect(added.getByRole("listitem").filter({ hasText: "锅盖" })).toContainText("正确答案");
      await expect(added.getByRole("listitem").filter({ hasText: "沙土" })).toContainText("正确答案");
      await expect(added.getByRole("listitem").filter({ hasText: /^B\./ })).not.toContainText("正确答案");
      await expect(added).toContainText("困难");

      // 标签 and 难度 narrow the list.
      await drawer.getByRole("combobox", { name: "按标签筛选" }).click();
      await pick(page, "消防（2）");
      await expect(questions(drawer)).toHaveCount(2);
      await drawer.getByRole("combobox", { name: "按难度筛选" }).click();
      await pick(page, "困难");
      await expect(questions(drawer)).toHaveCount(1);
      await expect(questions(drawer).nth(0)).toContainText("哪些可以扑灭油锅火");
      await shot("4-filtered");
      const keyword = drawer.getByRole("searchbox", { name: "关键词" });
      await keyword.fill("地震");
      await keyword.press("Enter");
      await expect(drawer.getByText("没有符合筛选条件的题目")).toBeVisible();
      await keyword.fill("");
      await keyword.press("Enter");
      await expect(questions(drawer)).toHaveCount(1);
      // Cleared, the whole bank is back.
      for (const name of ["按标签筛选", "按难度筛选"]) {
        const box = drawer.locator(".ant-select").filter({ has: page.getByRole("combobox", { name }) });
        await box.hover();
        await box.locator(".ant-select-clear").click();
      }
      await expect(questions(drawer)).toHaveCount(4);

      // Two checked and moved to 用电题库.
      await drawer.getByRole("checkbox", { name: "选择第1题" }).check();
      await drawer.getByRole("checkbox", { name: "选择第2题" }).check();
      await expect(drawer.getByText("已选 2 题")).toBeVisible();
      await drawer.getByRole("button", { name: /移动到/ }).click();
      await page.getByRole("menuitem", { name: "用电题库" }).click();
      await expect(page.getByText("已将 2 道题移动到「用电题库」")).toBeVisible();
      await expect(questions(drawer)).toHaveCount(2);
      await expect(drawer).not.toContainText("火警电话是多少");

      // The other two deleted in bulk.
      await drawer.getByRole("checkbox", { name: "全选" }).check();
      await drawer.getByRole("button", { name: "批量删除" }).click();
      await page.getByRole("tooltip").getByRole("button", { name: "删除" }).click();
      await expect(page.getByText("已删除 2 道题")).toBeVisible();
      await expect(drawer.getByText("题库中还没有题目")).toBeVisible();
      await shot("5-emptied");

      // 用电题库 holds the moved questions as they were.
      await drawer.locator(".ant-drawer-close").click();
      await page.getByRole("button", { name: "用电题库", exact: true }).click();
      await expect(questions(drawer)).toHaveCount(2);
      await expect(questions(drawer).nth(0)).toContainText("火警电话是多少");
      await expect(questions(drawer).nth(1)).toContainText("插座冒烟时应先断电");
      await noSidewaysScroll(page, "the other bank");
      await shot("6-moved");
    });
  });
}
