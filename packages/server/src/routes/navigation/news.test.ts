import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildAdmin, buildLabel, buildNews } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addSeconds, iso } from "../../clock.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

interface NewsItem {
  id: number;
  title: string;
  labelId: number | null;
  labelName: string;
  publishTime: string;
  views: number;
}
interface NewsPage {
  list: NewsItem[];
  total: number;
  pageNum: number;
  pageSize: number;
}
interface NewsDetail extends NewsItem {
  content: string;
  prev: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
}

const list = (params: Record<string, string | number> = {}) =>
  call<NewsPage>(t.app, "GET", "navigation/getNavigationNewsList", { params });
const detail = (id: number) =>
  call<NewsDetail>(t.app, "GET", "navigation/getNavigationNewsDetail", { params: { id } });

describe("navigation/getNavigationNewsList and getNavigationNewsDetail", () => {
  it("shows an admin's news only once published and its scheduled time has come", async () => {
    const admin = await buildAdmin(t);
    const save = (json: Record<string, unknown>) =>
      call<{ id: number }>(t.app, "POST", "admin/news/save", { token: admin.token, json });
    const draft = await save({ title: "草稿", content: "<p>草稿</p>", status: "draft" });
    const live = await save({ title: "已发布", content: "<p>已发布</p>", status: "published" });
    const later = iso(addSeconds(t.clock.now(), 3600));
    const scheduled = await save({
      title: "定时发布",
      content: "<p>定时</p>",
      status: "published",
      publishAt: later,
    });
    expect([draft.body.code, live.body.code, scheduled.body.code]).toEqual([200, 200, 200]);

    expect((await list()).body.data.list.map((n) => n.title)).toEqual(["已发布"]);
    expect((await detail(draft.body.data.id)).body).toEqual({
      code: 404,
      msg: "请求的内容不存在或已被删除",
      data: null,
    });
    expect((await detail(scheduled.body.data.id)).body.code).toBe(404);

    t.clock.advance(3600);
    expect((await list()).body.data.list.map((n) => n.title)).toEqual(["定时发布", "已发布"]);
    expect((await detail(scheduled.body.data.id)).body.code).toBe(200);

    // A draft published later without a chosen time goes live at that moment, at the top of the list.
    t.clock.advance(60);
    await save({ id: draft.body.data.id, title: "草稿", content: "<p>草稿</p>", status: "published" });
    expect((await list()).body.data.list.map((n) => n.title)).toEqual(["草稿", "定时发布", "已发布"]);
    await save({ id: draft.body.data.id, title: "草稿", content: "<p>草稿</p>", status: "draft" });

    // Taking an item back to draft hides it again.
    await save({ id: live.body.data.id, title: "已发布", content: "<p>已发布</p>", status: "draft" });
    expect((await list()).body.data.total).toBe(1);
    expect((await detail(live.body.data.id)).body.code).toBe(404);
    expect((await detail(999_999)).body.code).toBe(404);
  });

  it("pages 8 per page from page 1, newest first, and filters by label", async () => {
    const product = await buildLabel(t, { name: "产品动态" });
    const made = [];
    for (let i = 0; i < 11; i += 1) {
      made.push(
        await buildNews(t, {
          title: `第${i}篇`,
          labelId: i % 3 === 0 ? product.id : null,
          publishAt: iso(addSeconds(t.clock.now(), -86_400 * (11 - i))),
        }),
      );
    }
    await buildNews(t, { title: "草稿", status: "draft", labelId: product.id });

    const first = await list();
    expect(first.body.data).toMatchObject({ total: 11, pageNum: 1, pageSize: 8 });
    expect(first.body.data.list.map((n) => n.title)).toEqual(
      made
        .slice(3)
        .reverse()
        .map((n) => n.title),
    );
    const second = await list({ pageNum: 2 });
    expect(second.body.data.list.map((n) => n.title)).toEqual(["第2篇", "第1篇", "第0篇"]);

    const labelled = await list({ labelId: String(product.id) });
    expect(labelled.body.data.total).toBe(4);
    expect(labelled.body.data.list.map((n) => n.title)).toEqual(["第9篇", "第6篇", "第3篇", "第0篇"]);
    expect(labelled.body.data.list[0]).toMatchObject({ labelId: product.id, labelName: "产品动态" });
    expect((await list({ labelId: "" })).body.data.total).toBe(11);
    expect((await list({ labelId: 999 })).body.data.total).toBe(0);
    expect((await list({ pageSize: 3, pageNum: 4 })).body.data.list.map((n) => n.title)).toEqual([
      "第1篇",
      "第0篇",
    ]);

    const tooBig = await list({ pageSize: 51 });
    expect(tooBig.body).toMatchObject({ code: 400, msg: "每页条数需为1-50之间的整数" });
  });

  it("answers the sanitised content, counts views and links the neighbours", async () => {
    const admin = await buildAdmin(t);
    const label = await buildLabel(t, { name: "使用技巧" });
    const older = await buildNews(t, { title: "较早", publishAt: iso(addSeconds(t.clock.now(), -7200)) });
    const saved = await call<{ id: number }>(t.app, "POST", "admin/news/save", {
      token: admin.token,
      json: {
        title: "<script>alert(1)</script>标题",
        content:
          '<p onclick="alert(1)">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p><img src="x" onerror="alert(1)">',
        labelId: label.id,
        status: "published",
        publishAt: iso(addSeconds(t.clock.now(), -3600)),
      },
    });
    const newer = await buildNews(t, { title: "较新" });

    const first = await detail(saved.body.data.id);
    expect(first.body.data).toMatchObject({
      id: saved.body.data.id,
      // Plain-text fields are stored as typed; the page escapes them when it shows them.
      title: "<script>alert(1)</script>标题",
      content: "<p>正文链接</p>",
      labelName: "使用技巧",
      views: 1,
      prev: { id: newer.id, title: "较新" },
      next: { id: older.id, title: "较早" },
    });
    expect(first.body.data.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await detail(saved.body.data.id)).body.data.views).toBe(2);
    expect((await detail(newer.id)).body.data.prev).toBeNull();
    expect((await detail(older.id)).body.data.next).toBeNull();
    expect((await list()).body.data.list.find((n) => n.id === saved.body.data.id)?.views).toBe(2);
  });
});
