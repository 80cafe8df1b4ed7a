import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ADMIN, openLoggedIn } from "../support/accounts.ts";
import { adminCall } from "../support/admin.ts";
import { lifecycle, publishQuestionnaire, unique } from "../support/answering.ts";

// Stored XSS: every field an admin (or a visitor's friend-link request, or a questionnaire's creator) can
// fill gets script, event-handler and javascript: payloads; every page that shows them must keep them
// inert. Whatever is changed is put back afterwards, so other journeys see the seeded site.
test.use({ viewport: { width: 1440, height: 900 } });

const SCRIPT = "<script>window.__xss=1;alert(1)</script>";
const IMG = "<img src=x onerror=alert(2)>";
const SVG = '"><svg onload=alert(3)>';
const JS_URL = "javascript:alert(4)";
/** All of them, for fields long enough. */
const ALL = `${SCRIPT}${IMG}${SVG}`;
const RICH = `<p>正文</p>${SCRIPT}${IMG}<p onclick="alert(5)">点击</p><a href="${JS_URL}">伪链接</a><a href="https://example.com" onmouseover="alert(6)">真链接</a>${SVG}<iframe src="${JS_URL}"></iframe><img src="${JS_URL}">`;

type Row = { id: number } & Record<string, unknown>;
type Params = Record<string, string | number | boolean>;

const save = (request: APIRequestContext, entity: string, params: Params) =>
  adminCall<Row>(request, "POST", `admin/${entity}/save`, params);
const refused = (request: APIRequestContext, entity: string, params: Params) =>
  adminCall(request, "POST", `admin/${entity}/save`, params, { expectCode: 400 });

/** Fails when anything injected is live in the page: handlers, javascript: addresses, executed code. */
async function expectInert(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith("on")) found.push(`${element.tagName} ${name}="${attribute.value}"`);
        if (
          /^(href|src|action|formaction|xlink:href|data)$/.test(name) &&
          /^\s*javascript:/i.test(attribute.value)
        )
          found.push(`${element.tagName} ${name}="${attribute.value}"`);
      }
    }
    for (const script of Array.from(document.querySelectorAll("script"))) {
      if ((script.textContent ?? "").trim().startsWith("window.__xss")) found.push("injected <script>");
    }
    if (document.querySelector('img[src="x"]')) found.push('<img src="x">');
    if (document.querySelector("iframe")) found.push("<iframe>");
    if ((window as unknown as { __xss?: unknown }).__xss !== undefined) found.push("window.__xss was set");
    return found;
  });
  expect(problems, where).toEqual([]);
}

