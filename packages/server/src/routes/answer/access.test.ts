import { everyTypeDefinition } from "@wjgj/core/results/testing/every-type";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { apiRoutesOf } from "../../http/route.ts";

/**
 * Acceptance 2: every statistics/* and answer/* call answers 403 for another user's questionnaire and 303
 * without a session; whatever response ids are passed, no call returns or changes a response of another
 * questionnaire (SurveyKing #86).
 */
let t: TestContext;
let owner: BuiltUser;
let intruder: BuiltUser;
let mine: { id: number; publicId: string; revisionId: number };
let theirs: { id: number; publicId: string; revisionId: number };
let myResponse: number;
let theirResponse: number;

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  intruder = await buildUser(t);
  const definition = everyTypeDefinition();
  mine = await publishedQuestionnaire(t, owner, definition);
  theirs = await publishedQuestionnaire(t, intruder, definition);
  myResponse = await submitAnswers(t, mine, { qs: { optionId: "a" }, qt: "我的答卷" });
  theirResponse = await submitAnswers(t, theirs, {
    qs: { optionId: "b" },
    qt: "别人的答卷",
    qsg: "data:image/png;base64,iVBORw0KGgo=",
  });
});
afterAll(async () => {
  await t.close();
});

/** The stored status of the other owner's response: none of the refused calls may change it. */
const theirStatus = async () =>
  (
    await t.db
      .selectFrom("responses")
      .select("status")
      .where("id", "=", theirResponse)
      .executeTakeFirstOrThrow()
  ).status;

const resultRoutes = () =>
  apiRoutesOf(t.app).filter((r) => r.path.startsWith("statistics/") || r.path.startsWith("answer/"));

function paramsFor(path: string, questionnaireId: number, responseId: number): Record<string, unknown> {
  return {
    id: questionnaireId,
    questionId: "qt",
    responseId,
    responseIds: [responseId],
    rowQuestionIds: ["qs"],
    columnQuestionId: "qd",
    request: { method: "descriptives", variables: ["Q1"] },
    margins: [
      {
        variable: "Q1",
        targets: [
          { value: 1, percent: 100 },
          { value: 2, percent: 0 },
        ],
      },
    ],
    grades: [{ questionId: "qa", score: 1 }],
    // 拒绝 (审核) takes a reason.
    reason: "资料不全",
    name: "类别",
    codeId: 1,
    included: true,
    enabled: true,
    kind: "cross",
    pinId: 1,
    requestId: 1,
    approve: false,
    ...(path === "statistics/getOverview" ? { days: 7 } : {}),
  };
}

async function request(
  method: "GET" | "POST",
  path: string,
  params: Record<string, unknown>,
  token?: string,
) {
  if (method === "GET") {
    const query = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, typeof v === "object" ? JSON.stringify(v) : String(v)]),
    );
    return call(t.app, "GET", path, { ...(token ? { token } : {}), params: query });
  }
  return call(t.app, "POST", path, { ...(token ? { token } : {}), json: params });
}

describe("results authorization", () => {
  it("declares every results call", () => {
    const paths = new Set(resultRoutes().map((r) => r.path));
    for (const path of [
      "statistics/getOverview",
      "statistics/getQuestionStatistics",
      "statistics/getTextAnswers",
      "statistics/getCrossAnalysis",
      "statistics/getExamReport",
      "statistics/getVoteResults",
      "statistics/getAnalysisVariables",
      "statistics/getAnalysis",
      "statistics/getWeighting",
      "statistics/saveWeighting",
      "statistics/deleteWeighting",
      "answer/getAnswerList",
      "answer/getAnswerDetail",
      "answer/deleteAnswer",
      "answer/restoreAnswer",
      "answer/markInvalid",
      "answer/markValid",
      "answer/gradeAnswer",
    ])
      expect(paths).toContain(path);
  });

  it("another user's questionnaire answers 403 and no session 303, for every call", async () => {
    for (const route of resultRoutes()) {
      const params = paramsFor(route.path, theirs.id, theirResponse);
      const foreign = await request(route.method, route.path, params, owner.token);
      expect(foreign.body.code, `${route.method} ${route.path}`).toBe(403);
      const anonymous = await request(route.method, route.path, params);
      expect(anonymous.body.code, `${route.method} ${route.path} anonymous`).toBe(303);
    }
    expect(await theirStatus()).toBe("valid");
  });

  it("a response id of another questionnaire is never returned or changed through one's own questionnaire", async () => {
    for (const route of resultRoutes()) {
      const result = await request(
        route.method,
        route.path,
        paramsFor(route.path, mine.id, theirResponse),
        owner.token,
      );
      const text = JSON.stringify(result.body);
      expect(text, route.path).not.toContain("别人的答卷");
      if (route.path === "answer/getAnswerDetail" || route.path === "answer/gradeAnswer") {
        expect(result.body.code, route.path).toBe(404);
      }
      if (
        ["answer/deleteAnswer", "answer/markInvalid", "answer/restoreAnswer", "answer/markValid"].includes(
          route.path,
        )
      ) {
        expect(result.body).toMatchObject({ code: 200, data: { changed: 0 } });
      }
    }
    expect(await theirStatus()).toBe("valid");
    const detail = await call(t.app, "GET", "answer/getAnswerDetail", {
      token: owner.token,
      params: { id: String(mine.id), responseId: String(myResponse) },
    });
    expect(detail.body).toMatchObject({
      code: 200,
      data: { answer: { id: myResponse, texts: { qt: "我的答卷" } } },
    });
  });
});
