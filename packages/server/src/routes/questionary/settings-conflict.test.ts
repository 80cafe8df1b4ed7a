import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let owner: BuiltUser;
let id: number;

beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  id = (await buildQuestionnaire(t, owner, { kind: "survey", title: "设置冲突" })).id;
});
afterEach(async () => {
  await t.close();
});

const update = (settings: Record<string, unknown>, base?: Record<string, unknown>) =>
  call<Record<string, unknown>>(t.app, "POST", "questionary/updateQuestionarySet", {
    token: owner.token,
    json: { id, settings, ...(base ? { base } : {}) },
  });

const read = async () =>
  (
    await call<Record<string, unknown>>(t.app, "GET", "questionary/getQuestionarySet", {
      token: owner.token,
      params: { id },
    })
  ).body.data;

describe("questionary/updateQuestionarySet with base values", () => {
  it("refuses a change to a setting someone else changed since, and keeps theirs", async () => {
    // Window A and window B both opened with the default 感谢语; B saves first.
    const opened = { thankYouText: (await read()).thankYouText };
    expect((await update({ thankYouText: "B 的感谢语" }, opened)).body.code).toBe(200);
    const stale = await update({ thankYouText: "A 的感谢语" }, opened);
    expect(stale.body).toMatchObject({
      code: 409,
      msg: "问卷设置已在其他窗口或设备上修改，请刷新后再改",
      data: { settings: { thankYouText: "B 的感谢语" } },
    });
    expect((await read()).thankYouText).toBe("B 的感谢语");
  });

  it("lets changes to different settings from two windows both stand", async () => {
    const opened = await read();
    expect((await update({ thankYouText: "谢谢" }, { thankYouText: opened.thankYouText })).body.code).toBe(
      200,
    );
    expect((await update({ maxResponses: 50 }, { maxResponses: 0 })).body.code).toBe(200);
    expect(await read()).toMatchObject({ thankYouText: "谢谢", maxResponses: 50 });
  });

  it("overwrites when no base is sent (覆盖)", async () => {
    await update({ thankYouText: "B" }, { thankYouText: (await read()).thankYouText });
    expect((await update({ thankYouText: "A" })).body.code).toBe(200);
    expect((await read()).thankYouText).toBe("A");
  });
});
