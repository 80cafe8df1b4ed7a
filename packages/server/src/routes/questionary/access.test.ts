import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQuestionnaire, buildUser, sampleDefinition, tableCounts } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { apiRoutesOf } from "../../http/route.ts";

/**
 * Acceptance 1 of the creator area: every call that names a questionnaire answers 403 to another user
 * and 303 anonymously, and changes nothing.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const MODULES = ["questionary/", "questionJump/", "showQuestion/", "selectConnect/", "questionSelectJoin/"];

describe("questionnaire calls are the owner's alone", () => {
  it("answers 403 to another user and 303 anonymously, writing nothing", async () => {
    const owner = await buildUser(t);
    const intruder = await buildUser(t);
    const q = await buildQuestionnaire(t, owner);
    const routes = apiRoutesOf(t.app).filter(
      (r) =>
        MODULES.some((m) => r.path.startsWith(m)) &&
        r.path !== "questionary/addQuestionary" &&
        r.path !== "questionary/getQuestionaryList" &&
        r.path !== "questionary/getHSZQuestionaryList" &&
        // Stock covers name no questionnaire.
        r.path !== "questionary/getQuestionaryCoverList" &&
        // 文件导入 reads an uploaded file and stores nothing; the template is the same for everyone.
        r.path !== "questionary/previewImport" &&
        r.path !== "questionary/importTemplate",
    );
    expect(routes.length).toBeGreaterThanOrEqual(23);
    const params = {
      id: q.id,
      questionId: "q1",
      definition: sampleDefinition(),
      baseVersion: 1,
      settings: { maxResponses: 1 },
      selectConnect: { questionId: "q1", links: [{ optionId: "a", sourceOptionIds: ["b"] }] },
      optionSource: null,
      // 预约 (issue #41): a booking to check in or cancel.
      code: "ABCD2345EFGH6789",
      bookingId: 1,
      // 商品 (issue #41): an order to refund.
      orderNo: "F2026120410000012345678901",
      amountFen: 100,
      // 星标 on 我的问卷.
      starred: true,
    };
    const before = await tableCounts(t);
    const row = () =>
      t.db.selectFrom("questionnaires").selectAll().where("id", "=", q.id).executeTakeFirstOrThrow();
    const snapshot = await row();
    for (const route of routes) {
      for (const [who, token, expected] of [
        ["intruder", intruder.token, 403],
        ["anonymous", undefined, 303],
      ] as const) {
        const response = await t.app.inject({
          method: route.method,
          url: `/wjgj/api/${route.path}`,
          headers: token ? { token } : {},
          ...(route.method === "GET"
            ? { query: { id: String(q.id), questionId: "q1" } }
            : { payload: params }),
        });
        expect(response.json().code, `${who} ${route.path}`).toBe(expected);
      }
    }
    expect(await tableCounts(t)).toEqual(before);
    expect(await row()).toEqual(snapshot);
  });
});
