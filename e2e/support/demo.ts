import { type APIRequestContext, expect } from "@playwright/test";
import { apiLogin, DEMO_PERSONAL } from "./accounts.ts";

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The demo survey the server seeds for the personal demo account (180 responses). */
export const DEMO_TITLE = "2026年度员工满意度调查";

/** The id of the demo survey, found through the creator's list. */
export async function demoSurveyId(request: APIRequestContext): Promise<number> {
  const { token } = await apiLogin(request, DEMO_PERSONAL);
  const body = (await (
    await request.get("/wjgj/api/questionary/getQuestionaryList", {
      headers: { token },
      params: { pageNum: 1, pageSize: 20, title: DEMO_TITLE },
    })
  ).json()) as Envelope<{ list: { id: number; title: string }[] }>;
  const demo = body.data.list.find((item) => item.title === DEMO_TITLE);
  expect(demo, "演示数据中应有员工满意度调查").toBeDefined();
  return demo?.id ?? 0;
}
