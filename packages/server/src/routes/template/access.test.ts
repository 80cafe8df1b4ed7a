import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildQuestionnaire, buildUser, tableCounts } from "../../../test/factories.ts";
import { type CallOptions, call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { apiRoutesOf } from "../../http/route.ts";

/**
 * The authorization sweep over every template call: another user, an anonymous visitor and a non-admin
 * "reviewer" are refused on what is not theirs, and a refused call changes nothing.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const TEMPLATE_PATHS = [
  "template/addTemplate",
  "template/updateTemplate",
  "template/delTemplate",
  "template/getMyTemplateList",
  "template/getTemplateDetail",
  "navigation/quoteTemplate",
  "navigation/getChoiceTemplateList",
  "navigation/getProfessionList",
  "navigation/getQuestionaryTypeList",
  "questionaryType/onelist",
  "questionaryType/list",
  "questionaryType/getProfessionList",
  "questionary/getQuestionaryCoverList",
];

async function setUp() {
  const admin = await buildAdmin(t);
  const author = await buildUser(t, { isTemplate: 1 });
  const plain = await buildUser(t);
  const q = await buildQuestionnaire(t, author);
  const save = (token: string, params: CallOptions["params"]) =>
    call<{ id: number; reviewState: string }>(t.app, "POST", "template/addTemplate", { token, params });
  const priv = (await save(author.token, { questionaryId: q.id, title: "私有模板" })).body.data;
  const pub = (await save(author.token, { questionaryId: q.id, title: "公开模板", visibility: "public" }))
    .body.data;
  await call(t.app, "POST", "admin/template/review", {
    token: admin.token,
    params: { id: pub.id, approve: 1 },
  });
  return { admin, author, plain, q, priv, pub };
}

const templateRows = () => t.db.selectFrom("templates").selectAll().orderBy("id").execute();
const questionnaireCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("questionnaires")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst()
    )?.n ?? 0,
  );

describe("template calls", () => {
  it("are all served on the seed's names with the envelope", () => {
    const paths = apiRoutesOf(t.app).map((r) => r.path);
    for (const path of TEMPLATE_PATHS) expect(paths, path).toContain(path);
  });

  it("refuse another user, anonymous visitors and non-admin reviewers, and write nothing", async () => {
    const { plain, priv, pub, author: built, q } = await setUp();
    const author = { ...built, q: q.id };
    const plainQ = await buildQuestionnaire(t, plain);
    const cases: [
      string,
      "GET" | "POST",
      string,
      string | undefined,
      Record<string, string | number>,
      number,
    ][] = [
      // Owner-only edit and delete: a private template is not even visible to others (404), a public one 403.
      ["edit private", "POST", "template/updateTemplate", plain.token, { id: priv.id, title: "改" }, 404],
      ["edit public", "POST", "template/updateTemplate", plain.token, { id: pub.id, title: "改" }, 403],
      ["delete private", "POST", "template/delTemplate", plain.token, { id: priv.id }, 404],
      ["delete public", "POST", "template/delTemplate", plain.token, { id: pub.id }, 403],
      ["read private", "GET", "template/getTemplateDetail", plain.token, { id: priv.id }, 404],
      ["read private anonymously", "GET", "template/getTemplateDetail", undefined, { id: priv.id }, 404],
      ["quote private", "POST", "navigation/quoteTemplate", plain.token, { id: priv.id }, 404],
      ["quote anonymously", "POST", "navigation/quoteTemplate", undefined, { id: pub.id }, 303],
      ["add anonymously", "POST", "template/addTemplate", undefined, { questionaryId: plainQ.id }, 303],
      ["edit anonymously", "POST", "template/updateTemplate", undefined, { id: pub.id, title: "x" }, 303],
      ["delete anonymously", "POST", "template/delTemplate", undefined, { id: pub.id }, 303],
      ["my list anonymously", "GET", "template/getMyTemplateList", undefined, {}, 303],
      ["covers anonymously", "GET", "questionary/getQuestionaryCoverList", undefined, {}, 303],
      // Saving someone else's questionnaire as a template.
      [
        "add from another's questionnaire",
        "POST",
        "template/addTemplate",
        plain.token,
        { questionaryId: author.q },
        403,
      ],
      // Only isTemplate authors submit to the public gallery; only admins write official templates.
      [
        "submit without isTemplate",
        "POST",
        "template/addTemplate",
        plain.token,
        { questionaryId: plainQ.id, visibility: "public" },
        403,
      ],
      [
        "official by a user",
        "POST",
        "template/addTemplate",
        author.token,
        { questionaryId: author.q, official: 1 },
        403,
      ],
    ];
    const before = await tableCounts(t);
    const snapshot = await templateRows();
    const questionnaires = await questionnaireCount();
    for (const [name, method, path, token, params, expected] of cases) {
      const res = await call(t.app, method, path, { ...(token ? { token } : {}), params });
      expect(res.body.code, name).toBe(expected);
    }
    // Every admin call refuses a logged-in non-admin (403) and an anonymous visitor (303).
    const adminRoutes = apiRoutesOf(t.app).filter(
      (r) => r.path.startsWith("admin/template/") || r.path.startsWith("admin/profession/"),
    );
    expect(adminRoutes.length).toBe(9);
    for (const route of adminRoutes) {
      for (const [token, expected] of [
        [plain.token, 403],
        [author.token, 403],
        [undefined, 303],
      ] as const) {
        const res = await call(t.app, route.method, route.path, {
          ...(token ? { token } : {}),
          params: { id: pub.id, approve: 1, featured: 1, takenDown: 1, title: "改名", name: "测试行业" },
        });
        expect(res.body.code, `${route.path} ${token ? "user" : "anonymous"}`).toBe(expected);
      }
    }
    expect(await tableCounts(t)).toEqual(before);
    expect(await templateRows()).toEqual(snapshot);
    expect(await questionnaireCount()).toBe(questionnaires);
  });
});
