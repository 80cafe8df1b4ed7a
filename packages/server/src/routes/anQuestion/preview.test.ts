import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser, sampleDefinition } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

interface Preview {
  state: string;
  gate: string | null;
  revisionId: number | null;
  draftVersion: number;
  definition: { title: string; pages: { questions: { id: string; title: string }[] }[] };
}

const preview = (publicId: string, token?: string) =>
  call<Preview>(t.app, "GET", "anQuestion/getPreviewQuestionary", {
    params: { publicId },
    ...(token ? { token } : {}),
  });

describe("anQuestion/getPreviewQuestionary", () => {
  it("answers the owner's current draft, open and ungated, without the answer key", async () => {
    const q = await buildQuestionnaire(t, owner, { kind: "exam", definition: sampleDefinition() });
    await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
    const edited = sampleDefinition("改过的草稿");
    edited.pages[0]?.questions.push({
      id: "q9",
      type: "textarea",
      title: "发布后新加的题",
      config: { rows: 4 },
    } as (typeof edited.pages)[number]["questions"][number]);
    const saved = await call<{ version: number }>(t.app, "POST", "questionary/saveQuestionary", {
      token: owner.token,
      json: { id: q.id, definition: edited, baseVersion: q.version },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    // Settings that close the questionnaire to respondents do not stop its owner from previewing it.
    await call(t.app, "POST", "questionary/updateQuestionarySet", {
      token: owner.token,
      json: { id: q.id, settings: { password: "8888", loginRequired: true } },
    });
    await call(t.app, "POST", "questionary/stopQuestionary", { token: owner.token, params: { id: q.id } });

    const res = await preview(q.publicId, owner.token);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({
      state: "open",
      gate: null,
      revisionId: null,
      draftVersion: saved.body.data.version,
      definition: { title: "改过的草稿" },
    });
    expect(res.body.data.definition.pages[0]?.questions.map((q) => q.id)).toContain("q9");
    expect(JSON.stringify(res.body.data)).not.toMatch(/"correct"|"scoring"|"score"|8888/);
  });

  it("is for the owner only: 303 without a login, 403 for another account, 404 for an unknown id", async () => {
    const q = await buildQuestionnaire(t, owner, { kind: "exam" });
    expect((await preview(q.publicId)).body).toMatchObject({ code: 303, msg: "登录失效，请重新登录" });
    const stranger = await buildUser(t);
    expect((await preview(q.publicId, stranger.token)).body).toMatchObject({
      code: 403,
      msg: "账号没有相关操作权限",
    });
    expect((await preview("Zz9Zz9Zz9Z", owner.token)).body).toMatchObject({
      code: 404,
      msg: "问卷不存在，请检查链接是否正确",
    });
    expect((await preview("bad id!", owner.token)).body.code).toBe(400);
  });
});
