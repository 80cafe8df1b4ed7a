import { type APIRequestContext, expect, type Page } from "@playwright/test";

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

/** Opens `path` as a logged-in user: the token goes where the login screen puts it. */
export async function openLoggedIn(
  page: Page,
  request: APIRequestContext,
  account: { phone: string; password: string },
  path: string,
) {
  const { token } = await apiLogin(request, account);
  await page.goto("/website/home");
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto(path);
  return token;
}
