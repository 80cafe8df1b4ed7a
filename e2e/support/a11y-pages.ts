import { expect, type Locator, type Page } from "@playwright/test";
import { adminScreens } from "./admin.ts";
import { card } from "./answer-page.ts";

/**
 * THE list of screens the accessibility sweep (tests/a11y.spec.ts) checks with axe at phone and desktop
 * widths. A new screen joins the sweep by adding one entry here.
 */

/** What the sweep creates once before visiting the pages (see a11y.spec.ts). */
export interface A11yFixtures {
  /** A published survey with responses (results tabs, designer) and a required single choice (q1). */
  survey: { id: number; publicId: string };
  /** A published exam with a response (the 考试成绩 tab). */
  exam: { id: number };
  /** A published vote with a response (the 投票结果 tab). */
  vote: { id: number };
  /** A published questionnaire holding every question type, with the progress bar on. */
  everyType: { publicId: string };
  /** A questionnaire its creator has paused. */
  paused: { publicId: string };
  /** A published questionnaire whose end time has passed. */
  ended: { publicId: string };
  /** A questionnaire whose start time is years away (/trailerPage with 提醒我). */
  upcoming: { publicId: string };
  /** A questionnaire whose settings turn the cover page on (/questionnaireSurvey). */
  covered: { publicId: string };
  /** A published exam open for practice (/practice/{id}): 火警电话是 with 119 correct. */
  practice: { publicId: string };
  /** The newest news item on the site. */
  newsId: number;
  /** The gallery's first public template. */
  templateId: number;
}

export interface A11yPage {
  label: string;
  path: (f: A11yFixtures) => string;
  /** Who is logged in; nobody when absent. `partner` is an other-platform account without a phone. */
  as?: "user" | "admin" | "partner";
  /** The element whose presence means the screen has rendered its content. */
  ready: (page: Page) => Locator;
  /** Brings the screen into the state to check, once it is ready (a failed submit, a thank-you). */
  reach?: (page: Page) => Promise<void>;
}

const testId = (id: string) => (page: Page) => page.getByTestId(id);

/** The lead form's submit button is disabled until the page has hydrated; axe must see it ready. */
const leadFormReady = async (page: Page) => {
  await expect(page.locator('form button[type="submit"]')).toBeEnabled();
};

const resultTab = (key: string, label: string, of: "survey" | "exam" | "vote" = "survey"): A11yPage => ({
  label: `统计与分析 · ${label}`,
  path: (f) => `/dc/result?id=${f[of].id}&tab=${key}`,
  as: "user",
  ready: (page) => page.getByRole("tab", { name: label, exact: true, selected: true }),
  reach: async (page) => {
    await expect(page.getByTestId("result-loading")).toHaveCount(0);
    await expect(page.locator(".ant-tabs-tabpane-active .ant-spin-spinning")).toHaveCount(0);
  },
});

