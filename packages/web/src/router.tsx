import { type ComponentType, type ReactElement, Suspense } from "react";
import { createBrowserRouter, type RouteObject, redirect } from "react-router";
import { PageLoading } from "./components/page-loading.tsx";
import { RouteError } from "./components/route-error.tsx";
import { adminRoutes } from "./layouts/admin-layout/routes.tsx";
import { RootLayout } from "./layouts/root-layout.tsx";
import { StandaloneLayout } from "./layouts/standalone-layout.tsx";
import { WebsiteLayout } from "./layouts/website-layout/index.tsx";
// Pages load on demand (seed §9): each route pulls its own chunk the first time it is opened.
import { lazyPage as page } from "./lib/lazy-page.tsx";
import type { RouteHandle } from "./lib/route-handle.ts";

/**
 * Redirects of seed §2 run as loaders, before anything renders, so the guard judges the destination
 * (/website/home is open to all) rather than the bare "/".
 */
function redirectTo(target: string): RouteObject {
  return { index: true, loader: () => redirect(target) };
}

/**
 * The console's and the admin console's layouts load with the first page under them, so a visitor of the
 * public site does not download them and what only they import (about 73 kB gzip of the shell). For the
 * pages it answers with the app shell, the server preloads the layout's chunks (packages/server/src/http/
 * shell-preloads.ts), so a console page's first render does not wait for a second round trip.
 */
function lazyLayout<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactElement {
  return <Suspense fallback={<PageLoading />}>{page(load, pick)}</Suspense>;
}

/** The seven product pages share one page; it picks its content by the last segment of the path. */
function productPage(path: string, handle: RouteHandle): RouteObject {
  return {
    path,
    handle,
    element: page(
      () => import("./pages/website-product/index.tsx"),
      (m) => m.WebsiteProductPage,
    ),
  };
}

