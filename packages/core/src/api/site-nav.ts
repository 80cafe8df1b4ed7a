/**
 * The public site's menu (seed §1, §2): the single list that the desktop menu, phone menu and footer use,
 * and that the server's sitemap.xml lists.
 */

export interface SiteLink {
  to: string;
  label: string;
  /** One line for menus and cards that have room for it. */
  description?: string;
  /** A page that only announces a feature still to come: in the menu, but not offered to search engines. */
  comingSoon?: boolean;
}

export interface SiteNavItem extends SiteLink {
  children?: readonly SiteLink[];
}

export const PRODUCT_LINKS: readonly SiteLink[] = [
  {
    to: "/website/product/search",
    label: "问卷调查",
    description: "市场调研、用户反馈、学术研究，题型丰富，逻辑灵活",
  },
  {
    to: "/website/product/exam",
    label: "在线考试",
    description: "题库组卷、自动阅卷、成绩分析，防作弊设置齐全",
  },
  {
    to: "/website/product/collection",
    label: "收集表单",
    description: "报名、登记、预约、信息收集，数据自动汇总",
  },
  { to: "/website/product/vote", label: "投票评选", description: "图文投票、评选活动，实时排行，防刷票" },
  {
    to: "/website/product/survey",
    label: "满意度调查",
    description: "客户与员工满意度、NPS 测评，指标一目了然",
  },
  {
    to: "/website/product/knowledge",
    label: "知识竞赛",
    description: "答题闯关、排行榜、抽奖激励，活动传播更轻松",
  },
  {
    to: "/website/product/private",
    label: "私有化部署",
    description: "部署在您自己的服务器，数据完全自主可控",
  },
];

export const RESOURCE_LINKS: readonly SiteLink[] = [
  { to: "/website/resource/news", label: "资讯", description: "行业动态与调研方法" },
  { to: "/website/resource/help", label: "帮助中心", description: "使用指南与常见问题" },
];

export const SITE_NAV: readonly SiteNavItem[] = [
  { to: "/website/home", label: "首页" },
  { to: "/website/free", label: "免费模板" },
  { to: "/website/mutual", label: "互助答题" },
  { to: "/website/service", label: "样本服务" },
  { to: "/website/product", label: "产品介绍", children: PRODUCT_LINKS },
  { to: "/website/version", label: "版本价格" },
  { to: "/website/resource", label: "资源", children: RESOURCE_LINKS },
  { to: "/website/companyProfile", label: "联系我们" },
];

/** The top-level entry a path belongs to; `/website` itself is the home page. */
export function activeSiteNav(pathname: string): string {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  const match = SITE_NAV.find((item) => {
    const prefix = item.to.toLowerCase();
    return path === prefix || path.startsWith(`${prefix}/`);
  });
  return match?.to ?? "/website/home";
}
