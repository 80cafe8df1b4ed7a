import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQuestionnaire, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, secondInstance, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

type Others = { userId: number; nickName: string }[];

describe("presence in the designer", () => {
  it("shows each editor the others who beat within the window, across server instances", async () => {
    const owner = await buildUser(t, { nickName: "设计者甲" });
    const editor = await buildUser(t, { nickName: "设计者乙" });
    const viewer = await buildUser(t);
    const q = await buildQuestionnaire(t, owner);
    await buildTeamMember(t, q.id, editor, "editor");
    await buildTeamMember(t, q.id, viewer, "viewer");
    const other = await secondInstance(t);
    try {
      const beat = (app: typeof t.app, token: string) =>
        call<Others>(app, "POST", "queationaryTeam/designerHeartbeat", { token, params: { id: q.id } });

      expect((await beat(t.app, owner.token)).body).toMatchObject({ code: 200, data: [] });
      // The editor's beat reaches the other instance; each sees the other, never themselves.
      const seen = await beat(other.app, editor.token);
      expect(seen.body.data).toEqual([{ userId: owner.user.id, nickName: "设计者甲", avatar: "" }]);
      expect((await beat(t.app, owner.token)).body.data.map((p) => p.nickName)).toEqual(["设计者乙"]);

      // Someone who stopped beating (closed the designer) drops out after the window.
      t.clock.advance(60);
      expect((await beat(t.app, owner.token)).body.data).toEqual([]);

      // Only those who may edit take part; a 数据查看 member is refused and leaves no trace.
      expect((await beat(t.app, viewer.token)).body.code).toBe(403);
      expect((await beat(other.app, editor.token)).body.data.map((p) => p.userId)).toEqual([owner.user.id]);
    } finally {
      await other.close();
    }
  });
});