const websiteRoutes: RouteObject[] = [
  redirectTo("/website/home"),
  {
    path: "home",
    handle: {
      title: "首页",
      description:
        "问卷管家是专业的在线问卷、考试、投票与表单平台：30 多种题型与逻辑设置，手机电脑都能填写，答卷实时统计、一键导出，个人免费使用。",
    },
    element: page(
      () => import("./pages/website-home/index.tsx"),
      (m) => m.WebsiteHomePage,
    ),
  },
  {
    path: "free",
    handle: {
      title: "免费模板",
      description:
        "覆盖调研、考试、投票、报名等场景的免费模板，按行业与用途分类，一键引用到自己的项目中修改使用。",
    },
    element: page(
      () => import("./pages/website-free/index.tsx"),
      (m) => m.WebsiteFreePage,
    ),
  },
  {
    path: "free/:id",
    handle: { title: "模板详情", description: "免费模板的全部题目预览，一键使用到自己的问卷中。" },
    element: page(
      () => import("./pages/website-free-template/index.tsx"),
      (m) => m.WebsiteFreeTemplatePage,
    ),
  },
  {
    path: "mutual",
    handle: {
      title: "互助答题",
      description: "发布问卷互相填写，用积分换取答卷，帮助学生与研究者快速收集有效样本。",
    },
    element: page(
      () => import("./pages/website-mutual/index.tsx"),
      (m) => m.WebsiteMutualPage,
    ),
  },
  {
    path: "service",
    handle: {
      title: "样本服务",
      description:
        "问卷管家样本服务：按地区、年龄、职业等条件把问卷精准投放给真实用户，质量控制剔除无效答卷，1-3 个工作日完成回收，按有效答卷计费。",
    },
    element: page(
      () => import("./pages/website-service/index.tsx"),
      (m) => m.WebsiteServicePage,
    ),
  },
  {
    path: "version",
    handle: {
      title: "版本价格",
      description:
        "问卷管家版本价格：个人版免费使用，黄金、铂金、钻石会员的价格、答卷数量与功能权限逐项对比，在线开通。",
    },
    element: page(
      () => import("./pages/website-version/index.tsx"),
      (m) => m.WebsiteVersionPage,
    ),
  },
  {
    path: "companyProfile",
    handle: {
      title: "联系我们",
      description:
        "联系问卷管家：客服电话、电子邮箱、服务时间与公司地址；商务合作、私有化部署与使用问题可在线留言，一个工作日内回复。",
    },
    element: page(
      () => import("./pages/website-contact/index.tsx"),
      (m) => m.WebsiteContactPage,
    ),
  },
  {
    path: "product",
    children: [
      redirectTo("/website/product/search"),
      productPage("search", {
        title: "问卷调查",
        description:
          "问卷管家问卷调查：30 多种题型，跳题与显示逻辑、配额控制、选项随机，手机电脑都能填写，答卷实时统计，市场调研与学术研究一站完成。",
      }),
      productPage("exam", {
        title: "在线考试",
        description:
          "问卷管家在线考试：设置分值与标准答案，限时作答、题目乱序、防切屏，交卷自动判分，成绩单与逐题正确率自动生成。",
      }),
      productPage("collection", {
        title: "收集表单",
        description:
          "问卷管家收集表单：活动报名、信息登记、预约排期与资料收集，手机号等格式自动校验，附件上传与手写签名，数据实时汇总导出。",
      }),
      productPage("vote", {
        title: "投票评选",
        description:
          "问卷管家投票评选：图文候选项、单选与多选投票，票数实时排行，按设备或账号限制投票次数防刷票，到期自动停止。",
      }),
      productPage("survey", {
        title: "满意度调查",
        description:
          "问卷管家满意度调查：NPS、星级与量表题型，低分自动追问原因，平均分与净推荐值自动计算，客户与员工满意度一目了然。",
      }),
      productPage("knowledge", {
        title: "知识竞赛",
        description:
          "问卷管家知识竞赛：答题闯关、随机出题、限时作答，交卷即出分并展示解析，排行榜激发参与，适合普法、安全与企业文化活动。",
      }),
      productPage("private", {
        title: "私有化部署",
        description:
          "问卷管家私有化部署：部署在您自己的服务器上，支持 SQLite 与 PostgreSQL，问卷、答卷与附件数据完全自主可控。",
      }),
    ],
  },
  {
    path: "resource",
    children: [
      redirectTo("/website/resource/news"),
      {
        path: "news",
        handle: {
          title: "资讯",
          description:
            "问卷管家资讯：产品动态、使用技巧、行业洞察与客户案例，帮你把每一份问卷、每一场考试做得更好。",
        },
        element: page(
          () => import("./pages/website-news/index.tsx"),
          (m) => m.WebsiteNewsPage,
        ),
      },
      {
        path: "news/:id/info",
        handle: { title: "资讯详情", description: "资讯的正文、发布时间与相关推荐。" },
        element: page(
          () => import("./pages/website-news-detail/index.tsx"),
          (m) => m.WebsiteNewsDetailPage,
        ),
      },
      {
        path: "api",
        handle: {
          title: "开放接口文档",
          description:
            "问卷管家开放接口（Open API）：用 API 密钥创建和发布问卷、增量拉取答卷、获取统计与导出文件，附 OpenAPI 3.1 文档与调用示例。",
        },
        element: page(
          () => import("./pages/website-api-docs/index.tsx"),
          (m) => m.WebsiteApiDocsPage,
        ),
      },
      {
        path: "help",
        handle: {
          title: "帮助中心",
          description:
            "问卷管家帮助中心：账号登录、创建问卷、发布回收、数据分析与考试测评的使用指南和常见问题，支持关键词搜索。",
        },
        element: page(
          () => import("./pages/website-help/index.tsx"),
          (m) => m.WebsiteHelpPage,
        ),
      },
    ],
  },
];

