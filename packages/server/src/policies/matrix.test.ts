import { questionnairePermissions, teamRoles } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildQuestionnaire,
  buildTeamMember,
  buildUser,
  sampleDefinition,
} from "../../test/factories.ts";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import { apiRoutesOf } from "../http/route.ts";
import { questionnaireRouteActions } from "./index.ts";

/**
 * Generated from the one policy table: every call naming a questionnaire × every kind of caller gives
 * exactly what `questionnairePermissions` allows, and a refused call changes nothing.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

/** Modules whose `id` (or `questionnaireId`) names a questionnaire. */
const MODULES = [
  "questionary/",
  "questionJump/",
  "showQuestion/",
  "selectConnect/",
  "questionSelectJoin/",
  "statistics/",
  "answer/",
  "export/",
  "queationaryTeam/",
  "prize/",
  "redPacket/",
  "answerSpace/",
  "questionBank/",
  "sampleService/",
];
/** Calls of those modules that name no questionnaire. */
const NOT_SCOPED = new Set([
  "questionary/addQuestionary",
  "questionary/getQuestionaryList",
  "questionary/getHSZQuestionaryList",
  "questionary/getQuestionaryCoverList",
  // 文件导入: a file in, a definition out; the questionnaire is created afterwards by addQuestionary.
  "questionary/previewImport",
  "questionary/importTemplate",
  "queationaryTeam/getShareProjectTeamList",
  "queationaryTeam/agreeTeamInfo",
  "queationaryTeam/agreeTeam",
  // The respondent's reward calls name a response (proved by its key), not a questionnaire.
  "prize/draw",
  "prize/getRewardOffer",
  "prize/submitWinnerInfo",
  "prize/getPublicWinnerList",
  "redPacket/claimRedPacket",
  // The caller's own points and posts, the public listing, and points proved by a response's key.
  "answerSpace/checkUserSpace",
  "answerSpace/getMySpaceList",
  "answerSpace/getSpaceList",
  "answerSpace/getSpacePoints",
  // A 下载链接 from an exported file: its signed token names the questionnaire and the exporter.
  "export/file",
  // Today's rates and the caller's own balance.
  "sampleService/getSampleService",
  // The caller's own notifications (notices.test.ts: nobody reads or marks another's).
  "queationaryTeam/getTeamNoticeList",
  "queationaryTeam/readTeamNotice",
  // The caller's own question banks: their `id` names a bank (question-bank.test.ts keeps them apart).
  "questionBank/getBankList",
  "questionBank/addBank",
  "questionBank/updateBank",
  "questionBank/delBank",
  "questionBank/getBankQuestionList",
  "questionBank/delBankQuestion",
  "questionBank/importBankQuestions",
  "questionBank/exportBank",
  "questionBank/getImportTemplate",
  "questionBank/updateBankPractice",
  "questionBank/getBankTags",
  "questionBank/addBankQuestion",
  "questionBank/updateBankQuestion",
  "questionBank/delBankQuestions",
  "questionBank/moveBankQuestions",
]);

const CALLERS = ["owner", "admin", "editor", "viewer", "removed", "stranger", "anonymous"] as const;
type Caller = (typeof CALLERS)[number];

async function snapshot(questionnaireId: number) {
  const count = async (
    table: "questionnaires" | "team_members" | "team_invites" | "team_activity" | "question_banks",
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("count"))
          .executeTakeFirst()
      )?.count ?? 0,
    );
  return {
    questionnaire: await t.db
      .selectFrom("questionnaires")
      .selectAll()
      .where("id", "=", questionnaireId)
      .executeTakeFirst(),
    members: await t.db
      .selectFrom("team_members")
      .selectAll()
      .where("questionnaireId", "=", questionnaireId)
      .orderBy("id")
      .execute(),
    invites: await t.db.selectFrom("team_invites").selectAll().orderBy("id").execute(),
    counts: {
      questionnaires: await count("questionnaires"),
      members: await count("team_members"),
      invites: await count("team_invites"),
      activity: await count("team_activity"),
      banks: await count("question_banks"),
      exports: Number(
        (
          await t.db
            .selectFrom("export_jobs")
            .select((eb) => eb.fn.countAll().as("c"))
            .executeTakeFirst()
        )?.c ?? 0,
      ),
      templates: Number(
        (
          await t.db
            .selectFrom("templates")
            .select((eb) => eb.fn.countAll().as("c"))
            .executeTakeFirst()
        )?.c ?? 0,
      ),
      attempts: Number(
        (
          await t.db
            .selectFrom("login_attempts")
            .select((eb) => eb.fn.countAll().as("c"))
            .executeTakeFirst()
        )?.c ?? 0,
      ),
    },
  };
}

