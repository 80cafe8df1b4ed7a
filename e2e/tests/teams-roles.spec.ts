import { expect, type Page, test } from "@playwright/test";
import { apiLogin, DEMO_PERSONAL, DEMO_VIP2, openLoggedIn, openTeamDialog } from "../support/accounts.ts";
import { unique } from "../support/answering.ts";

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Clicks a confirmation's button once its dialog has finished zooming in (a click mid-zoom can be lost). */
async function confirm(page: Page, title: RegExp, button: string) {
  const box = page.locator(".ant-modal-confirm").filter({ hasText: title });
  await expect(box).toBeVisible();
  await expect(box).not.toHaveClass(/ant-zoom/);
  await box.getByRole("button", { name: button }).click();
  await expect(box).toBeHidden();
}

/** The designer's 团队 dialog, once it has finished zooming in. */
const teamDialog = (page: Page) => openTeamDialog(page, page.getByTestId("designer-team-button"));

/** The notification about `title` in the header's bell. */
async function openNotice(page: Page, title: string) {
  const bell = page.getByTestId("notice-bell");
  await expect(bell).toHaveAccessibleName(/条未读/);
  await bell.click();
  const item = page.getByTestId("notice-panel").getByTestId("notice-item").filter({ hasText: title });
  await expect(item).toBeVisible();
  return item;
}

for (const width of [1280, 390]) {
  test(`roles at ${width} px: a phone invitation rings the bell, the owner manages the team from the designer, transfers it and leaves`, async ({
    browser,
    page,
    request,
  }) => {
    // Two people in two browsers, and the designer twice: a long journey.
    test.slow();
    await page.setViewportSize({ width, height: 860 });
    const title = unique("角色问卷");
    const ownerToken = (await apiLogin(request, DEMO_PERSONAL)).token;
    const added = (await (
      await request.post("/wjgj/api/questionary/addQuestionary", {
        headers: { token: ownerToken },
        form: { kind: "survey", title },
      })
    ).json()) as Envelope<{ id: number }>;
    expect(added.code, added.msg).toBe(200);
    const id = added.data.id;
    const invited = (await (
      await request.post("/wjgj/api/queationaryTeam/addTeamUser", {
        headers: { token: ownerToken },
        form: { id: String(id), kind: "phone", role: "editor", phone: DEMO_VIP2.phone },
      })
    ).json()) as Envelope<{ code: string }>;
    expect(invited.code, invited.msg).toBe(200);

    // The colleague's bell shows the invitation; opening it leads to /accept.
    const other = await browser.newContext({ viewport: { width, height: 860 } });
    const colleague = await other.newPage();
    await openLoggedIn(colleague, request, DEMO_VIP2, "/dc/dclist");
    await (await openNotice(colleague, title)).click();
    await expect(colleague).toHaveURL(/\/accept\?code=/);
    await expect(colleague.getByTestId("accept-page")).toContainText(title);
    await colleague.getByTestId("accept-button").click();
    await expect(colleague).toHaveURL(/tab=shared/);

    // The owner's bell says the colleague joined.
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/dclist");
    await expect(await openNotice(page, title)).toContainText("已接受邀请");
    // The bell and its list fit the header at this width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.keyboard.press("Escape");

    // In the designer, 团队 opens the team: the colleague is listed, 动态 tells who joined.
    await page.goto(`/dc/dcDesign?id=${id}`);
    await expect(page.getByTestId("designer")).toBeVisible({ timeout: 30_000 });
    const dialog = await teamDialog(page);
    const members = dialog.getByTestId("team-members");
    await expect(members.locator(".ant-list-item")).toHaveCount(2);
    await dialog.getByRole("tab", { name: "动态" }).click();
    await expect(dialog.getByTestId("team-activity")).toContainText("加入团队");
    await expect(dialog.getByTestId("team-activity")).toContainText("发出邀请");

    // The owner hands the questionnaire over and becomes its 管理员.
    await dialog.getByRole("tab", { name: "成员", exact: true }).click();
    await members.getByRole("button", { name: "转让" }).click();
    await confirm(page, /转让给/, "确认转让");
    await expect(dialog).toBeHidden();
    const detail = (await (
      await request.get("/wjgj/api/queationaryTeam/getQueationaryTeamDetail", {
        headers: { token: ownerToken },
        params: { id },
      })
    ).json()) as Envelope<{ myRole: string }>;
    expect(detail.data.myRole).toBe("admin");

    // As 管理员 the former owner still manages the team, and leaves it.
    await page.reload();
    await expect(page.getByTestId("designer")).toBeVisible({ timeout: 30_000 });
    await teamDialog(page);
    await expect(members.locator(".ant-list-item")).toHaveCount(2);
    await expect(members.getByRole("button", { name: "转让" })).toHaveCount(0);
    await dialog.getByTestId("quit-team").click();
    await confirm(page, /退出这个问卷的团队/, "确认退出");
    await expect(dialog).toBeHidden();
    const gone = (await (
      await request.get("/wjgj/api/queationaryTeam/getQueationaryTeamDetail", {
        headers: { token: ownerToken },
        params: { id },
      })
    ).json()) as Envelope<unknown>;
    expect(gone.code).toBe(403);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(width);
    await other.close();
  });
}