const consoleRoutes: RouteObject[] = [
  {
    path: "dc/dclist",
    handle: { name: "DcList", title: "我的问卷" },
    element: page(
      () => import("./pages/dc-list/index.tsx"),
      (m) => m.DcListPage,
    ),
  },
  {
    path: "dc/creatDc",
    handle: { name: "creatDc", title: "创建问卷" },
    element: page(
      () => import("./pages/creat-dc/index.tsx"),
      (m) => m.CreatDcPage,
    ),
  },
  {
    path: "dc/result",
    handle: { name: "dcResult", title: "统计与分析" },
    element: page(
      () => import("./pages/dc-result/index.tsx"),
      (m) => m.DcResultPage,
    ),
  },
  {
    path: "dc/questionBank",
    handle: { name: "questionBank", title: "我的题库" },
    element: page(
      () => import("./pages/question-bank/index.tsx"),
      (m) => m.QuestionBankPage,
    ),
  },
  {
    path: "dc/rewards",
    handle: { name: "dcRewards", title: "奖励设置" },
    element: page(
      () => import("./pages/dc-rewards/index.tsx"),
      (m) => m.DcRewardsPage,
    ),
  },
  {
    path: "dc/samples",
    handle: { name: "dcSamples", title: "样本服务" },
    element: page(
      () => import("./pages/dc-samples/index.tsx"),
      (m) => m.DcSamplesPage,
    ),
  },
  {
    path: "dc/dcDesign",
    handle: { name: "dcDesign", title: "设计问卷" },
    element: page(
      () => import("./pages/dc-design/index.tsx"),
      (m) => m.DcDesignPage,
    ),
  },
  {
    path: "dc/createTemplate",
    handle: { name: "createTemplate", title: "创建模板" },
    element: page(
      () => import("./pages/create-template/index.tsx"),
      (m) => m.CreateTemplatePage,
    ),
  },
  {
    path: "dc/template",
    handle: { name: "template", title: "模板中心" },
    element: page(
      () => import("./pages/dc-template/index.tsx"),
      (m) => m.DcTemplatePage,
    ),
  },
  {
    path: "dc/personalCenter",
    handle: { name: "personalCenter", title: "个人中心" },
    element: page(
      () => import("./pages/personal-center/index.tsx"),
      (m) => m.PersonalCenterPage,
    ),
  },
  {
    path: "dc/personalCenter/personalDetail",
    handle: { name: "personalDetail", title: "消费明细" },
    element: page(
      () => import("./pages/personal-center/index.tsx"),
      (m) => m.PersonalCenterPage,
    ),
  },
  // The admin console: its layout and screens live in layouts/admin-layout.
  {
    path: "dw",
    handle: { name: "admin", title: "管理后台" },
    element: lazyLayout(
      () => import("./layouts/admin-layout/index.tsx"),
      (m) => m.AdminLayout,
    ),
    children: adminRoutes,
  },
];

