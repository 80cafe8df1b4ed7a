import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { ANSWER_MANIFEST, ENGINE_CHUNKS, fieldGroupChunks, fillTemplate } from "./answer-pages.ts";
import { inlineJson } from "./page-html.ts";

let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

const HOSTILE = "</script><script>alert(1)</script>";

function survey(title: string) {
  return {
    schemaVersion: 1,
    kind: "survey",
    title,
    description: "<p>本问卷约需 <b>3 分钟</b></p>",
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "q1",
            type: "single",
            title: "您每周运动几次？<img src=x onerror=alert(2)>",
            required: true,
            config: {
              options: [
                { id: "a", label: "不运动" },
                { id: "b", label: "1-2次" },
              ],
            },
          },
        ],
      },
      { id: "p2", questions: [{ id: "q2", type: "textarea", title: "第二页的问题", config: {} }] },
    ],
  };
}

async function published(title: string) {
  const q = await buildQuestionnaire(t, owner, { kind: "survey", title, definition: survey(title) });
  await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
  return q;
}

const page = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, ...(cookie ? { headers: { cookie } } : {}) });

/** The markup inside #root, i.e. what a browser shows before any script runs. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script id="__ANSWER_DATA__"');
  return html.slice(start, end);
}

function dataOf(html: string): Record<string, unknown> {
  const match = /<script id="__ANSWER_DATA__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(match?.[1] ?? "null") as Record<string, unknown>;
}

describe("GET /r/{publicId}", () => {
  it("renders the title and the first page's questions on the server, with the data inlined", async () => {
    const q = await published("社区运动习惯调查");
    const res = await page(`/r/${q.publicId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("<title>社区运动习惯调查</title>");
    expect(res.body).toContain('<meta name="description" content="本问卷约需 3 分钟" />');
    const root = rootOf(res.body);
    expect(root).toContain("社区运动习惯调查");
    expect(root).toContain("您每周运动几次？");
    expect(root).toContain("1-2次");
    expect(root).toContain("下一页");
    // Only the first page is rendered, and rich text went through the whitelist.
    expect(root).not.toContain("第二页的问题");
    expect(root).not.toContain("onerror");
    const data = dataOf(res.body);
    expect(data).toMatchObject({ page: "answer", open: { publicId: q.publicId, state: "open" } });
    expect(data.initial).toMatchObject({ visibleQuestions: ["q1"], pagePath: ["p1", "p2"] });
  });

  it("keeps a hostile title inert in the title, the markup and the inlined data", async () => {
    const q = await published(HOSTILE);
    const res = await page(`/r/${q.publicId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script>alert(1)");
    // The minimal template has no scripts of its own: the data script is the only one.
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body).toContain("<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    // Shown to the respondent as the text it is.
    expect(rootOf(res.body)).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>");
    const data = dataOf(res.body) as { open: { title: string } };
    expect(data.open.title).toBe(HOSTILE);
  });

  it("seeds shuffles with the device cookie, and hands out one when there is none", async () => {
    const q = await published("设备编号");
    const fresh = await page(`/r/${q.publicId}`);
    const cookie = String(fresh.headers["set-cookie"]);
    expect(cookie).toMatch(/^wjgj_did=[A-Za-z0-9_-]{16,}; Path=\/; Max-Age=63072000; SameSite=Lax$/);
    expect((dataOf(fresh.body) as { deviceId: string }).deviceId).toBe(/wjgj_did=([^;]+)/.exec(cookie)?.[1]);
    const again = await page(`/r/${q.publicId}`, "other=1; wjgj_did=Device_12345678");
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect((dataOf(again.body) as { deviceId: string }).deviceId).toBe("Device_12345678");
  });

  // The heading states the fact once; the line under it says what to do next instead of restating it
  // (the paused page used to read 问卷已暂停 / 问卷已暂停收集).
  it("sends each closed state to the notice page, with its heading once and a next step", async () => {
    const q = await published("已关闭的问卷");
    const set = (settings: Record<string, unknown>) =>
      call(t.app, "POST", "questionary/updateQuestionarySet", {
        token: owner.token,
        json: { id: q.id, settings },
      });
    // /r/{id} sends the respondent to the notice page (/trailerPage), which says why.
    const expectState = async (heading: string, nextStep: string, restatement: string) => {
      const res = await page(`/r/${q.publicId}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/trailerPage?id=${q.publicId}`);
      const notice = await page(String(res.headers.location));
      expect(notice.statusCode).toBe(200);
      const root = rootOf(notice.body);
      expect(root.split(heading)).toHaveLength(2);
      expect(root).toContain(nextStep);
      if (restatement !== heading) expect(root).not.toContain(restatement);
      expect(notice.body).not.toContain("您每周运动几次");
      expect(dataOf(notice.body)).toMatchObject({ page: "trailer", publicId: q.publicId });
    };
    await set({ startTime: "2030-01-01T00:00:00.000Z" });
    await expectState("问卷未开始", "还没到开始填写的时间，请在开始后再来。", "问卷尚未开始");
    await set({ startTime: "", endTime: "2020-01-01T00:00:00.000Z" });
    await expectState("问卷已结束", "这份问卷已停止收集答卷，感谢您的关注。", "问卷已结束，");
    await set({ endTime: "", maxResponses: 1 });
    const open = (await page(`/r/${q.publicId}`)).body;
    const { revisionId, answerToken } = (
      dataOf(open) as { open: { revisionId: number; answerToken: string } }
    ).open;
    await call(t.app, "POST", "anQuestion/questionAnswer", {
      json: {
        publicId: q.publicId,
        revisionId,
        answerToken,
        answers: { q1: { optionId: "a" } },
        idempotencyKey: "full-key-1",
      },
    });
    await expectState("已达到回收上限", "答卷数量已满，不再接受新的答卷，感谢您的关注。", "问卷已达到");
    await set({ maxResponses: 0 });
    await call(t.app, "POST", "questionary/stopQuestionary", { token: owner.token, params: { id: q.id } });
    await expectState(
      "问卷已暂停",
      "发布者暂时停止了收集答卷，恢复后即可继续填写，请稍后再来。",
      "问卷已暂停收集",
    );
    await call(t.app, "POST", "questionary/delQuestionary", { token: owner.token, params: { id: q.id } });
    await expectState("问卷已删除", "这份问卷已被发布者删除，无法再填写。", "问卷已删除");
  });

  it("shows the password gate, not the questions, when a password is set", async () => {
    const q = await published("带密码的问卷");
    await call(t.app, "POST", "questionary/updateQuestionarySet", {
      token: owner.token,
      json: { id: q.id, settings: { password: "8888" } },
    });
    const res = await page(`/r/${q.publicId}`);
    const root = rootOf(res.body);
    expect(root).toContain("该问卷需要密码才能填写");
    expect(root).not.toContain("您每周运动几次");
    expect(res.body).not.toContain("8888");
  });

  it("answers 404 with the 不存在 page for an unknown or malformed id", async () => {
    for (const url of ["/r/Zz9Zz9Zz9Z", "/r/abc", "/r/%3Cscript%3E"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(rootOf(res.body)).toContain("问卷不存在");
      expect(rootOf(res.body)).toContain("问卷不存在，请检查链接是否正确");
      expect(dataOf(res.body)).toEqual({ page: "notFound", message: "问卷不存在，请检查链接是否正确" });
    }
  });
});

describe("GET /y/{publicId}/{type}", () => {
  it("renders the preview shell for pc and phone; the draft is fetched by the browser", async () => {
    const q = await buildQuestionnaire(t, owner, {
      kind: "survey",
      title: "草稿",
      definition: survey("草稿"),
    });
    for (const frame of ["pc", "phone"]) {
      const res = await page(`/y/${q.publicId}/${frame}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(rootOf(res.body)).toContain("预览加载中");
      expect(dataOf(res.body)).toMatchObject({ page: "preview", publicId: q.publicId, frame });
      // The draft itself is not in the page: the server cannot know the owner's token here.
      expect(res.body).not.toContain("您每周运动几次");
    }
    expect((await page(`/y/${q.publicId}/tablet`)).statusCode).toBe(404);
    expect((await page("/y/Zz9Zz9Zz9Z/phone")).statusCode).toBe(404);
  });
});

describe("inlined data", () => {
  it("escapes <, > and & and the JS line separators, and parses back to the same value", () => {
    const value = { title: "</script><!-- & \u2028\u2029 -->", n: 1 };
    const text = inlineJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it("preloads the chunks of the input groups a page uses, from the build's manifest, not the entry's own", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-manifest-"));
    try {
      fs.mkdirSync(path.join(dist, ".vite"));
      fs.writeFileSync(
        path.join(dist, ANSWER_MANIFEST),
        JSON.stringify({
          "answer.html": { file: "assets/answer-a1.js", imports: ["_react.js"] },
          "_react.js": { file: "assets/react-r1.js" },
          "src/answer/components/fields/rating-group.ts": {
            file: "assets/rating-group-g1.js",
            imports: ["_react.js", "_shared.js"],
          },
          "_shared.js": { file: "assets/shared-s1.js" },
          "_matrix-group-m1.js": { file: "assets/matrix-group-m1.js" },
          "src/answer/lib/engine.ts": { file: "assets/engine-e1.js", imports: ["_shared.js", "_react.js"] },
        }),
      );
      const chunks = fieldGroupChunks(dist);
      expect(chunks.get(ENGINE_CHUNKS)).toEqual(["/assets/engine-e1.js", "/assets/shared-s1.js"]);
      expect(chunks.get("rating")).toEqual(["/assets/rating-group-g1.js", "/assets/shared-s1.js"]);
      expect(chunks.get("matrix")).toEqual(["/assets/matrix-group-m1.js"]);
      expect(fieldGroupChunks(path.join(dist, "missing")).size).toBe(0);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
    const html = fillTemplate(
      '<html><head><title>t</title></head><body><div id="root"></div></body></html>',
      {
        title: "t",
        description: "",
        body: "",
        data: { page: "notFound", message: "m" },
        preloads: ["/assets/rating-group-g1.js"],
      },
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/rating-group-g1.js"></head>');
  });

  it("fills the template literally, even with $& or $1 in the content", () => {
    const html = fillTemplate(
      '<html><head><meta name="description" content="x" /><title>t</title></head><body><div id="root"></div></body></html>',
      {
        title: "A $& B",
        description: 'say "hi"',
        body: "<p>$1 $&</p>",
        data: { page: "notFound", message: "m" },
      },
    );
    expect(html).toContain("<title>A $&amp; B</title>");
    expect(html).toContain('content="say &quot;hi&quot;"');
    expect(html).toContain('<div id="root"><p>$1 $&</p></div><script id="__ANSWER_DATA__"');
  });
});