test("two editors see each other in the designer, and a stale save is kept as a new draft", async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const title = unique("协同问卷");
  const ownerToken = (await apiLogin(request, DEMO_PERSONAL)).token;
  const colleagueToken = (await apiLogin(request, DEMO_VIP2)).token;
  const form = async <T>(token: string, path: string, data: Record<string, string>) =>
    (await (
      await request.post(`/wjgj/api/${path}`, { headers: { token }, form: data })
    ).json()) as Envelope<T>;
  const added = await form<{ id: number }>(ownerToken, "questionary/addQuestionary", {
    kind: "survey",
    title,
  });
  const id = added.data.id;
  const link = await form<{ code: string }>(ownerToken, "queationaryTeam/addTeamUser", {
    id: String(id),
    kind: "link",
    role: "editor",
  });
  expect((await form(colleagueToken, "queationaryTeam/agreeTeam", { code: link.data.code })).code).toBe(200);

  // Both open the designer: each sees the other's avatar (the owner at its next beat, every 5 s).
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${id}`);
  await expect(page.getByTestId("designer")).toBeVisible({ timeout: 30_000 });
  const other = await browser.newContext();
  const colleague = await other.newPage();
  await openLoggedIn(colleague, request, DEMO_VIP2, `/dc/dcDesign?id=${id}`);
  await expect(colleague.getByTestId("designer")).toBeVisible({ timeout: 30_000 });
  await expect(colleague.getByTestId("designer-presence")).toBeVisible();
  await expect(page.getByTestId("designer-presence")).toBeVisible({ timeout: 30_000 });

  // The owner saves first; the colleague's save meets the 409 and keeps their copy as a new draft.
  const detail = (await (
    await request.get("/wjgj/api/questionary/getQuestionaryDetail", {
      headers: { token: ownerToken },
      params: { id },
    })
  ).json()) as Envelope<{ version: number; definition: { title: string } }>;
  const saved = (await (
    await request.post("/wjgj/api/questionary/saveQuestionary", {
      headers: { token: ownerToken },
      data: {
        id,
        baseVersion: detail.data.version,
        definition: { ...detail.data.definition, title: `${title}甲` },
      },
    })
  ).json()) as Envelope<unknown>;
  expect(saved.code, saved.msg).toBe(200);
  await colleague.getByRole("textbox", { name: "问卷名称" }).fill(`${title}乙`);
  const banner = colleague.getByTestId("conflict-banner");
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await banner.getByTestId("save-as-new-draft").click();
  await expect(colleague).not.toHaveURL(new RegExp(`id=${id}$`));
  await expect(colleague.getByRole("textbox", { name: "问卷名称" })).toHaveValue(`${title}乙（我的副本）`);
  await expect(colleague.getByTestId("conflict-banner")).toHaveCount(0);
  const after = (await (
    await request.get("/wjgj/api/questionary/getQuestionaryDetail", {
      headers: { token: ownerToken },
      params: { id },
    })
  ).json()) as Envelope<{ definition: { title: string } }>;
  expect(after.data.definition.title).toBe(`${title}甲`);
  await other.close();
});
