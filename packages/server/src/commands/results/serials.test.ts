import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishNew, submitAnswers } from "../../../test/export-fixtures.ts";
import { buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { gapCount, responseSerials } from "./serials.ts";

/**
 * 序号 of any handful of a questionnaire's responses: each one's place among the questionnaire's responses by
 * id, whatever the order asked in, with another questionnaire's responses stored in between.
 */
let t: TestContext;
/** Ids of the first questionnaire's responses, in the order stored; the other's are interleaved. */
const ours: number[] = [];
let questionnaireId = 0;

beforeAll(async () => {
  t = await createTestContext();
  const owner = await buildUser(t);
  const definition = (title: string) => ({
    schemaVersion: 1,
    kind: "survey",
    title,
    pages: [{ id: "p1", questions: [{ id: "advice", type: "textarea", title: "您的建议", config: {} }] }],
  });
  const first = await publishNew(t, owner, definition("序号问卷"));
  const second = await publishNew(t, owner, definition("另一份问卷"));
  questionnaireId = first.id;
  await submitAnswers(t, first.publicId, { advice: "模板" });
  await submitAnswers(t, second.publicId, { advice: "模板" });
  const templates = await t.db.selectFrom("responses").selectAll().orderBy("id").execute();
  // 40 of ours, each after 0–2 of the other's (a fixed pattern), stored one by one so ids interleave.
  for (let n = 0; n < 40; n++) {
    for (const template of [templates[1], templates[0]].slice(n % 3 === 0 ? 1 : 0)) {
      const { id: _id, ...values } = template as (typeof templates)[number];
      await t.db
        .insertInto("responses")
        .values({ ...values, idempotencyKey: `serial-${n}-${values.questionnaireId}` })
        .execute();
    }
  }
  const rows = await t.db
    .selectFrom("responses")
    .select("id")
    .where("questionnaireId", "=", questionnaireId)
    .orderBy("id")
    .execute();
  ours.push(...rows.map((row) => row.id));
});
afterAll(() => t.close());

describe("responseSerials", () => {
  it("numbers responses asked in any order by their place among the questionnaire's own", async () => {
    expect(ours).toHaveLength(41);
    // As a page sorted by 用时 asks: far apart, out of order, the first and last among them.
    const picked = [ours[30], ours[2], ours[40], ours[0], ours[17], ours[18]] as number[];
    const serials = await responseSerials(t.db, questionnaireId, picked);
    expect(picked.map((id) => serials.get(id))).toEqual([31, 3, 41, 1, 18, 19]);
  });

  it("answers a response asked twice once, one alone, and none for none", async () => {
    const twice = await responseSerials(t.db, questionnaireId, [ours[5] as number, ours[5] as number]);
    expect([...twice]).toEqual([[ours[5], 6]]);
    const alone = await responseSerials(t.db, questionnaireId, [ours[40] as number]);
    expect(alone.get(ours[40] as number)).toBe(41);
    expect((await responseSerials(t.db, questionnaireId, [])).size).toBe(0);
  });

  it("numbers every response asked at once, newest first, as one by one", async () => {
    const page = [...ours].reverse();
    const serials = await responseSerials(t.db, questionnaireId, page);
    expect(page.map((id) => serials.get(id))).toEqual(page.map((id) => ours.indexOf(id) + 1));
  });
});

// PostgreSQL's planner picks by its statistics, which a table of 80 rows cannot show; SQLite is told.
describe.skipIf(Boolean(process.env.DATABASE_URL))("the counts behind 序号 on SQLite", () => {
  it("walk the (questionnaire, id) index and read no row", async () => {
    const query = gapCount(t.db, questionnaireId, 0, 900_000).compile(t.db);
    const plan = await t.db.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    expect(plan.rows.map((row) => row.detail).join("\n")).toMatch(
      /COVERING INDEX responses_questionnaire_id_idx \(questionnaire_id=\? AND id>\? AND id<\?\)/,
    );
  });
});
