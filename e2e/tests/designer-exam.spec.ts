import { expect, test } from "@playwright/test";
import { apiLogin, DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { unique } from "../support/answering.ts";

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** An exam whose two questions do not yet say what earns their points (issue #18, 计分). */
const exam = (title: string) => ({
  schemaVersion: 1,
  kind: "exam",
  title,
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "fire",
          type: "single",
          title: "火警电话是",
          config: {
            options: [
              { id: "a", label: "119" },
              { id: "b", label: "110" },
            ],
          },
        },
        {
          id: "capital",
          type: "text",
          title: "中国的首都是",
          scoring: { mode: "text", points: 2, accepted: [] },
          config: {},
        },
      ],
    },
  ],
});

test("an exam question is scored when its answer is ticked, and a fill-in question without a reference answer holds publishing back", async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request, DEMO_PERSONAL);
  const title = unique("计分考试");
  const created = (await (
    await request.post("/wjgj/api/questionary/addQuestionary", {
      headers: { token },
      data: { kind: "exam", title, definition: exam(title) },
    })
  ).json()) as Envelope<{ id: number }>;
  expect(created.code, created.msg).toBe(200);
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${created.data.id}`);
  // The tab names an exam's designer by its kind.
  await expect(page).toHaveTitle("设计考试 - 问卷管家");

  const cards = page.getByTestId("question-card");
  await cards.nth(0).click({ position: { x: 8, y: 8 } });
  const scoring = page.locator(".dd-section").filter({ hasText: "计分方式" });
  await expect(scoring).toContainText("不计分");
  await page.getByRole("checkbox", { name: "正确答案" }).first().check();
  await expect(scoring).toContainText("唯一正确答案");
  await expect(scoring.getByRole("spinbutton")).toHaveValue("2");

  // The fill-in question has no made-up answer; publishing names what is missing.
  await cards.nth(1).click({ position: { x: 8, y: 8 } });
  await expect(page.getByLabel("参考答案")).toBeVisible();
  await expect(page.locator(".dd-section").filter({ hasText: "参考答案" })).not.toContainText("答案答案");
  await page.getByTestId("publish-button").click();
  const errors = page.getByTestId("publish-errors");
  await expect(errors).toContainText("计分题还没有填写参考答案");
  await page.getByRole("button", { name: "去修改" }).click();
  await expect(page.getByTestId("problems")).toContainText("计分题还没有填写参考答案");

  // The problem leads to its question; typed in, the problem goes and the exam publishes.
  await page.getByTestId("problems").getByRole("button", { name: /第2题/ }).click();
  await page.getByRole("tab", { name: "题目设置" }).click();
  const accepted = page.getByLabel("参考答案");
  await accepted.fill("北京");
  await accepted.press("Enter");
  await expect(page.getByTestId("save-indicator")).toHaveAttribute("data-state", "saved", {
    timeout: 15_000,
  });
  await page.getByTestId("publish-button").click();
  await expect(page.getByTestId("share-dialog")).toBeVisible();
});
