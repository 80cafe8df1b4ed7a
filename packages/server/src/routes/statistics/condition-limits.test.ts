import { type Condition, conditionLimits, type ResultsPage } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publishNew, submitWithToken } from "../../../test/answering.ts";
import { type BuiltUser, buildQuestionnaire, buildUser, tableCounts } from "../../../test/factories.ts";
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

const post = <T>(path: string, json: Record<string, unknown>) =>
  call<T>(t.app, "POST", path, { token: owner.token, json });

/**
 * The largest shape the limits allow, and the one SQLite used to refuse: `levels` alternating any / not
 * levels (neither collapses into its parent), each `any` holding as many leaves as the node limit leaves
 * room for. Leaf `n` is "q2 equals n"; `matches` says which values of q2 satisfy the whole condition.
 */
function largestCondition(levels: number) {
  const groups = levels / 2;
  const perGroup = Math.floor(conditionLimits.maxNodes / groups) - 2;
  let next = 0;
  const build = (group: number): Condition => {
    const leaves: Condition[] = Array.from({ length: perGroup }, () => ({
      kind: "compare",
      questionId: "q2",
      op: "eq",
      value: next++,
    }));
    if (group === groups - 1) return { kind: "any", conditions: leaves };
    return { kind: "any", conditions: [...leaves, { kind: "not", condition: build(group + 1) }] };
  };
  const condition = build(0);
  // any(leaves of group g) or not(rest): a value in group g matches when g is even-levelled from the top.
  const matches = (value: number) => {
    const group = Math.floor(value / perGroup);
    if (group >= groups) return groups % 2 === 0;
    return group % 2 === 0;
  };
  return { condition, matches };
}

function definitionWith(showIf: unknown) {
  return {
    schemaVersion: 1,
    kind: "survey",
    title: "条件上限",
    pages: [
      {
        id: "p1",
        questions: [
          { id: "q2", type: "number", title: "编号", required: true, config: {} },
          { id: "q3", type: "textarea", title: "补充", showIf, config: {} },
        ],
      },
    ],
  };
}

/** `levels` levels: `levels - 1` negations around one leaf. */
function negated(levels: number): unknown {
  let condition: unknown = { kind: "answered", questionId: "q2" };
  for (let level = 1; level < levels; level += 1) condition = { kind: "not", condition };
  return condition;
}

describe("conditions at the size limits", () => {
  it("save, publish, are answered and filter; one past them is a Chinese 400", async () => {
    const { condition, matches } = largestCondition(conditionLimits.maxDepth);
    const q = await publishNew(t, owner, { kind: "survey", definition: definitionWith(condition) });
    const open = await call<{ revisionId: number }>(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: q.publicId },
    });
    expect(open.body.code).toBe(200);
    const values = [0, 20, 40, 90, 250, 470, 600];
    for (const value of values) {
      // q3 is shown only when the condition holds: answering it otherwise is refused.
      const answers = matches(value) ? { q2: value, q3: "已填写" } : { q2: value };
      const submitted = await submitWithToken(t, q.publicId, open.body.data.revisionId, answers);
      expect(submitted.body.code).toBe(200);
    }
    const expected = values.filter(matches).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(values.length);

    const list = await post<ResultsPage<{ id: number }>>("answer/getAnswerList", {
      id: q.id,
      filter: { condition },
    });
    expect(list.body).toMatchObject({ code: 200, data: { total: expected } });
    const stats = await post("statistics/getQuestionStatistics", { id: q.id, filter: { condition } });
    expect(stats.body).toMatchObject({ code: 200, data: { total: expected } });
    // One group of every leaf the node limit allows: `a OR b OR …` would nest 499 deep in SQLite's parser.
    const flat = {
      kind: "any",
      conditions: Array.from({ length: conditionLimits.maxNodes - 1 }, (_, n) => ({
        kind: "compare",
        questionId: "q2",
        op: "eq",
        value: n,
      })),
    };
    // "Not every one of these chosen" is a test per option: 2000 of them used to be a 2000-deep AND.
    const optionIds = Array.from({ length: conditionLimits.maxOptionIds }, (_, n) => `o${n}`);
    const notAll = { kind: "notSelected", questionId: "q2", optionIds, match: "any" };
    for (const path of ["answer/getAnswerList", "statistics/getQuestionStatistics"]) {
      const flatList = await post(path, { id: q.id, filter: { condition: flat } });
      expect(flatList.body).toMatchObject({
        code: 200,
        data: { total: values.filter((v) => v < 499).length },
      });
      const notAllList = await post(path, { id: q.id, filter: { condition: notAll } });
      expect(notAllList.body).toMatchObject({ code: 200, data: { total: values.length } });
    }
    const deepest = await post<ResultsPage<{ id: number }>>("answer/getAnswerList", {
      id: q.id,
      filter: { condition: negated(conditionLimits.maxDepth) },
    });
    expect(deepest.body.data.total).toBe(0);

    const before = await tableCounts(t);
    const over = await post("answer/getAnswerList", {
      id: q.id,
      filter: { condition: negated(conditionLimits.maxDepth + 1) },
    });
    expect(over.body).toMatchObject({ code: 400, msg: expect.stringContaining("32层") });
    const wide = await post("statistics/getQuestionStatistics", {
      id: q.id,
      filter: {
        condition: {
          kind: "any",
          conditions: Array.from({ length: conditionLimits.maxNodes }, () => ({
            kind: "answered",
            questionId: "q2",
          })),
        },
      },
    });
    expect(wide.body.code).toBe(400);
    expect(JSON.stringify(wide.body)).toContain("500项");
    expect(await tableCounts(t)).toEqual(before);
  });

  it("refuses a questionnaire saved one level too deep, and nesting thousands deep, with a Chinese 400", async () => {
    const q = await buildQuestionnaire(t, owner, { kind: "survey", definition: definitionWith(undefined) });
    for (const levels of [conditionLimits.maxDepth + 1, 5000]) {
      // JSON text built by hand: JSON.stringify itself recurses and would overflow first.
      const showIf = `${'{"kind":"not","condition":'.repeat(levels - 1)}{"kind":"answered","questionId":"q2"}${"}".repeat(levels - 1)}`;
      const definition = JSON.stringify(definitionWith("SHOW_IF")).replace('"SHOW_IF"', showIf);
      const saved = await t.app.inject({
        method: "POST",
        url: "/wjgj/api/questionary/saveQuestionary",
        headers: { token: owner.token, "content-type": "application/json" },
        payload: `{"id":${q.id},"baseVersion":1,"definition":${definition}}`,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ code: 400 });
      expect(saved.body).toContain("条件嵌套不能超过32层");
    }
    const atLimit = await post("questionary/saveQuestionary", {
      id: q.id,
      baseVersion: 1,
      definition: definitionWith(negated(conditionLimits.maxDepth)),
    });
    expect(atLimit.body.code).toBe(200);
  });
});
