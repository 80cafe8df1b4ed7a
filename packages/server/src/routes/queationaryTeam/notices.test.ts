import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

interface NoticePage {
  list: { id: number; kind: string; title: string; content: string; link: string; read: boolean }[];
  total: number;
  unread: number;
}

const notices = async (token: string) =>
  (await call<NoticePage>(t.app, "GET", "queationaryTeam/getTeamNoticeList", { token })).body;

describe("header notifications", () => {
  it("tells a phone invitee about the invitation and the inviter about the acceptance; each reads only their own", async () => {
    const owner = await buildUser(t, { nickName: "李主任" });
    const invitee = await buildUser(t, { nickName: "小周" });
    const q = await buildQuestionnaire(t, owner, { title: "年度体检问卷" });
    const invited = await call<{ code: string }>(t.app, "POST", "queationaryTeam/addTeamUser", {
      token: owner.token,
      params: { id: q.id, kind: "phone", role: "viewer", phone: invitee.user.phone ?? "" },
    });
    expect(invited.body.code, invited.body.msg).toBe(200);

    const inbox = await notices(invitee.token);
    expect(inbox.code).toBe(200);
    expect(inbox.data).toMatchObject({ total: 1, unread: 1 });
    expect(inbox.data.list[0]).toMatchObject({
      kind: "teamInvite",
      title: "团队邀请",
      content: "李主任邀请您以“数据查看”身份加入问卷“年度体检问卷”",
      link: `/accept?code=${invited.body.data.code}`,
      read: false,
    });
    expect((await notices(owner.token)).data.total).toBe(0);

    const agreed = await call(t.app, "POST", "queationaryTeam/agreeTeam", {
      token: invitee.token,
      params: { code: invited.body.data.code },
    });
    expect(agreed.body.code).toBe(200);
    const ownerInbox = await notices(owner.token);
    expect(ownerInbox.data.unread).toBe(1);
    expect(ownerInbox.data.list[0]).toMatchObject({
      kind: "teamJoined",
      content: "小周已接受邀请，以“数据查看”身份加入问卷“年度体检问卷”",
      link: `/dc/dcDesign?id=${q.id}`,
    });

    // Marking another person's notification changes nothing; one's own becomes read.
    const noticeId = inbox.data.list[0]?.id ?? 0;
    expect(
      (
        await call(t.app, "POST", "queationaryTeam/readTeamNotice", {
          token: owner.token,
          params: { id: noticeId },
        })
      ).body.code,
    ).toBe(200);
    expect((await notices(invitee.token)).data.unread).toBe(1);
    await call(t.app, "POST", "queationaryTeam/readTeamNotice", {
      token: invitee.token,
      params: { id: noticeId },
    });
    const read = await notices(invitee.token);
    expect(read.data).toMatchObject({ total: 1, unread: 0 });
    expect(read.data.list[0]?.read).toBe(true);
    // Without an id: all of one's own.
    await call(t.app, "POST", "queationaryTeam/readTeamNotice", { token: owner.token });
    expect((await notices(owner.token)).data.unread).toBe(0);
  });

  it("needs a login and refuses a bad id in Chinese", async () => {
    expect((await call(t.app, "GET", "queationaryTeam/getTeamNoticeList")).body.code).toBe(303);
    const user = await buildUser(t);
    const bad = await call(t.app, "POST", "queationaryTeam/readTeamNotice", {
      token: user.token,
      params: { id: "abc" },
    });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
