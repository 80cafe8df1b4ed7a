import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiLogin, DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { createQuestionnaire, nameForm, unique } from "../support/answering.ts";

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface Summary {
  id: number;
  publicId: string;
  title: string;
  kind: string;
  status: string;
}

interface Detail extends Summary {
  definition: {
    kind: string;
    title: string;
    pages: {
      questions: {
        type: string;
        title: string;
        config: { options?: { label: string; correct?: boolean }[] };
      }[];
    }[];
  };
}

/** Titles unique to this run, so the demo account's other questionnaires never get in the way. */

async function api<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  params: Record<string, string | number>,
) {
  const response = await request.get(`/wjgj/api/${path}`, { headers: { token }, params });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

function card(page: Page, title: string) {
  return page
    .getByTestId("questionary-card")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });
}

async function confirm(page: Page, button: string) {
  await page.getByRole("dialog").getByRole("button", { name: button, exact: true }).click();
}

test.describe("creator list", () => {
  test("blank questionnaire: create, list, copy, recycle bin round trip, delete for good", async ({
    page,
    request,
  }) => {
    const title = unique("员工满意度");
    const copyTitle = `${title}（副本）`;
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/creatDc");

    await page.getByTestId("kind-satisfaction").click();
    await page.getByTestId("method-blank").click();
    await page.getByTestId("blank-title").fill(title);
    await page.getByRole("button", { name: "立即创建" }).click();
    await expect(page).toHaveURL(/\/dc\/dcDesign\?id=\d+$/);

    await page.goto(`/dc/dclist?title=${encodeURIComponent(title)}`);
    const original = card(page, title);
    await expect(original).toContainText("草稿");
    await expect(original).toContainText("满意度调查");

    await original.getByRole("button", { name: "复制" }).click();
    await expect(page.getByText(`已复制为「${copyTitle}」`)).toBeVisible();
    const copy = card(page, copyTitle);
    await expect(copy).toBeVisible();

    // 星标: the original is marked from its card and found under 星标问卷, where its copy is not.
    const star = original.getByRole("button", { name: "星标", exact: true });
    await expect(star).toHaveAttribute("aria-pressed", "false");
    await star.click();
    await expect(page.getByText("已设为星标")).toBeVisible();
    await expect(star).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "星标问卷", exact: true }).click();
    await expect(page).toHaveURL(/tab=starred/);
    await page.getByLabel("搜索问卷名称").fill(title);
    await page.getByLabel("搜索问卷名称").press("Enter");
    await expect(original).toBeVisible();
    await expect(copy).toHaveCount(0);
    await page.getByRole("button", { name: "我创建的", exact: true }).click();
    await page.getByLabel("搜索问卷名称").fill(title);
    await page.getByLabel("搜索问卷名称").press("Enter");
    await expect(copy).toBeVisible();

    await copy.getByRole("button", { name: "删除" }).click();
    await expect(page.getByRole("dialog")).toContainText("将移入回收站");
    await confirm(page, "删除");
    await expect(page.getByText("已移入回收站")).toBeVisible();
    await expect(copy).toHaveCount(0);
    await expect(original).toBeVisible();

    await page.getByRole("button", { name: "回收站" }).click();
    await expect(page).toHaveURL(/tab=recycle/);
    const bin = page.getByTestId("recycle-bin");
    const binRow = bin.getByRole("row").filter({ hasText: copyTitle });
    await expect(binRow).toBeVisible();
    await binRow.getByRole("button", { name: "恢复" }).click();
    await expect(page.getByText(`「${copyTitle}」已恢复`)).toBeVisible();
    await expect(binRow).toHaveCount(0);

    await page.getByRole("button", { name: "我创建的" }).click();
    await page.getByLabel("搜索问卷名称").fill(title);
    await page.getByLabel("搜索问卷名称").press("Enter");
    await expect(card(page, copyTitle)).toBeVisible();

    await card(page, copyTitle).getByRole("button", { name: "删除" }).click();
    await confirm(page, "删除");
    await expect(card(page, copyTitle)).toHaveCount(0);
    await page.getByRole("button", { name: "回收站" }).click();
    await bin
      .getByRole("row")
      .filter({ hasText: copyTitle })
      .getByRole("button", { name: "彻底删除" })
      .click();
    await expect(page.getByRole("dialog")).toContainText("无法恢复");
    await confirm(page, "彻底删除");
    await expect(page.getByText("已彻底删除")).toBeVisible();
    await expect(bin.getByRole("row").filter({ hasText: copyTitle })).toHaveCount(0);

    // The server agrees: the copy is gone from both lists, the original is still there.
    const { token } = await apiLogin(request, DEMO_PERSONAL);
    const mine = await api<{ list: Summary[] }>(request, token, "questionary/getQuestionaryList", {
      title,
      pageSize: 100,
    });
    expect(mine.list.map((item) => item.title)).toEqual([title]);
    const recycled = await api<{ list: Summary[] }>(request, token, "questionary/getHSZQuestionaryList", {
      title,
      pageNum: 1,
      pageSize: 100,
    });
    expect(recycled.list).toEqual([]);
  });

  test("text import: the pasted questions are previewed and become the questionnaire", async ({
    page,
    request,
  }) => {
    const title = unique("消防知识测验");
    const text = [
      title,
      "1. 发生火灾时应拨打的电话是[单选题]*",
      "A. 110",
      "B. 119",
      "答案：B",
      "2. 灭火器有哪些种类？[多选题]",
      "A. 干粉",
      "B. 二氧化碳",
      "C. 汽油",
      "答案：AB",
      "3. 请写下你的逃生要点[多行填空]",
    ].join("\n");
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/creatDc");
    await page.getByTestId("kind-exam").click();
    await page.getByTestId("method-import").click();

    await page.getByTestId("import-text").fill(text);
    const preview = page.getByTestId("survey-preview");
    await expect(preview.getByRole("heading", { name: title })).toBeVisible();
    await expect(preview.getByTestId("preview-question")).toHaveCount(3);
    await expect(preview.getByTestId("preview-question").nth(1)).toContainText("二氧化碳");
    await expect(page.getByText("识别到 3 道题")).toBeVisible();

    await page.getByTestId("import-create").click();
    await expect(page).toHaveURL(/\/dc\/dcDesign\?id=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get("id"));

    const { token } = await apiLogin(request, DEMO_PERSONAL);
    const detail = await api<Detail>(request, token, "questionary/getQuestionaryDetail", { id });
    expect(detail.kind).toBe("exam");
    expect(detail.title).toBe(title);
    const questions = detail.definition.pages.flatMap((p) => p.questions);
    expect(questions.map((q) => q.type)).toEqual(["single", "multiple", "textarea"]);
    expect(questions[0]?.title).toBe("发生火灾时应拨打的电话是");
    expect(questions[1]?.config.options?.filter((o) => o.correct).map((o) => o.label)).toEqual([
      "干粉",
      "二氧化碳",
    ]);
  });

  test("publish from the list, then share shows the link and the QR code", async ({ page, request }) => {
    const title = unique("社团招新报名");
    const created = await createQuestionnaire(request, nameForm(title));

    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dclist?title=${encodeURIComponent(title)}`);
    const item = card(page, title);
    await item.getByRole("button", { name: "发布" }).click();
    await expect(page.getByText(`「${title}」已发布`)).toBeVisible();
    await expect(item).toContainText("已发布");

    await item.getByRole("button", { name: "分享" }).click();
    const dialog = page.getByTestId("share-dialog");
    await expect(dialog.getByTestId("share-link")).toHaveValue(new RegExp(`/r/${created.publicId}$`));
    await expect(dialog.getByTestId("share-qr")).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect(dialog.getByRole("textbox", { name: "嵌入代码" })).toHaveValue(
      new RegExp(`^<iframe src="[^"]+/r/${created.publicId}"`),
    );
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "下载二维码" }).click();
    expect((await download).suggestedFilename()).toBe(`${title}-二维码.png`);
    await page.keyboard.press("Escape");

    await item.getByRole("button", { name: "暂停" }).click();
    await confirm(page, "暂停");
    await expect(item).toContainText("已暂停");
  });
});
