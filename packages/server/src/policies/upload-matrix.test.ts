import { type QuestionnaireAction, questionnairePermissions } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, PNG } from "../../test/export-fixtures.ts";
import { type BuiltUser, buildQuestionnaire, buildTeamMember, buildUser } from "../../test/factories.ts";
import { createTestContext, type TestContext } from "../../test/helpers.ts";

/**
 * upload/upload and upload/delFileByPath are shared with respondents' files, so the generic loop of
 * matrix.test.ts cannot call them; these cases are generated from the same table: the questionnaire's own
 * header image is its `edit` row, a respondent's file its `manageResponses` row.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const CALLERS = ["owner", "admin", "editor", "viewer", "removed", "stranger", "anonymous"] as const;
type Caller = (typeof CALLERS)[number];

/** A questionnaire with one member of each role, a removed editor and a stranger. */
async function team() {
  const owner = await buildUser(t);
  const q = await buildQuestionnaire(t, owner);
  const users: Partial<Record<Caller, BuiltUser>> = { owner };
  for (const role of ["admin", "editor", "viewer"] as const) {
    users[role] = await buildUser(t);
    await buildTeamMember(t, q.id, users[role], role);
  }
  users.removed = await buildUser(t);
  const removed = await buildTeamMember(t, q.id, users.removed, "editor");
  await t.db.deleteFrom("team_members").where("id", "=", removed.id).execute();
  users.stranger = await buildUser(t);
  return { q, users };
}

async function uploadHeader(questionnaireId: number, token: string | undefined) {
  const body = multipart(
    { id: String(questionnaireId), purpose: "headerImage" },
    { name: "banner.png", data: PNG },
  );
  const response = await t.app.inject({
    method: "POST",
    url: "/wjgj/api/upload/upload",
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { token } : {}) },
  });
  return response.json() as { code: number; data: { path: string } };
}

/**
 * upload/upload needs a login for a header image (303 anonymously); delFileByPath is open to respondents
 * without an account, so there an anonymous caller is refused (403), not sent to log in.
 */
function expectOutcome(code: number, caller: Caller, action: QuestionnaireAction, anonymous = 303) {
  const allowed = new Set<string>(questionnairePermissions[action]);
  if (caller === "anonymous") expect(code, caller).toBe(anonymous);
  else if (allowed.has(caller)) expect(code, caller).toBe(200);
  else expect(code, caller).toBe(403);
}

const uploadCount = async () => (await t.db.selectFrom("uploads").select("id").execute()).length;

describe("uploads by the one policy table", () => {
  it("lets exactly the roles that may edit upload a header image (upload/upload, purpose headerImage)", async () => {
    const { q, users } = await team();
    for (const caller of CALLERS) {
      const before = await uploadCount();
      const { code } = await uploadHeader(q.id, users[caller]?.token);
      expectOutcome(code, caller, "edit");
      expect(await uploadCount(), caller).toBe(before + (code === 200 ? 1 : 0));
    }
  });

  it("lets exactly the roles that may edit delete a header image, and a refusal keeps it", async () => {
    const { q, users } = await team();
    for (const caller of CALLERS) {
      // The owner's image each time: an uploader's own rule must not decide for the team.
      const uploaded = await uploadHeader(q.id, users.owner?.token);
      expect(uploaded.code).toBe(200);
      const token = users[caller]?.token;
      const response = await t.app.inject({
        method: "POST",
        url: "/wjgj/api/upload/delFileByPath",
        payload: { path: uploaded.data.path },
        headers: token ? { token } : {},
      });
      const code = response.json().code;
      expectOutcome(code, caller, "edit", 403);
      const left = await t.db
        .selectFrom("uploads")
        .select("id")
        .where("path", "=", uploaded.data.path)
        .execute();
      expect(left, caller).toHaveLength(code === 200 ? 0 : 1);
    }
  });

  it("lets exactly the roles that may manage responses delete a respondent's file, and a refusal keeps it", async () => {
    const { q, users } = await team();
    for (const caller of CALLERS) {
      const uploaded = await uploadHeader(q.id, users.owner?.token);
      // Made a respondent's: an answer's question, an anonymous respondent's page, no account.
      await t.db
        .updateTable("uploads")
        .set({ questionId: "q1", userId: null, answerSession: `respondent-${caller}` })
        .where("path", "=", uploaded.data.path)
        .execute();
      const token = users[caller]?.token;
      const response = await t.app.inject({
        method: "POST",
        url: "/wjgj/api/upload/delFileByPath",
        payload: { path: uploaded.data.path },
        headers: token ? { token } : {},
      });
      const code = response.json().code;
      expectOutcome(code, caller, "manageResponses", 403);
      const left = await t.db
        .selectFrom("uploads")
        .select("id")
        .where("path", "=", uploaded.data.path)
        .execute();
      expect(left, caller).toHaveLength(code === 200 ? 0 : 1);
    }
  });
});