export const a11yPages: A11yPage[] = [
  // The public site.
  { label: "官网首页", path: () => "/website/home", ready: testId("website-home") },
  { label: "产品页（在线考试）", path: () => "/website/product/exam", ready: testId("product-page") },
  { label: "样本服务", path: () => "/website/service", ready: testId("service-page"), reach: leadFormReady },
  { label: "版本价格", path: () => "/website/version", ready: testId("pricing-page") },
  {
    label: "联系我们",
    path: () => "/website/companyProfile",
    ready: testId("contact-page"),
    reach: leadFormReady,
  },
  { label: "资讯列表", path: () => "/website/resource/news", ready: testId("news-page") },
  {
    label: "资讯详情",
    path: (f) => `/website/resource/news/${f.newsId}/info`,
    ready: testId("news-content"),
  },
  { label: "帮助中心", path: () => "/website/resource/help", ready: testId("help-page") },
  { label: "免费模板", path: () => "/website/free", ready: (page) => page.getByTestId("free-card").first() },
  {
    label: "互助答题",
    path: () => "/website/mutual",
    as: "user",
    ready: (page) => page.getByTestId("my-points"),
  },
  {
    label: "免费模板 · 按类型",
    path: () => "/website/free?kind=exam",
    ready: (page) => page.getByTestId("free-card").first(),
  },
  {
    label: "免费模板 · 模板页",
    path: (f) => `/website/free/${f.templateId}`,
    ready: testId("free-template"),
  },
  // Account screens.
  { label: "登录", path: () => "/Loginone", ready: testId("login-page") },
  {
    label: "忘记密码",
    path: () => "/Loginone",
    ready: testId("login-page"),
    reach: async (page) => {
      await page.getByRole("tab", { name: "密码登录" }).click();
      await page.getByTestId("forgot-password-link").click();
      await expect(page.getByTestId("forgot-password-form")).toBeVisible();
    },
  },
  { label: "用户协议", path: () => "/Agreement", ready: testId("agreement-contact") },
  { label: "绑定手机号", path: () => "/ConfirmPhone", as: "partner", ready: testId("confirm-phone-form") },
  // The creator's console.
  { label: "我的问卷", path: () => "/dc/dclist", as: "user", ready: testId("dclist-page") },
  { label: "共享给我的", path: () => "/dc/dclist?tab=shared", as: "user", ready: testId("dclist-page") },
  { label: "团队邀请（链接无效）", path: () => "/accept?code=nosuchinvite000", ready: testId("accept-page") },
  { label: "创建问卷", path: () => "/dc/creatDc", as: "user", ready: testId("creat-dc-page") },
  {
    label: "问卷设计器",
    path: (f) => `/dc/dcDesign?id=${f.survey.id}`,
    as: "user",
    ready: (page) => page.getByTestId("designer").getByText("您的年级").first(),
  },
  resultTab("overview", "概览"),
  resultTab("stats", "分题统计"),
  resultTab("cross", "交叉分析"),
  resultTab("analysis", "统计分析"),
  resultTab("answers", "答卷详情"),
  resultTab("export", "导出"),
  resultTab("exam", "考试成绩", "exam"),
  resultTab("vote", "投票结果", "vote"),
  resultTab("winners", "中奖名单"),
  {
    label: "奖励设置",
    path: (f) => `/dc/rewards?id=${f.survey.id}`,
    as: "user",
    ready: testId("rewards-page"),
    reach: async (page) => {
      await expect(page.locator(".ant-card-loading, .ant-spin-spinning")).toHaveCount(0);
    },
  },
  {
    label: "样本订购",
    path: (f) => `/dc/samples?id=${f.survey.id}`,
    as: "user",
    ready: testId("sample-price"),
    reach: async (page) => {
      await expect(page.locator(".ant-card-loading, .ant-spin-spinning")).toHaveCount(0);
    },
  },
  {
    label: "模板中心",
    path: () => "/dc/template",
    as: "user",
    ready: (page) => page.locator(".wj-template-card").first(),
  },
  {
    label: "新建模板",
    path: () => "/dc/createTemplate",
    as: "user",
    ready: (page) => page.locator(".ct-new"),
  },
  {
    // An admin edits the site's official templates (id 1 is one, see below) in the template designer.
    label: "模板设计器",
    path: () => "/dc/createTemplate?id=1",
    as: "admin",
    ready: (page) => page.getByTestId("question-card").first(),
  },
  {
    // Official templates are seeded first on the sweep's empty database: id 1 is one of them.
    label: "模板预览",
    path: () => "/questionnaireDetails?id=1",
    as: "user",
    ready: (page) => page.locator(".wa-readonly .wa-card").first(),
  },
  { label: "个人中心", path: () => "/dc/personalCenter", as: "user", ready: testId("personal-center-page") },
  { label: "我的钱包", path: () => "/dc/personalCenter?type=2", as: "user", ready: testId("wallet-page") },
  {
    label: "我的题库",
    path: () => "/dc/questionBank",
    as: "user",
    ready: (page) => page.getByRole("heading", { name: "我的题库", level: 1 }),
  },
  {
    label: "消费明细",
    path: () => "/dc/personalCenter/personalDetail?type=3",
    as: "user",
    ready: testId("consumption-page"),
  },
  // The admin console.
  ...adminScreens.map(
    (screen): A11yPage => ({
      label: `管理后台 · ${screen.menu}`,
      path: () => `/dw/${screen.path}`,
      as: "admin",
      ready: testId(screen.testId),
      reach: async (page) => {
        await expect(page.locator(".ant-table-wrapper .ant-spin-spinning")).toHaveCount(0);
      },
    }),
  ),
  // The respondent page.
  {
    label: "答题页（全部题型）",
    path: (f) => `/r/${f.everyType.publicId}`,
    ready: (page) => card(page, "name"),
  },
  {
    label: "答题页（提交失败）",
    path: (f) => `/r/${f.survey.publicId}`,
    ready: (page) => card(page, "q1"),
    reach: async (page) => {
      await page.getByRole("button", { name: "提交" }).click();
      await expect(card(page, "q1").getByText("此题为必答题")).toBeVisible();
    },
  },
  {
    label: "答题页（提交成功）",
    path: (f) => `/r/${f.survey.publicId}`,
    ready: (page) => card(page, "q1"),
    reach: async (page) => {
      await card(page, "q1").getByText("大一", { exact: true }).click();
      await page.getByRole("button", { name: "提交" }).click();
      await expect(page.getByTestId("thank-you")).toBeVisible();
    },
  },
  // /r/{id} of a paused questionnaire lands on the notice page.
  {
    label: "提醒页（已暂停）",
    path: (f) => `/r/${f.paused.publicId}`,
    ready: (page) => page.getByRole("heading", { name: "问卷已暂停" }),
  },
  {
    label: "提醒页（已结束）",
    path: (f) => `/r/${f.ended.publicId}`,
    ready: (page) => page.getByRole("heading", { name: "问卷已结束" }),
  },
  {
    label: "提醒页（未开始，提醒我）",
    path: (f) => `/trailerPage?id=${f.upcoming.publicId}`,
    ready: testId("countdown"),
  },
  {
    label: "活动专题（不存在）",
    path: () => "/hd/no-such-topic",
    ready: (page) => page.getByRole("heading", { name: "页面不存在" }),
  },
  {
    label: "封面页",
    path: (f) => `/questionnaireSurvey?id=${f.covered.publicId}`,
    ready: testId("cover-page"),
  },
  // 刷题 (/practice/{id}): the start screen, then a wrong answer with its feedback and the answer key.
  {
    label: "刷题练习",
    path: (f) => `/practice/${f.practice.publicId}`,
    ready: (page) => page.getByRole("button", { name: /顺序练习/ }),
  },
  {
    label: "刷题练习（答错反馈）",
    path: (f) => `/practice/${f.practice.publicId}`,
    ready: (page) => page.getByRole("button", { name: /顺序练习/ }),
    reach: async (page) => {
      await page.getByRole("button", { name: /顺序练习/ }).click();
      await page.getByRole("radio", { name: "B. 110" }).check();
      await page.getByRole("button", { name: "提交答案" }).click();
      await expect(page.getByText("回答错误")).toBeVisible();
    },
  },
];