/** The server's HTML (before any script runs) carries no live payload either. */
async function expectRawHtmlInert(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  for (const live of [
    "<script>window.__xss",
    "<img src=x onerror",
    "<svg onload",
    'href="javascript:',
    "<iframe",
  ]) {
    expect(html.includes(live), `${path} 的 HTML 含有 ${live}`).toBe(false);
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

test("payloads in every admin-editable field and a questionnaire stay inert on every page", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${page.url()}: ${dialog.message()}`);
    void dialog.dismiss();
  });

  const tag = unique("X");
  const settings = await adminCall<{
    footer: Params;
    contact: Params;
  }>(request, "GET", "admin/settings/get", {});
  cleanups.push(() =>
    adminCall(
      request,
      "POST",
      "admin/settings/save",
      {},
      { json: { footer: settings.footer, contact: settings.contact } },
    ),
  );
  const { list: levels } = await adminCall<{ list: (Row & { level: number; limits: unknown })[] }>(
    request,
    "GET",
    "admin/vipSet/list",
    {},
  );
  const level1 = levels.find((level) => level.level === 1);
  if (!level1) throw new Error("种子数据缺少 1 级会员");
  cleanups.push(() =>
    save(request, "vipSet", { ...(level1 as unknown as Params), limits: JSON.stringify(level1.limits) }),
  );

  // Content records.
  const label = await save(request, "label", { name: `${tag.slice(-6)}${SVG}`, sort: 0 });
  cleanups.push(() => adminCall(request, "POST", "admin/label/delete", { id: label.id }));
  const newsTitle = `${tag}${IMG}${SVG}`;
  await refused(request, "news", {
    title: "封面",
    content: "<p>x</p>",
    status: "published",
    cover: JS_URL,
  });
  const news = await save(request, "news", {
    title: newsTitle,
    summary: `${tag}${ALL}`,
    content: RICH,
    labelId: label.id,
    status: "published",
  });
  cleanups.push(() => adminCall(request, "POST", "admin/news/delete", { id: news.id }));
  expect(String(news.content)).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|svg|iframe/i);

  const category = await save(request, "helpCategory", { name: IMG, sort: -100 });
  const article = await save(request, "helpArticle", {
    categoryId: category.id,
    title: `${tag}${ALL}`,
    content: RICH,
    status: "published",
    sort: 0,
  });
  cleanups.push(async () => {
    await adminCall(request, "POST", "admin/helpArticle/delete", { id: article.id });
    await adminCall(request, "POST", "admin/helpCategory/delete", { id: category.id });
  });

  await refused(request, "banner", { title: "轮播", status: "published", link: JS_URL });
  await refused(request, "banner", { title: "轮播", status: "published", image: JS_URL });
  const banner = await save(request, "banner", {
    title: `${tag}${SVG}`,
    subtitle: `${ALL}`.slice(0, 120),
    link: "/website/home?x=%22%3E%3Csvg%20onload=alert(7)%3E",
    status: "published",
    sort: -100,
  });
  cleanups.push(() => adminCall(request, "POST", "admin/banner/delete", { id: banner.id }));

  await refused(request, "menu", { name: "菜单", path: JS_URL });
  const menu = await save(request, "menu", { name: IMG, path: "/website/version", sort: 99 });
  cleanups.push(() => adminCall(request, "POST", "admin/menu/delete", { id: menu.id }));

  // A visitor's friend-link request, approved by the admin.
  const badUrl = await request.post("/wjgj/api/navigation/addNavigationLink", {
    form: { name: "坏链接", url: JS_URL, contact: "qq 1" },
  });
  expect(((await badUrl.json()) as { code: number }).code).toBe(400);
  const friendName = `${tag}${SVG}`.slice(0, 40);
  const sent = await request.post("/wjgj/api/navigation/addNavigationLink", {
    form: {
      name: friendName,
      url: `https://${tag.toLowerCase()}.example.com/"onmouseover=alert(8)`,
      contact: IMG,
    },
  });
  const sentBody = (await sent.json()) as { code: number; msg: string };
  // The address with a quote is refused like any non-address; a clean one carries the name payload.
  if (sentBody.code !== 200) {
    expect(sentBody.code).toBe(400);
    const clean = await request.post("/wjgj/api/navigation/addNavigationLink", {
      form: { name: friendName, url: `https://${tag.toLowerCase()}.example.com`, contact: IMG },
    });
    expect(((await clean.json()) as { code: number }).code).toBe(200);
  }
  const { list: links } = await adminCall<{ list: (Row & { name: string })[] }>(
    request,
    "GET",
    "admin/friendLink/list",
    { status: "pending" },
  );
  const link = links.find((item) => item.name === friendName);
  if (!link) throw new Error("友情链接申请未找到");
  await adminCall(request, "POST", "admin/friendLink/review", { id: link.id, decision: "approve" });
  cleanups.push(() =>
    adminCall(request, "POST", "admin/friendLink/review", { id: link.id, decision: "reject" }),
  );

  // A contact-form lead, read in the console.
  const lead = await request.post("/wjgj/api/navigation/addLead", {
    form: { kind: "contact", name: IMG, phone: "13912345678", company: SVG, content: ALL },
  });
  expect(((await lead.json()) as { code: number }).code).toBe(200);

  // Footer, contact details and logo; a javascript: logo is refused.
  await adminCall(request, "POST", "admin/settings/save", { logo: JS_URL }, { expectCode: 400 });
  await adminCall(
    request,
    "POST",
    "admin/settings/save",
    {},
    {
      json: {
        footer: {
          siteName: `${IMG}`.slice(0, 40),
          siteIcp: ALL.slice(0, 100),
          siteMail: SVG,
          sitePhone: IMG,
        },
        contact: { address: ALL, phone: SVG, email: IMG, workTime: ALL.slice(0, 100) },
      },
    },
  );

  // A VIP level's name, badge and description.
  await save(request, "vipSet", {
    ...(level1 as unknown as Params),
    name: IMG,
    badge: SVG,
    description: ALL,
    limits: JSON.stringify(level1.limits),
  });

  // A questionnaire's title, description and question text, from its creator.
  const survey = {
    schemaVersion: 1,
    kind: "survey",
    title: `${tag}${IMG}${SVG}`,
    description: RICH,
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "q1",
            type: "single",
            title: `问题${IMG}`,
            description: RICH,
            required: true,
            config: {
              options: [
                { id: "a", label: `选项${SVG}` },
                { id: "b", label: SCRIPT },
              ],
            },
          },
        ],
      },
    ],
  };
  const q = await publishQuestionnaire(request, survey);
  cleanups.push(() => lifecycle(request, q, "delQuestionary"));

  // The public site, as a visitor.
  const sitePages = [
    "/website/home",
    "/website/resource/news",
    `/website/resource/news/${news.id}/info`,
    "/website/resource/help",
    "/website/version",
    "/website/companyProfile",
    `/r/${q.publicId}`,
  ];
  for (const path of sitePages) {
    await expectRawHtmlInert(request, path);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expectInert(page, path);
  }

  // Text fields are shown as the text that was typed.
  await page.goto("/website/resource/news");
  await expect(page.getByText(newsTitle).first()).toBeVisible();
  await page.goto(`/website/resource/news/${news.id}/info`);
  await expect(page.getByTestId("news-detail").getByRole("heading", { level: 1 })).toHaveText(newsTitle);
  await expect(page.getByTestId("news-content")).toContainText("正文");
  await page.goto("/website/version");
  await expect(page.getByTestId("plan-card").getByRole("heading", { name: IMG })).toBeVisible();
  await page.goto(`/website/resource/help?keyword=${tag}`);
  await page
    .getByTestId("help-results")
    .getByRole("button", { name: `${tag}${ALL}` })
    .click();
  await expect(page.getByTestId("help-article").getByRole("heading")).toHaveText(`${tag}${ALL}`);
  await page.waitForLoadState("networkidle");
  await expectInert(page, "help article");
  await page.goto(`/r/${q.publicId}`);
  // Questionnaire titles are the designer's rich text: shown through core's allow-list, not as typed.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(tag);
  await expectInert(page, "answer page after render");

  // The admin console's lists, the edit form with the stored rich text, and the audit log.
  await openLoggedIn(page, request, ADMIN, "/dw/content/news");
  for (const screen of [
    "content/news",
    "content/labels",
    "content/help-categories",
    "content/help-articles",
    "content/banners",
    "content/menus",
    "content/friend-links",
    "settings",
    "vip",
    "survey",
    "leads",
  ]) {
    await page.goto(`/dw/${screen}`);
    await page.waitForLoadState("networkidle");
    await expectInert(page, `/dw/${screen}`);
  }
  await page.goto("/dw/content/news");
  await page.getByRole("row").filter({ hasText: tag }).getByRole("button", { name: "编辑" }).click();
  await expect(page.getByTestId("record-form").getByRole("textbox", { name: "正文" })).toContainText("正文");
  await expectInert(page, "news edit form");
  await page.getByTestId("record-form").getByRole("button", { name: "HTML" }).click();
  await expectInert(page, "news edit form, HTML view");
  await page.getByRole("dialog").getByRole("button", { name: "取消" }).click();
  await page.goto("/dw/audit");
  await page.waitForLoadState("networkidle");
  for (const expand of (await page.locator(".ant-table-row-expand-icon").all()).slice(0, 8))
    await expand.click();
  await expectInert(page, "/dw/audit expanded");
  expect(dialogs).toEqual([]);
});
