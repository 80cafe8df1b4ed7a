import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { createQuestionnaire, nameForm, unique } from "../support/answering.ts";

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface TemplateCard {
  id: number;
  title: string;
  kind: string;
  kindName: string;
}

interface TemplateDetail extends TemplateCard {
  definition: { pages: { questions: { type: string; title: string }[] }[] };
}

async function get<T>(request: APIRequestContext, path: string, params: Record<string, string | number>) {
  const body = (await (await request.get(`/wjgj/api/${path}`, { params })).json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** Titles are stored as the rich-text subset; the designer and the preview show their text. */
const plain = (html: string) => html.replace(/<[^>]+>/g, "").trim();

async function loginWithPassword(page: Page) {
  await page.getByRole("tab", { name: "密码登录" }).click();
  const form = page.getByTestId("password-login-form");
  await form.getByPlaceholder("请输入手机号").fill(DEMO_PERSONAL.phone);
  await form.getByPlaceholder("请输入密码").fill(DEMO_PERSONAL.password);
  await page.getByTestId("agreement-check").check();
  await form.getByRole("button", { name: "登录" }).click();
}

test.describe("templates", () => {
  test("a visitor opening a template preview logs in and comes back to it; no sideways scrolling on a phone", async ({
    page,
    request,
  }) => {
    const { list } = await get<{ list: TemplateCard[] }>(request, "navigation/getChoiceTemplateList", {
      pageNum: 1,
      pageSize: 1,
      kind: "vote",
    });
    const template = list[0];
    expect(template, "没有投票模板").toBeTruthy();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/questionnaireDetails?id=${template?.id}`);
    await expect(page).toHaveURL(/\/Loginone\?redirect=/i);
    await loginWithPassword(page);

    await expect(page).toHaveURL(new RegExp(`/questionnaireDetails\\?id=${template?.id}$`));
    await expect(page.locator(".wj-tpl-detail__title")).toHaveText(template?.title ?? "");
    await expect(page.locator(".wa-readonly .wa-card").first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  test("模板中心: filter by kind, preview, 使用此模板 opens the designer with the template's questions", async ({
    page,
    request,
  }) => {
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/template");
    const gallery = page.locator(".wj-template-centre__grid");
    await expect(gallery.locator(".wj-template-card").first()).toBeVisible();

    const filtered = page.waitForResponse(
      (r) => r.url().includes("navigation/getChoiceTemplateList") && r.url().includes("kind=exam"),
    );
    await page
      .locator(".wj-template-centre__filters .ant-segmented")
      .getByText("在线考试", { exact: true })
      .click();
    const { list } = ((await (await filtered).json()) as Envelope<{ list: TemplateCard[] }>).data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((card) => card.kind === "exam")).toBe(true);
    const first = list[0] as TemplateCard;
    const firstCard = gallery.locator(".wj-template-card").first();
    await expect(firstCard).toContainText(first.title);

    await firstCard.getByRole("button", { name: "预览" }).click();
    await expect(page).toHaveURL(new RegExp(`/questionnaireDetails\\?id=${first.id}$`));
    await expect(page.locator(".wj-tpl-detail__title")).toHaveText(first.title);
    await expect(page.locator(".wj-tpl-detail__tags")).toContainText("在线考试");
    const detail = await get<TemplateDetail>(request, "template/getTemplateDetail", { id: first.id });
    const items = detail.definition.pages.flatMap((p) => p.questions);
    const titles = items
      .filter((q) => !["paragraph", "divider", "group"].includes(q.type))
      .map((q) => plain(q.title));
    // The designer lists every item in order, 段落说明 (a section heading) included.
    const designed = items.map((q) => plain(q.title));
    await expect(page.locator(".wa-readonly .wa-card")).toHaveCount(titles.length);
    // Read-only: every control of the preview is disabled (the disabled fieldset), and nothing can be sent.
    const controls = page.locator("fieldset.wa-readonly").locator("input, textarea, select, button");
    await expect(controls.first()).toBeDisabled();
    await expect(
      page.locator("fieldset.wa-readonly").locator("input:enabled, textarea:enabled, button:enabled"),
    ).toHaveCount(0);
    await expect(page.getByRole("button", { name: "提交" })).toHaveCount(0);

    await page.getByText("手机", { exact: true }).click();
    await expect(page.locator(".wa-preview-phone")).toBeVisible();

    await page.getByRole("button", { name: "使用此模板" }).click();
    await expect(page).toHaveURL(/\/dc\/dcDesign\?id=\d+$/);
    const cards = page.getByTestId("question-card");
    await expect(cards.first()).toContainText(designed[0] ?? "");
    await expect(cards.last()).toContainText(designed.at(-1) ?? "");

    // The designer's own 另存为模板 starts from the draft's name and kind.
    await page.getByRole("button", { name: "另存为模板" }).click();
    const dialog = page.getByRole("dialog", { name: "另存为模板" });
    await expect(dialog.getByLabel("模板名称")).not.toHaveValue("");
    await expect(dialog.getByText("在线考试", { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "保存为模板" }).click();
    await expect(dialog.getByText("已保存为模板")).toBeVisible();
  });

  test("另存为模板 from 我的问卷, then found under 我的模板", async ({ page, request }) => {
    const title = unique("社团活动报名");
    const templateTitle = unique("社团报名模板");
    await createQuestionnaire(request, nameForm(title));

    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/dclist");
    const card = page
      .getByTestId("questionary-card")
      .filter({ has: page.getByRole("link", { name: title, exact: true }) });
    await card.getByRole("button", { name: "另存为模板" }).click();
    const dialog = page.getByRole("dialog", { name: "另存为模板" });
    await expect(dialog.getByLabel("模板名称")).toHaveValue(title);
    await dialog.getByLabel("模板名称").fill(templateTitle);
    await dialog.getByLabel("模板简介").fill("社团招新时收集报名信息");
    await dialog.getByRole("button", { name: "保存为模板" }).click();
    await expect(dialog.getByText("已保存为模板")).toBeVisible();
    await dialog.getByRole("button", { name: "查看我的模板" }).click();

    await expect(page).toHaveURL(/\/dc\/template\?tab=mine$/);
    await expect(page.getByRole("tab", { name: "我的模板", selected: true })).toBeVisible();
    const mine = page.locator(".wj-template-card", { hasText: templateTitle });
    await expect(mine).toContainText("收集表单");
    await expect(mine).toContainText("私有");
  });
});