describe("the questionnaire policy table", () => {
  it("names every call that takes a questionnaire, and only registered calls", () => {
    const routes = apiRoutesOf(t.app);
    const scoped = routes
      .filter((r) => MODULES.some((m) => r.path.startsWith(m)) && !NOT_SCOPED.has(r.path))
      .map((r) => r.path);
    for (const path of scoped) expect(questionnaireRouteActions[path], path).toBeDefined();
    const registered = new Set(routes.map((r) => r.path));
    for (const path of Object.keys(questionnaireRouteActions)) expect(registered.has(path), path).toBe(true);
  });

  it("gives every caller exactly what its role allows on every call, and refusals change nothing", async () => {
    const users: Record<Exclude<Caller, "anonymous">, BuiltUser> = {
      owner: await buildUser(t),
      admin: await buildUser(t),
      editor: await buildUser(t),
      viewer: await buildUser(t),
      removed: await buildUser(t),
      stranger: await buildUser(t),
    };
    const paths = [...new Set(apiRoutesOf(t.app).map((r) => r.path))].filter(
      (path) => questionnaireRouteActions[path] !== undefined,
    );
    expect(paths.length).toBeGreaterThanOrEqual(50);
    for (const path of paths) {
      const routes = apiRoutesOf(t.app).filter((r) => r.path === path);
      const action = questionnaireRouteActions[path] as keyof typeof questionnairePermissions;
      const allowed = new Set<string>(questionnairePermissions[action]);
      // A fresh questionnaire and team per call: an allowed call may delete or transfer it.
      const q = await buildQuestionnaire(t, users.owner);
      await buildTeamMember(t, q.id, users.admin, "admin");
      await buildTeamMember(t, q.id, users.editor, "editor");
      await buildTeamMember(t, q.id, users.viewer, "viewer");
      const removed = await buildTeamMember(t, q.id, users.removed, "editor");
      const removal = await t.app.inject({
        method: "POST",
        url: "/wjgj/api/queationaryTeam/delTeamUser",
        headers: { token: users.owner.token },
        payload: { id: q.id, userId: removed.userId },
      });
      expect(removal.json().code).toBe(200);
      const invite = await t.db
        .insertInto("team_invites")
        .values({
          questionnaireId: q.id,
          code: `matrix${q.id}code`,
          kind: "link",
          role: "viewer",
          inviteeId: null,
          createdBy: users.owner.user.id,
          expiresAt: "2099-01-01T00:00:00.000Z",
          maxUses: 5,
          revokedAt: null,
          createdAt: "2026-06-01T00:00:00.000Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const all: Record<string, unknown> = {
        id: q.id,
        questionnaireId: q.id,
        questionaryId: q.id,
        publicId: q.publicId,
        questionId: "q1",
        definition: sampleDefinition(),
        baseVersion: 1,
        settings: { maxResponses: 1 },
        selectConnect: { questionId: "q1", links: [{ optionId: "a", sourceOptionIds: ["b"] }] },
        optionSource: null,
        responseIds: [1],
        responseId: 1,
        rowQuestionIds: ["q1"],
        columnQuestionId: "q1",
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
        grades: [{ questionId: "q2", score: 1 }],
        codeId: 1,
        included: true,
        enabled: true,
        kind: path.startsWith("export/") ? "xlsx" : path === "statistics/pinToReport" ? "cross" : "link",
        pinId: 1,
        role: "viewer",
        userId: users.viewer.user.id,
        inviteId: invite.id,
        phone: users.stranger.user.phone,
        title: "另存模板",
        prizeId: 1,
        drawId: 1,
        redPacketId: 1,
        claimId: 1,
        approve: true,
        reason: "资料不全",
        name: "一等奖",
        prizeType: "physical",
        stock: 1,
        probability: 10,
        prizeSet: { enabled: true },
        packetType: "fixed",
        count: 1,
        amountFen: 100,
        reward: 1,
        quota: 1,
        quantity: 10,
        orderId: 1,
        requestId: 1,
        attemptId: 1,
        eventId: 1,
        minutes: 5,
        number: "2026001",
        candidateId: 1,
        candidateIds: [1],
        bookingId: 1,
        code: "ABCD2345EFGH",
        orderNo: "F2026120410000012345678901",
        starred: true,
      };
      // 另存为模板 takes the questionnaire, not a definition or a questionnaire kind.
      const params = path.startsWith("template/") ? { questionaryId: q.id, title: "另存模板" } : all;
      const refusedFirst = [...CALLERS].sort((a, b) => Number(allowed.has(a)) - Number(allowed.has(b)));
      for (const route of routes) {
        const before = await snapshot(q.id);
        let refusedSeen = false;
        for (const caller of refusedFirst) {
          if (allowed.has(caller) && !refusedSeen) {
            // Every refusal of this call has run: nothing may have changed.
            expect(await snapshot(q.id), `${route.method} ${path} after refusals`).toEqual(before);
            refusedSeen = true;
          }
          const token = caller === "anonymous" ? undefined : users[caller].token;
          const response = await t.app.inject({
            method: route.method,
            url: `/wjgj/api/${path}`,
            headers: token ? { token } : {},
            ...(route.method === "GET"
              ? {
                  query: Object.fromEntries(
                    Object.entries(params)
                      .filter(([, v]) => typeof v !== "object")
                      .map(([k, v]) => [k, String(v)]),
                  ),
                }
              : { payload: params }),
          });
          // A download answers the file itself when allowed (prize/exportWinnerList), the envelope otherwise.
          const isFile = !String(response.headers["content-type"]).startsWith("application/json");
          const code = isFile ? response.statusCode : response.json().code;
          const label = `${caller} ${route.method} ${path} (${action})`;
          if (caller === "anonymous") expect(code, label).toBe(303);
          else if (allowed.has(caller)) expect([303, 403], label).not.toContain(code);
          else expect(code, label).toBe(403);
        }
        if (!refusedSeen) expect(await snapshot(q.id)).toEqual(before);
      }
    }
    // ~55 calls × 7 callers with a snapshot around each: 15 s on an idle machine, more on PostgreSQL or
    // beside other work; a time limit is not what this test checks.
  }, 180_000);

  it("gives each role the actions of the table", () => {
    for (const action of Object.keys(questionnairePermissions) as (keyof typeof questionnairePermissions)[])
      for (const role of questionnairePermissions[action]) expect(teamRoles).toContain(role);
  });
});
