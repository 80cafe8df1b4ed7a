import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { apiLogin, DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { unique } from "../support/answering.ts";
import { expectReadableContrast } from "../support/axe.ts";

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface Detail {
  id: number;
  publicId: string;
  status: string;
  version: number;
  definition: { title: string; pages: { id: string; questions: { id: string; type: string }[] }[] };
}

/** Every palette type in palette order; 分页 splits the page instead of adding a question. */
const paletteTypes = [
  "single",
  "multiple",
  "dropdown",
  "cascader",
  "imageSingle",
  "imageMultiple",
  "trueFalse",
  "voteSingle",
  "voteMultiple",
  "text",
  "textarea",
  "multiBlank",
  "inlineBlank",
  "number",
  "date",
  "time",
  "dateRange",
  "star",
  "nps",
  "likert",
  "slider",
  "allocation",
  "ranking",
  "matrixSingle",
  "matrixMultiple",
  "matrixFill",
  "matrixScale",
  "matrixDropdown",
  "table",
  "file",
  "signature",
  "region",
  "personal",
  "booking",
  "product",
  "paragraph",
  "pageBreak",
  "divider",
  "group",
];
const questionCount = paletteTypes.length - 1;

async function call<T>(request: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const response = body
    ? await request.post(`/wjgj/api/${path}`, { headers: { token }, data: body })
    : await request.get(`/wjgj/api/${path}`, { headers: { token } });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, envelope.msg).toBe(200);
  return envelope.data;
}

async function createBlank(request: APIRequestContext, title: string) {
  const { token } = await apiLogin(request, DEMO_PERSONAL);
  const detail = await call<Detail>(request, token, "questionary/addQuestionary", { kind: "survey", title });
  return { token, id: detail.id };
}

const cards = (page: Page) => page.getByTestId("question-card");

async function expectSaved(page: Page) {
  await expect(page.getByTestId("save-indicator")).toHaveAttribute("data-state", "saved", {
    timeout: 15_000,
  });
}

/** Opens one of the selected card's logic editors through its toolbar. */
async function openLogic(page: Page, card: Locator, editor: string) {
  await card.click({ position: { x: 8, y: 8 } });
  await card.getByRole("button", { name: "逻辑设置" }).click();
  // The menu slides in: a click while it moves can land on the item next to the one meant.
  await expect(page.locator(".ant-dropdown:not(.ant-dropdown-hidden)")).not.toHaveClass(/ant-slide-up/);
  await page.getByRole("menuitem", { name: editor }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`${editor} · `);
  // Clicked once it has finished zooming in: a click mid-zoom (添加跳题规则, 按相同文字自动关联) was lost
  // about once in eight runs, on SQLite and PostgreSQL.
  await expect(dialog).not.toHaveClass(/ant-zoom/);
  return dialog;
}

