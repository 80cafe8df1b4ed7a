import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";

/** 分享设置 (issue #39): the og: tags /r/{id} carries, so a link shared in WeChat (or anywhere) shows a card. */
let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

async function published(title: string) {
  const q = await buildQuestionnaire(t, owner, { kind: "survey", title });
  const res = await call(t.app, "POST", "questionary/releaseQuestionary", {
    token: owner.token,
    params: { id: q.id },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return q;
}

const settings = (id: number, changes: Record<string, unknown>) =>
  call<Record<string, unknown>>(t.app, "POST", "questionary/updateQuestionarySet", {
    token: owner.token,
    json: { id, settings: changes },
  });

async function ogOf(publicId: string): Promise<Record<string, string>> {
  const res = await t.app.inject({
    method: "GET",
    url: `/r/${publicId}`,
    headers: { host: "wj.example.com" },
  });
  expect(res.statusCode).toBe(200);
  const tags: Record<string, string> = {};
  for (const match of res.body.matchAll(/<meta property="og:(\w+)" content="([^"]*)" \/>/g))
    tags[match[1] ?? ""] = match[2] ?? "";
  return tags;
}

describe("share card on the answer page", () => {
  it("defaults to the questionnaire's title and description and the site's logo, as absolute addresses", async () => {
    const q = await published("员工满意度调查");
    const og = await ogOf(q.publicId);
    expect(og.title).toBe("员工满意度调查");
    expect(og.url).toBe(`http://wj.example.com/r/${q.publicId}`);
    expect(og.description).not.toBe("");
    expect(og.image).toBe("http://wj.example.com/favicon.svg");
  });

  it("uses the 页眉图片 when there is no share picture", async () => {
    const q = await published("带页眉的问卷");
    expect((await settings(q.id, { headerImage: "https://img.example.com/header.png" })).body.code).toBe(200);
    expect((await ogOf(q.publicId)).image).toBe("https://img.example.com/header.png");
  });

  it("uses the creator's 分享设置, escaped", async () => {
    const q = await published("年度调查");
    const res = await settings(q.id, {
      share: { title: '来填"问卷"<赢好礼>', description: "三分钟 & 一杯咖啡", image: "/files/share.png" },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.share).toEqual({
      title: '来填"问卷"<赢好礼>',
      description: "三分钟 & 一杯咖啡",
      image: "/files/share.png",
    });
    const og = await ogOf(q.publicId);
    expect(og.title).toBe("来填&quot;问卷&quot;&lt;赢好礼&gt;");
    expect(og.description).toBe("三分钟 &amp; 一杯咖啡");
    expect(og.image).toBe("http://wj.example.com/files/share.png");
    // Reading the settings back gives the same card.
    const read = await call<{ share: unknown }>(t.app, "GET", "questionary/getQuestionarySet", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(read.body.data.share).toEqual(res.body.data.share);
  });

  it("refuses a share card that is too long or a picture that is no address, in Chinese", async () => {
    const q = await published("校验问卷");
    const long = await settings(q.id, { share: { title: "长".repeat(65) } });
    expect(long.body.code).toBe(400);
    expect(long.body.msg).toBe("分享标题最多64个字");
    const desc = await settings(q.id, { share: { description: "长".repeat(121) } });
    expect(desc.body.msg).toBe("分享描述最多120个字");
    const image = await settings(q.id, { share: { image: "javascript:alert(1)" } });
    expect(image.body.code).toBe(400);
    expect(image.body.msg).toBe("地址需以 http://、https:// 或 / 开头");
    expect((await ogOf(q.publicId)).title).toBe("校验问卷");
  });
});