const standaloneRoutes: RouteObject[] = [
  {
    path: "loginone",
    handle: { name: "Loginone", title: "登录" },
    element: page(
      () => import("./pages/login/index.tsx"),
      (m) => m.LoginPage,
    ),
  },
  {
    path: "Agreement",
    handle: { name: "Agreement", title: "用户协议与隐私政策" },
    element: page(
      () => import("./pages/agreement/index.tsx"),
      (m) => m.AgreementPage,
    ),
  },
  {
    path: "ConfirmPhone",
    handle: { name: "ConfirmPhone", title: "绑定手机号" },
    element: page(
      () => import("./pages/confirm-phone/index.tsx"),
      (m) => m.ConfirmPhonePage,
    ),
  },
  {
    // Not among the seed's open route names (§5): a visitor logs in first and is brought back here.
    path: "questionnaireDetails",
    handle: { name: "questionnaireDetails", title: "模板详情" },
    element: page(
      () => import("./pages/questionnaire-details/index.tsx"),
      (m) => m.QuestionnaireDetailsPage,
    ),
  },
  {
    path: "accept",
    handle: { name: "accept", title: "团队邀请", description: "查看并接受加入问卷项目团队的邀请。" },
    element: page(
      () => import("./pages/accept/index.tsx"),
      (m) => m.AcceptPage,
    ),
  },
  {
    // 刷题 (the seed's doing-exercises screen, route not given): open like /r/{id}, no top bar.
    path: "practice/:id",
    handle: { name: "practice", noAuth: true, title: "刷题练习" },
    element: page(
      () => import("./pages/practice/index.tsx"),
      (m) => m.PracticePage,
    ),
  },
  {
    // 数据报告 shared by its creator (issue #35): open like /r/{id}, no top bar.
    path: "report/:token",
    handle: { name: "report", noAuth: true, title: "数据报告" },
    element: page(
      () => import("./pages/data-report/index.tsx"),
      (m) => m.DataReportPage,
    ),
  },
  {
    // 扫码签到 of 预约 (issue #41): a phone at the door, so no top bar; the creator logs in first.
    path: "bookingCheckIn",
    handle: { name: "bookingCheckIn", title: "预约签到" },
    element: page(
      () => import("./pages/dc-booking/check-in-page.tsx"),
      (m) => m.BookingCheckInPage,
    ),
  },
  {
    // A respondent's own response (issue #36): the link on the thank-you screen; no top bar, no login.
    path: "receipt/:token",
    handle: { name: "receipt", noAuth: true, title: "我的答卷" },
    element: page(
      () => import("./pages/receipt/index.tsx"),
      (m) => m.ReceiptPage,
    ),
  },
  {
    // 查分 (issue #40): a candidate's answer sheet with the key, signed in as for the exam; no top bar, no login.
    path: "examScore/:publicId",
    handle: { name: "examScore", noAuth: true, title: "查询成绩" },
    element: page(
      () => import("./pages/exam-score/index.tsx"),
      (m) => m.ExamScorePage,
    ),
  },
  {
    // Finding one's responses to a questionnaire by a code sent to the phone answered with.
    path: "mine/:publicId",
    handle: { name: "myResponses", noAuth: true, title: "查询我的答卷" },
    element: page(
      () => import("./pages/my-responses/index.tsx"),
      (m) => m.MyResponsesPage,
    ),
  },
  // /questionnaireSurvey, /trailerPage and /hd are rendered on the server by the light answer bundle (see
  // packages/server/src/http/notice-pages.ts and campaign-pages.ts): a visit never reaches this router.
  {
    path: "*",
    handle: { title: "页面不存在" },
    element: page(
      () => import("./pages/not-found/index.tsx"),
      (m) => m.NotFoundPage,
    ),
  },
];

// /r/{id} and /y/{id}/{type} are answered by the server (packages/server/src/http/answer-pages.ts), which
// renders the respondent page (src/answer) before the SPA fallback; they never reach this router.

/**
 * Every route that renders gets the Chinese error screen (RouteError) in place of React Router's English one for
 * developers. The nearest one to a failure shows, so a page's failure keeps the layouts around it.
 */
function withRouteErrors(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const children = route.children ? withRouteErrors(route.children) : undefined;
    const errorElement = route.element && !route.errorElement ? { errorElement: <RouteError /> } : {};
    return { ...route, ...errorElement, ...(children ? { children } : {}) } as RouteObject;
  });
}

export const routes: RouteObject[] = withRouteErrors([
  {
    path: "/",
    element: <RootLayout />,
    children: [
      redirectTo("/website/home"),
      { path: "website", element: <WebsiteLayout />, children: websiteRoutes },
      {
        element: lazyLayout(
          () => import("./layouts/console-layout/index.tsx"),
          (m) => m.ConsoleLayout,
        ),
        children: consoleRoutes,
      },
      { element: <StandaloneLayout />, children: standaloneRoutes },
    ],
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
