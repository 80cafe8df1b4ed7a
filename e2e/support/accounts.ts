import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";

/** Accounts the server seeds into an empty database (see playwright.config.ts). */
export const ADMIN = { phone: "13800000000", password: "Admin12345" };
export const DEMO_PERSONAL = { phone: "13900000001", password: "demo1234" };
export const DEMO_VIP2 = { phone: "13900000002", password: "demo1234" };

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface UserInfo {
  phone: string;
  nickName: string;
  vipLevel: number;
  vipStopTime: string;
  role: string;
}

async function envelope<T>(response: { json: () => Promise<unknown> }): Promise<Envelope<T>> {
  return (await response.json()) as Envelope<T>;
}

/** Logs in through the API, as the login screen would, and answers the session token. */
export async function apiLogin(request: APIRequestContext, account: { phone: string; password: string }) {
  const body = await envelope<{ token: string; userInfo: UserInfo }>(
    await request.post("/wjgj/api/user/login", { form: account }),
  );
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

export async function apiUserInfo(request: APIRequestContext, token: string) {
  return envelope<UserInfo>(await request.get("/wjgj/api/user/getUserInfo", { headers: { token } }));
}

/** The last SMS code sent to `phone`, read from the console provider's outbox through the admin API. */
export async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const { token } = await apiLogin(request, ADMIN);
  const body = await envelope<{ list: { code: string }[] }>(
    await request.get("/wjgj/api/admin/sms/getOutboxList", {
      headers: { token },
      params: { phone, pageNum: 1, pageSize: 10 },
    }),
  );
  expect(body.code, body.msg).toBe(200);
  const code = body.data.list[0]?.code;
  expect(code, `没有发往 ${phone} 的短信`).toMatch(/^\d{6}$/);
  return code ?? "";
}

/**
 * A page of the site's origin that loads nothing, where a journey puts the token in local storage before its first
 * real page: the website's home page took 3–4 s to load here for a token that needs none of it.
 */
export const TOKEN_PAGE = "/robots.txt";

/** Opens `path` as a logged-in user: the token goes where the login screen puts it. */
export async function openLoggedIn(
  page: Page,
  request: APIRequestContext,
  account: { phone: string; password: string },
  path: string,
) {
  const { token } = await apiLogin(request, account);
  await page.goto(TOKEN_PAGE);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto(path);
  return token;
}

/** A fresh account signed up by SMS (a random phone with `prefix`), for journeys that must not touch a shared one. */
export async function newSmsAccount(request: APIRequestContext, prefix = "137"): Promise<string> {
  const phone = `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const sent = await request.post("/wjgj/api/user/sendCode", { form: { phone } });
  expect((await sent.json()).code).toBe(200);
  const code = await latestSmsCode(request, phone);
  const login = await (await request.post("/wjgj/api/user/checkPhoneCode", { form: { phone, code } })).json();
  expect(login.code, login.msg).toBe(200);
  return login.data.token as string;
}

/**
 * Opens the avatar's hover panel and returns it once it stands still, with the pointer kept on it (as a user does)
 * so it stays open. A click during an opening zoom can press on one row and release on the row that has moved under
 * the pointer, which clicks neither (CI once saw 管理后台 clicked with nothing happening). Right after a row of the
 * panel was clicked and the panel closed under the pointer, one move onto the avatar did not always open it again:
 * as a person would, the pointer leaves and comes back until the panel shows.
 */
export async function openUserPanel(page: Page, timeout?: number) {
  const avatar = page.getByTestId("header-avatar");
  const panel = page.getByTestId("user-panel");
  await expect(async () => {
    await page.mouse.move(0, 0);
    await avatar.hover();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout });
  await panel.hover();
  await expect(page.locator(".ant-popover").filter({ has: panel })).not.toHaveClass(/ant-zoom/, { timeout });
  return panel;
}

/**
 * Clicks `opener` (a card's 团队 or the designer's) and returns the 团队 dialog once it has finished zooming in: CI
 * once saw a click on 邀请成员 during the zoom do nothing.
 */
export async function openTeamDialog(page: Page, opener: Locator) {
  await opener.click();
  await expect(page.locator(".wj-team-dialog")).toBeVisible();
  await expect(page.locator(".wj-team-dialog")).not.toHaveClass(/ant-zoom/);
  return page.getByRole("dialog", { name: /团队成员/ });
}
