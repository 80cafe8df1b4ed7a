import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { apiLogin, DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { createQuestionnaire, fireAlarmQuestion, unique } from "../support/answering.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { reviewShot } from "../support/shots.ts";

async function sheet(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet("题库");
  ws.addRow(["题目", "题型", "选项", "答案", "分值", "解析", "标签", "难度"]);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const file = (buffer: Buffer) => ({
  name: "题库.xlsx",
  mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  buffer,
});

test("importing a bank: a file with a bad row names it and imports nothing; the fixed file imports all", async ({
  page,
  request,
}) => {
  const name = unique("消防题库");
  const { token } = await apiLogin(request, DEMO_PERSONAL);
  const created = await request.post("/wjgj/api/questionBank/addBank", {
    headers: { token },
    form: { name },
  });
  expect((await created.json()).code).toBe(200);
  await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/questionBank");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();

  const good = ["发生火灾时应拨打", "单选题", "A. 110|B. 119", "B", "5", "119 是火警电话", "消防", "简单"];
  const chooser = row.locator('input[type="file"]');
  await chooser.setInputFiles(
    file(
      await sheet([
        good,
        ["缺答案", "单选题", "A. 甲|B. 乙", "", "5", "", "", ""],
        ["二选一", "单选题", "A. 甲|B. 乙", "E", "5", "", "", ""],
        ["灯亮了吗", "判断题", "", "是", "2", "", "", ""],
      ]),
    ),
  );
  // Each bad row names its real fault, not a generic rule.
  await expect(page.getByText("第3行：缺少答案，应填选项字母，如 A 或 AC")).toBeVisible();
  await expect(page.getByText("第4行：答案E 超出选项范围（共2个选项）")).toBeVisible();
  await expect(page.getByText("第5行：判断题答案应为“对”或“错”")).toBeVisible();
  await reviewShot(page, { path: "test-results/question-bank-import-errors-1280.png" });
  await page.getByRole("button", { name: /知道了|确\s*定|OK/ }).click();
  await expect(row.getByRole("cell", { name: "0", exact: true })).toBeVisible();

  await chooser.setInputFiles(
    file(await sheet([good, ["电器起火应先切断电源", "判断题", "", "对", "2", "", "用电", "中等"]])),
  );
  await expect(page.getByText("已导入 2 道题")).toBeVisible();
  await expect(row.getByRole("cell", { name: "2", exact: true })).toBeVisible();
  await row.getByRole("button", { name, exact: true }).click();
  await expect(page.getByRole("dialog").getByTestId("bank-question").nth(1)).toContainText(
    "2.电器起火应先切断电源",
  );
  await reviewShot(page, { path: "test-results/question-bank-1280.png" });
});

test("从问卷导入: an exam's keyed questions become a new bank named after it; the essay stays out", async ({
  page,
  request,
}) => {
  const title = unique("消防期末考试");
  await createQuestionnaire(request, {
    schemaVersion: 1,
    kind: "exam",
    title,
    pages: [
      {
        id: "p1",
        questions: [fireAlarmQuestion("q1"), { id: "q2", type: "text", title: "谈谈你的看法", config: {} }],
      },
    ],
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/questionBank");
  await page.getByRole("button", { name: "从问卷导入" }).click();
  const dialog = page.getByRole("dialog", { name: "从问卷导入题目" });
  await expect(dialog).toBeVisible();
  // Typing searches the creator's questionnaires on the server; the bank takes the chosen one's title.
  const picker = dialog.getByRole("combobox", { name: "选择问卷" });
  await picker.fill(title);
  // antd's listbox options are an off-screen copy for screen readers (named by title, kind and size); the
  // list people click shows the title with the kind and size beside it.
  await expect(page.getByRole("option", { name: `${title}（在线考试，2 题）` })).toBeAttached();
  await page.locator(".ant-select-dropdown").getByTitle(title, { exact: true }).click();
  await expect(dialog.getByLabel("题库名称")).toHaveValue(title);
  await expectNoSeriousViolations(page, "从问卷导入（390 px）");
  await reviewShot(page, { path: "test-results/question-bank-from-questionnaire-390.png" });
  await dialog.getByRole("button", { name: "导入" }).click();
  await expect(page.getByText(`已建立题库「${title}」，共 1 道题`)).toBeVisible();
  // The new bank opens with the keyed question, its answer marked.
  const drawer = page.getByRole("dialog", { name: title });
  await expect(drawer.getByTestId("bank-question")).toHaveCount(1);
  await expect(drawer.getByTestId("bank-question")).toContainText("火警电话是");
  await expect(drawer.getByText("正确答案")).toBeVisible();
});

test("从题库添加 in an exam's designer: a ticked bank question joins the exam with its points and is saved", async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request, DEMO_PERSONAL);
  const bankName = unique("防火题库");
  const source = await createQuestionnaire(request, {
    schemaVersion: 1,
    kind: "exam",
    title: unique("题库来源"),
    pages: [{ id: "p1", questions: [fireAlarmQuestion("q1")] }],
  });
  const made = await request.post("/wjgj/api/questionBank/addBankFromQuestionary", {
    headers: { token },
    form: { questionaryId: source.id, name: bankName },
  });
  const bank = (await made.json()) as { code: number; data: { id: number } };
  expect(bank.code).toBe(200);
  const exam = await createQuestionnaire(request, {
    schemaVersion: 1,
    kind: "exam",
    title: unique("新考试"),
    pages: [{ id: "p1", questions: [{ id: "name", type: "text", title: "考生姓名", config: {} }] }],
  });
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${exam.id}`);
  await page.getByRole("button", { name: "从题库添加" }).click();
  const dialog = page.getByRole("dialog", { name: "从题库添加题目" });
  await dialog.getByRole("combobox", { name: "题库" }).click();
  await page.locator(".ant-select-dropdown").getByTitle(`${bankName}（1 题）`).click();
  await dialog.getByRole("checkbox", { name: /火警电话是/ }).check();
  await expectNoSeriousViolations(page, "从题库添加");
  await dialog.getByRole("button", { name: "添加 1 道题" }).click();
  await expect(page.getByText("已添加 1 道题")).toBeVisible();
  const cards = page.getByTestId("question-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toContainText("火警电话是");
  await expect(page.getByTestId("save-indicator")).toHaveAttribute("data-state", "saved", {
    timeout: 15_000,
  });
  // Saved with its answer and points: the draft on the server has the copy.
  const detail = await request.get(`/wjgj/api/questionary/getQuestionaryDetail?id=${exam.id}`, {
    headers: { token },
  });
  const saved = (await detail.json()) as {
    data: { definition: { pages: { questions: { title: string; scoring?: { points: number } }[] }[] } };
  };
  expect(saved.data.definition.pages[0]?.questions[1]).toMatchObject({
    title: "火警电话是",
    scoring: { points: 4 },
  });
});
