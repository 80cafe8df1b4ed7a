import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiLogin, DEMO_PERSONAL, newSmsAccount, TOKEN_PAGE } from "../support/accounts.ts";
import { genderQuestion, publishQuestionnaire, submitAnswers, unique } from "../support/answering.ts";
import { reviewShot } from "../support/shots.ts";

/*
 * Each role sees on the designer, results and rewards screens only what it may do (core's role table, the one
 * the server enforces): 数据查看 gets a read-only designer and disabled controls with the reason on hover, 编辑
 * cannot open the results, 管理员 may do everything but delete. Before, every member got the owner's screens and
 * learned only after acting (账号没有相关操作权限, 保存失败).
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function post<T>(request: APIRequestContext, token: string, path: string, json: unknown) {
  const body = (await (
    await request.post(`/wjgj/api/${path}`, { headers: { token }, data: json })
  ).json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A fresh account that joined the questionnaire's team as `role` through an invitation link. */
async function member(request: APIRequestContext, ownerToken: string, id: number, role: string) {
  const token = await newSmsAccount(request, "136");
  const invite = await post<{ code: string }>(request, ownerToken, "queationaryTeam/addTeamUser", {
    id,
    kind: "link",
    role,
  });
  await post(request, token, "queationaryTeam/agreeTeam", { code: invite.code });
  return token;
}

async function openAs(page: Page, token: string, path: string) {
  await page.goto(TOKEN_PAGE);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto(path);
}

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** A disabled control tells why on hover: the tooltip names the role. */
async function expectDeniedWithReason(page: Page, name: string, reason: RegExp) {
  const wrapper = page.locator(".wj-permitted").filter({ has: page.getByRole("button", { name }) });
  await expect(wrapper.getByRole("button", { name })).toBeDisabled();
  await wrapper.first().hover();
  await expect(page.locator(".ant-tooltip").filter({ hasText: reason }).last()).toBeVisible();
  await page.mouse.move(0, 0);
}

for (const width of [1280, 390]) {
  test(`each role sees only what it may do on the designer, results and rewards at ${width} px`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 860 });
    const q = await publishQuestionnaire(request, {
      schemaVersion: 1,
      kind: "survey",
      title: unique("角色界面"),
      pages: [{ id: "p1", questions: [genderQuestion] }],
    });
    await submitAnswers(request, q.publicId, { gender: { optionId: "m" } }, { key: unique("k") });
    const ownerToken = (await apiLogin(request, DEMO_PERSONAL)).token;
    await post(request, ownerToken, "prize/addPrize", {
      questionnaireId: q.id,
      name: "保温杯",
      prizeType: "physical",
      stock: 3,
      probability: 10,
    });
    const viewer = await member(request, ownerToken, q.id, "viewer");
    const editor = await member(request, ownerToken, q.id, "editor");
    const admin = await member(request, ownerToken, q.id, "admin");

    // 数据查看: the designer is read-only, says why, and offers nothing to change.
    await openAs(page, viewer, `/dc/dcDesign?id=${q.id}`);
    const readOnly = page.getByTestId("designer-readonly");
    await expect(readOnly).toBeVisible({ timeout: 30_000 });
    await expect(readOnly).toContainText("「数据查看」成员不能修改问卷");
    await expect(readOnly.getByTestId("question-card")).toContainText("您的性别");
    await expect(readOnly.getByTestId("question-card")).toContainText("男");
    await expect(page.getByTestId("publish-button")).toHaveCount(0);
    await expect(page.locator("[contenteditable=true]")).toHaveCount(0);
    await noSidewaysScroll(page, width);
    await reviewShot(page, { path: `/tmp/role-viewer-designer-${width}.png` });

    // Its results: answers can be read, not deleted or marked; the bulk actions say why.
    await page.goto(`/dc/result?id=${q.id}&tab=answers`);
    const answers = page.getByTestId("answers-tab");
    await expect(answers.locator(".ant-table-row")).toHaveCount(1);
    await expect(answers.locator(".ant-table-row").getByRole("button", { name: "查看" })).toBeVisible();
    await expect(answers.locator(".ant-table-row").getByRole("button", { name: "删除" })).toHaveCount(0);
    await expect(answers.locator(".ant-table-selection-column")).toHaveCount(0);
    await expectDeniedWithReason(page, "批量删除", /「数据查看」成员不能删除、标记或批改答卷/);
    await expect(page.getByRole("button", { name: "查看问卷" })).toBeVisible();
    await noSidewaysScroll(page, width);
    await reviewShot(page, { path: `/tmp/role-viewer-results-${width}.png` });

    // Its rewards: everything shows, nothing can be changed.
    await page.goto(`/dc/rewards?id=${q.id}`);
    await expect(page.getByTestId("rewards-page")).toContainText("保温杯");
    await expectDeniedWithReason(page, "添加奖品", /「数据查看」成员不能修改问卷/);
    await expect(page.getByRole("button", { name: "保存抽奖设置" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "编辑奖品 保温杯" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "添加红包" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "查看中奖名单" })).toBeEnabled();
    await noSidewaysScroll(page, width);
    await reviewShot(page, { path: `/tmp/role-viewer-rewards-${width}.png`, fullPage: true });

    // 编辑: designs and publishes, but the results are not theirs to see.
    await openAs(page, editor, `/dc/dcDesign?id=${q.id}`);
    await expect(page.getByTestId("designer-canvas")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("publish-button")).toBeVisible();
    await expect(page.getByTestId("designer-readonly")).toHaveCount(0);
    await page.goto(`/dc/result?id=${q.id}`);
    await expect(page.getByTestId("access-denied")).toContainText("「编辑」成员不能查看答卷和统计");
    await noSidewaysScroll(page, width);
    await page.goto(`/dc/rewards?id=${q.id}`);
    await expect(page.getByTestId("rewards-page")).toContainText("保温杯");
    await expect(page.getByRole("button", { name: "添加奖品" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "编辑奖品 保温杯" })).toBeEnabled();
    await expectDeniedWithReason(page, "查看中奖名单", /「编辑」成员不能查看答卷和统计/);

    // 管理员: may manage responses.
    await openAs(page, admin, `/dc/result?id=${q.id}&tab=answers`);
    await expect(page.getByTestId("answers-tab").locator(".ant-table-row")).toHaveCount(1);
    await expect(
      page.getByTestId("answers-tab").locator(".ant-table-row").getByRole("button", { name: "删除" }),
    ).toBeVisible();
    await expect(page.locator(".wj-permitted")).toHaveCount(0);
    await noSidewaysScroll(page, width);
  });
}
