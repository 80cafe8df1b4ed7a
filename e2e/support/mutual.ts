import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { TOKEN_PAGE } from "./accounts.ts";
import { simpleSurvey } from "./answer-page.ts";

/** Helpers of the answer-space (互填) journeys: a fresh account's published questionnaire, a page as that account. */

/** Creates and publishes `title` (one single choice, 您的年级: 大一 / 大二) as the account of `token`. */
export async function publishAs(request: APIRequestContext, token: string, title: string) {
  const created = await (
    await request.post("/wjgj/api/questionary/addQuestionary", {
      headers: { token },
      data: { kind: "survey", title, definition: simpleSurvey(title) },
    })
  ).json();
  expect(created.code, created.msg).toBe(200);
  const released = await (
    await request.post("/wjgj/api/questionary/releaseQuestionary", {
      headers: { token },
      form: { id: created.data.id },
    })
  ).json();
  expect(released.code, released.msg).toBe(200);
  return created.data as { id: number; publicId: string };
}

/** Opens `path` logged in with `token`: the token goes where the login screen puts it. */
export async function openWithToken(page: Page, token: string, path: string) {
  await page.goto(TOKEN_PAGE);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto(path);
}
