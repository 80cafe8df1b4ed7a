import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let owner: BuiltUser;
let id: number;

/** Three choice questions: logic on q3 refers to q1 and q2. */
const definition = {
  schemaVersion: 1,
  kind: "survey",
  title: "出行调查",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "q1",
          type: "multiple",
          title: "您常用的出行方式",
          config: {
            options: [
              { id: "bus", label: "公交" },
              { id: "metro", label: "地铁" },
              { id: "car", label: "自驾" },
            ],
          },
          jumps: [
            {
              when: { kind: "selected", questionId: "q1", optionIds: ["car"], match: "any" },
              target: { kind: "submit" },
            },
          ],
        },
        {
          id: "q2",
          type: "single",
          title: "您的年龄段",
          showIf: { kind: "answered", questionId: "q1" },
          config: {
            options: [
              { id: "young", label: "30岁以下" },
              { id: "old", label: "30岁及以上" },
            ],
          },
        },
        {
          id: "q3",
          type: "single",
          title: "最满意的出行方式",
          config: {
            options: [
              { id: "bus", label: "公交" },
              { id: "metro", label: "地铁" },
            ],
          },
        },
      ],
    },
  ],
};

beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  id = (await buildQuestionnaire(t, owner, { kind: "survey", definition })).id;
});
afterEach(async () => {
  await t.close();
});

const get = <T>(path: string, params: Record<string, string | number>) =>
  call<T>(t.app, "GET", path, { token: owner.token, params: { id, ...params } });
const post = <T>(path: string, json: Record<string, unknown>) =>
  call<T>(t.app, "POST", path, { token: owner.token, json: { id, ...json } });

describe("questionJump", () => {
  it("reads and deletes a question's jump rules", async () => {
    const detail = await get<{ jumps: unknown[] }>("questionJump/getConditionDetail", { questionId: "q1" });
    expect(detail.body.data.jumps).toHaveLength(1);
    const deleted = await post<{ version: number }>("questionJump/delCondition", {
      questionId: "q1",
      index: 0,
    });
    expect(deleted.body).toMatchObject({ code: 200, data: { version: 2 } });
    expect(
      (await get<{ jumps: unknown[] }>("questionJump/getConditionDetail", { questionId: "q1" })).body.data
        .jumps,
    ).toEqual([]);
    const missing = await get("questionJump/getConditionDetail", { questionId: "nope" });
    expect(missing.body).toMatchObject({ code: 400, msg: "题目不存在" });
    const badIndex = await post("questionJump/delCondition", { questionId: "q1", index: 5 });
    expect(badIndex.body).toMatchObject({ code: 400, msg: "跳题规则序号无效" });
  });
});

describe("showQuestion", () => {
  it("lists, reads and deletes show conditions", async () => {
    const list = await get<{ questionId: string }[]>("showQuestion/getShowList", {});
    expect(list.body.data.map((s) => s.questionId)).toEqual(["q2"]);
    const detail = await get("showQuestion/getShowDetail", { questionId: "q2" });
    expect(detail.body).toMatchObject({ data: { showIf: { kind: "answered", questionId: "q1" } } });
    await post("showQuestion/delShow", { questionId: "q2" });
    expect((await get<unknown[]>("showQuestion/getShowList", {})).body.data).toEqual([]);
  });
});

describe("selectConnect", () => {
  const connect = {
    questionId: "q1",
    mode: "chosen",
    links: [{ optionId: "bus", sourceOptionIds: ["bus"] }],
  };

  it("offers earlier choice questions, then adds, updates and deletes a link", async () => {
    const sources = await get<{ questionId: string; options: unknown[] }[]>("selectConnect/getQuestionList", {
      questionId: "q3",
    });
    expect(sources.body.data.map((s) => s.questionId)).toEqual(["q1", "q2"]);
    expect(sources.body.data[0]?.options).toHaveLength(3);

    expect(
      (await post("selectConnect/updateConnect", { questionId: "q3", selectConnect: connect })).body,
    ).toMatchObject({
      code: 404,
      msg: "该题尚未设置选项关联",
    });
    const added = await post<{ issues: unknown[] }>("selectConnect/addConnect", {
      questionId: "q3",
      selectConnect: connect,
    });
    expect(added.body).toMatchObject({ code: 200, data: { issues: [] } });
    expect(
      (await post("selectConnect/addConnect", { questionId: "q3", selectConnect: connect })).body.code,
    ).toBe(409);
    const updated = await post("selectConnect/updateConnect", {
      questionId: "q3",
      selectConnect: { ...connect, mode: "notChosen" },
    });
    expect(updated.body.code).toBe(200);
    const list = await get<{ selectConnect: { mode: string } }[]>("selectConnect/getSelectConnectList", {});
    expect(list.body.data[0]?.selectConnect.mode).toBe("notChosen");
    await post("selectConnect/delSelectConnectList", { questionId: "q3" });
    expect((await get<unknown[]>("selectConnect/getSelectConnectList", {})).body.data).toEqual([]);
  });

  it("refuses a malformed link and a stale base version", async () => {
    const bad = await post("selectConnect/addConnect", {
      questionId: "q3",
      selectConnect: { questionId: "q1", links: "x" },
    });
    expect(bad.body.code).toBe(400);
    const stale = await post("selectConnect/addConnect", {
      questionId: "q3",
      selectConnect: connect,
      baseVersion: 7,
    });
    expect(stale.body).toMatchObject({ code: 409, data: { currentVersion: 1 } });
  });
});

describe("questionSelectJoin", () => {
  it("sets and clears a question's option source", async () => {
    const before = await get<{ current: unknown; sources: { questionId: string }[] }>(
      "questionSelectJoin/getSelectJoinQuestionList",
      { questionId: "q3" },
    );
    expect(before.body.data.current).toBeNull();
    expect(before.body.data.sources.map((s) => s.questionId)).toEqual(["q1", "q2"]);
    await post("questionSelectJoin/addQuestionSelectJoin", {
      questionId: "q3",
      optionSource: { questionId: "q1", mode: "selected" },
    });
    const after = await get<{ current: unknown }>("questionSelectJoin/getSelectJoinQuestionList", {
      questionId: "q3",
    });
    expect(after.body.data.current).toEqual({ questionId: "q1", mode: "selected" });
    await post("questionSelectJoin/addQuestionSelectJoin", { questionId: "q3", optionSource: null });
    const cleared = await get<{ current: unknown }>("questionSelectJoin/getSelectJoinQuestionList", {
      questionId: "q3",
    });
    expect(cleared.body.data.current).toBeNull();
  });
});