test.describe("designer", () => {
  test("every question type, logic through the editors, autosave across a reload, undo/redo, publish and share", async ({
    page,
    request,
  }) => {
    const title = unique("设计器全题型");
    const { token, id } = await createBlank(request, title);
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${id}`);
    await expect(page.getByRole("textbox", { name: "问卷名称" })).toHaveValue(title);

    for (const type of paletteTypes)
      await page.getByTestId("palette").locator(`[data-type="${type}"]`).click();
    await expect(cards(page)).toHaveCount(questionCount);
    await expect(page.getByRole("region", { name: "第2页" })).toBeVisible();
    await expect(cards(page).last()).toContainText("题组");
    // Every type's canvas reads: the grey hints of its fake inputs were 1.99:1 (#b0b8c6 on white).
    await expectReadableContrast(page, "[data-testid=designer]", "设计器全部题型");
    // A selected matrix's row and column title editors stay inside its card beside the settings panel.
    const matrix = cards(page).nth(paletteTypes.indexOf("matrixSingle"));
    await matrix.click({ position: { x: 8, y: 8 } });
    const editors = matrix.locator(".dd-matrix-editors");
    await expect(editors.getByRole("textbox").first()).toBeVisible();
    const [cardBox, editorsBox] = [await matrix.boundingBox(), await editors.boundingBox()];
    expect((editorsBox?.x ?? 0) + (editorsBox?.width ?? 0)).toBeLessThanOrEqual(
      (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
    );
    for (const input of await editors.getByRole("textbox").all()) {
      const box = await input.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), "a title input inside the card").toBeLessThanOrEqual(
        (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
      );
    }

    // 显示逻辑 on 第2题 (多选) over 第1题 (单选): the builder starts from the first earlier question's first option.
    let dialog = await openLogic(page, cards(page).nth(1), "显示逻辑");
    await expect(dialog.getByTestId("logic-preview")).toHaveText("当第1题选择“选项1”时显示");
    // Picking 选项2 in the new condition replaces the first option that stood in (it gave 选项1 or 选项2).
    await dialog.getByRole("combobox", { name: "条件选项" }).click();
    await page.locator(".ant-select-item-option", { hasText: "选项2" }).click();
    await expect(dialog.getByTestId("logic-preview")).toHaveText("当第1题选择“选项2”时显示");
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(cards(page).nth(1)).toContainText("当第1题选择“选项2”时显示");

    // 跳题逻辑 on 第1题: when 选项1 is chosen, go to page 2.
    dialog = await openLogic(page, cards(page).nth(0), "跳题逻辑");
    await dialog.getByRole("button", { name: "添加跳题规则" }).click();
    await expect(dialog.getByTestId("jump-rule")).toContainText("当第1题选择“选项1”时跳到第2页");
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(cards(page).nth(0)).toContainText("当第1题选择“选项1”时跳到第2页");

    // 选项关联 on 第3题 (下拉框): its options follow the same-labelled options of 第1题.
    dialog = await openLogic(page, cards(page).nth(2), "选项关联");
    await dialog.getByRole("button", { name: "按相同文字自动关联" }).click();
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(cards(page).nth(2)).toContainText("选项关联第1题：选中关联选项时才显示（2个选项）");

    // 引用选项 on 第8题 (投票单选): it offers what was chosen in 第1题.
    dialog = await openLogic(page, cards(page).nth(7), "引用选项");
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(cards(page).nth(7)).toContainText("选项引用第1题已选的选项");

    await expectSaved(page);
    await page.reload();
    await expect(cards(page)).toHaveCount(questionCount);
    await expect(cards(page).nth(0)).toContainText("当第1题选择“选项1”时跳到第2页");
    await expect(cards(page).nth(1)).toContainText("当第1题选择“选项2”时显示");
    await expect(cards(page).nth(2)).toContainText("选项关联第1题");
    await expect(cards(page).nth(7)).toContainText("选项引用第1题已选的选项");
    const saved = await call<Detail>(request, token, `questionary/getQuestionaryDetail?id=${id}`);
    expect(saved.definition.pages.flatMap((p) => p.questions.map((q) => q.type))).toEqual(
      paletteTypes.filter((type) => type !== "pageBreak"),
    );

    // Undo/redo by keyboard and by the top bar's buttons.
    await cards(page)
      .last()
      .click({ position: { x: 8, y: 8 } });
    await cards(page).last().getByRole("button", { name: /删除$/ }).click();
    await expect(cards(page)).toHaveCount(questionCount - 1);
    await page.keyboard.press("Control+z");
    await expect(cards(page)).toHaveCount(questionCount);
    await page.keyboard.press("Control+Shift+z");
    await expect(cards(page)).toHaveCount(questionCount - 1);
    await page.getByRole("button", { name: "撤销" }).click();
    await expect(cards(page)).toHaveCount(questionCount);

    // A typing burst in a title is one undo step.
    const firstTitle = cards(page).nth(0).locator(".dd-card__title");
    await firstTitle.click();
    await page.keyboard.type("abc");
    await expect(cards(page).nth(0).getByRole("textbox", { name: "题目标题" })).toHaveText(
      "请选择一个选项abc",
    );
    await page.keyboard.press("Control+z");
    await expect(cards(page).nth(0).getByRole("textbox", { name: "题目标题" })).toHaveText("请选择一个选项");
    await page.getByRole("button", { name: "重做" }).click();
    await expect(cards(page).nth(0).getByRole("textbox", { name: "题目标题" })).toHaveText(
      "请选择一个选项abc",
    );
    await expectSaved(page);

    await page.getByTestId("publish-button").click();
    const share = page.getByTestId("share-dialog");
    await expect(share).toBeVisible();
    const published = await call<Detail>(request, token, `questionary/getQuestionaryDetail?id=${id}`);
    expect(published.status).toBe("published");
    expect(published.publicId).toMatch(/^[A-Za-z0-9]{8,}$/);
    const link = await share.getByTestId("share-link").inputValue();
    expect(link).toBe(`${new URL(page.url()).origin}/r/${published.publicId}`);
    await page.keyboard.press("Escape");
    await expect(page.getByText("已发布", { exact: true }).first()).toBeVisible();

    await page.goto(link);
    await expect(page.getByText("页面不存在")).toHaveCount(0);
  });

  test("a save from elsewhere shows the conflict notice; 覆盖 keeps the local edit", async ({
    page,
    request,
  }) => {
    const { token, id } = await createBlank(request, unique("冲突处理"));
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${id}`);
    await page.getByTestId("palette").locator('[data-type="single"]').click();
    await expectSaved(page);

    // Another window saves in between.
    const other = await call<Detail>(request, token, `questionary/getQuestionaryDetail?id=${id}`);
    await call(request, token, "questionary/saveQuestionary", {
      id,
      baseVersion: other.version,
      definition: { ...other.definition, title: "其他窗口的标题" },
    });

    const titleField = page.getByRole("textbox", { name: "问卷名称" });
    await titleField.fill("本窗口的标题");
    await expect(page.getByTestId("conflict-banner")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("save-indicator")).toHaveAttribute("data-state", "conflict");
    await expect(titleField).toHaveValue("本窗口的标题");

    await page.getByTestId("conflict-banner").getByRole("button", { name: "覆盖" }).click();
    await expectSaved(page);
    await expect(page.getByTestId("conflict-banner")).toHaveCount(0);
    const after = await call<Detail>(request, token, `questionary/getQuestionaryDetail?id=${id}`);
    expect(after.definition.title).toBe("本窗口的标题");
    expect(after.version).toBeGreaterThan(other.version + 1);
  });

  test("a type dragged from the palette lands above or below the card it is dropped on", async ({
    page,
    request,
  }) => {
    const { id } = await createBlank(request, unique("拖放位置"));
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${id}`);
    const palette = (type: string) => page.getByTestId("palette").locator(`[data-type="${type}"]`);
    await palette("single").click();
    await palette("multiple").click();
    await expect(cards(page)).toHaveCount(2);

    /** The box of `target` once it stops moving: the canvas scrolls smoothly to every new card. */
    const settledBox = async (target: Locator) => {
      let last = await target.boundingBox();
      for (let i = 0; i < 60; i++) {
        await page.waitForTimeout(50);
        const now = await target.boundingBox();
        if (last && now && Math.abs(now.x - last.x) < 0.5 && Math.abs(now.y - last.y) < 0.5) return now;
        last = now;
      }
      throw new Error("the canvas kept moving");
    };

    /** Drags a palette type with the mouse, in steps, onto `share` of the height of `target`. */
    const drop = async (type: string, target: Locator, share: number) => {
      const from = await settledBox(palette(type));
      const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
      const endOf = async () => {
        const to = await settledBox(target);
        return { x: to.x + to.width / 2, y: to.y + to.height * share };
      };
      let end = await endOf();
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      for (let step = 1; step <= 12; step++)
        await page.mouse.move(
          start.x + ((end.x - start.x) * step) / 12,
          start.y + ((end.y - start.y) * step) / 12,
        );
      // Where the card is now, in case anything moved while dragging; the drop reads the last position.
      end = await endOf();
      await page.mouse.move(end.x, end.y, { steps: 2 });
      await page.mouse.up();
    };

    // The top of the first card: before it (this used to land second).
    await drop("text", cards(page).first(), 0.15);
    await expect(cards(page)).toHaveCount(3);
    await expect(cards(page).nth(0)).toContainText("单行文本");
    // The lower half of the first card: right after it.
    await drop("textarea", cards(page).first(), 0.8);
    await expect(cards(page)).toHaveCount(4);
    await expect(cards(page).nth(1)).toContainText("多行文本");
    // The lower half of the last card: at the end.
    await drop("number", cards(page).last(), 0.8);
    await expect(cards(page)).toHaveCount(5);
    await expect(cards(page).nth(4)).toContainText("数字");
    await expect(cards(page).nth(2)).toContainText("单选");
    await expectSaved(page);
  });
});
