import { addSeconds, type Clock, chinaDayStart, iso } from "../clock.ts";
import { writeSetting } from "../commands/site/settings-store.ts";
import { type Db, toCount, transaction } from "../db/index.ts";
import { htmlToText, sanitizeRichText } from "../security/sanitize.ts";
import { seedHelp } from "./help-content.ts";
import { seedNews } from "./news-content.ts";

/** The public site's menu (seed §2); 免费模板 and 互助答题 arrive with their features. */
const menu = [
  { name: "首页", path: "/website/home" },
  { name: "免费模板", path: "/website/free" },
  { name: "互助答题", path: "/website/mutual" },
  { name: "样本服务", path: "/website/service" },
  { name: "产品介绍", path: "/website/product/search" },
  { name: "版本价格", path: "/website/version" },
  { name: "资源中心", path: "/website/resource/news" },
  { name: "联系我们", path: "/website/companyProfile" },
];

const labels = ["产品动态", "使用技巧", "行业洞察", "客户案例"];

const banners = [
  {
    title: "专业的在线问卷平台",
    subtitle: "调查、考试、投票、表单，一个平台全部搞定",
    link: "/website/product/search",
  },
  {
    title: "在线考试，自动阅卷",
    subtitle: "随机组卷、限时作答、成绩一键导出",
    link: "/website/product/exam",
  },
  {
    title: "需要答题人群？试试样本服务",
    subtitle: "按地区、年龄、职业精准投放，快速回收有效答卷",
    link: "/website/service",
  },
];

/** Levels 1–3 (seed §3); -1 in a limit means unlimited. Prices in fen, per month and per year. */
const vipSets = [
  {
    level: 1,
    name: "黄金会员",
    badge: "超值",
    priceMonthFen: 1_500,
    priceYearFen: 9_900,
    limits: {
      // Paid levels never allow fewer questionnaires than the free one (1,000 by default).
      questionnaires: -1,
      responsesPerQuestionnaire: 5_000,
      uploadSpaceMb: 2_048,
      exportAttachments: true,
      removeBrand: false,
      customRedirect: true,
      teamMembers: 10,
      crossAnalysis: true,
      formOrderFeeBp: 80,
    },
    // Says only what the limits above grant: the pricing page lists the rest from the same table.
    description: "适合个人和小团队：更多答卷、更大的文件空间，附件打包导出与提交后自定义跳转。",
  },
  {
    level: 2,
    name: "铂金会员",
    badge: "推荐",
    priceMonthFen: 3_900,
    priceYearFen: 29_900,
    limits: {
      questionnaires: -1,
      responsesPerQuestionnaire: 20_000,
      uploadSpaceMb: 10_240,
      exportAttachments: true,
      removeBrand: true,
      customRedirect: true,
      teamMembers: 50,
      crossAnalysis: true,
      formOrderFeeBp: 60,
    },
    description: "适合部门与机构：每份问卷2万份答卷、50人团队协作，去除答题页品牌标识。",
  },
  {
    level: 3,
    name: "钻石会员",
    badge: "尊享",
    priceMonthFen: 8_900,
    priceYearFen: 69_900,
    limits: {
      questionnaires: -1,
      responsesPerQuestionnaire: -1,
      uploadSpaceMb: 51_200,
      exportAttachments: true,
      removeBrand: true,
      customRedirect: true,
      teamMembers: -1,
      crossAnalysis: true,
      formOrderFeeBp: 30,
    },
    description: "适合企业：不限答卷数量与团队人数，50GB文件空间，去除答题页品牌标识。",
  },
];

const friendLinks = [
  { name: "小桔问卷开源项目", url: "https://github.com/didi/xiaoju-survey", contact: "开源社区" },
  { name: "Ant Design", url: "https://ant.design", contact: "开源社区" },
];

const contact = {
  address: "北京市海淀区中关村大街 1 号（示例地址）",
  phone: "400-000-0000",
  email: "service@wjgj.example.com",
  workTime: "周一至周五 9:00-18:00",
};

async function isEmpty(db: Db): Promise<boolean> {
  const [menuRows, newsRows] = await Promise.all(
    (["nav_entries", "news"] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirst()
        .then(toCount),
    ),
  );
  return menuRows === 0 && newsRows === 0;
}

/**
 * Demo content for the public site, written once into an empty site (SEED_DEMO). Goes straight to the
 * tables — there is no admin action to audit — but through the same sanitiser as an admin's save.
 */
export async function seedSiteContent(db: Db, clock: Clock, authorId: number): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const now = clock.now();
  const at = iso(now);
  await transaction(db, async (trx) => {
    await trx
      .insertInto("nav_entries")
      .values(menu.map((entry, i) => ({ ...entry, sort: i + 1, visible: 1 })))
      .execute();
    const labelRows = await trx
      .insertInto("labels")
      .values(labels.map((name, i) => ({ name, sort: i + 1, createdAt: at })))
      .returning(["id", "name"])
      .execute();
    const labelId = new Map(labelRows.map((row) => [row.name, row.id]));
    for (const item of seedNews) {
      // Published mid-morning China time, `daysAgo` days back.
      const publishAt = iso(addSeconds(chinaDayStart(addSeconds(now, -item.daysAgo * 86_400)), 10 * 3600));
      await trx
        .insertInto("news")
        .values({
          title: item.title,
          summary: item.summary,
          cover: "",
          content: sanitizeRichText(item.content),
          labelId: labelId.get(item.label) ?? null,
          status: "published",
          publishAt,
          views: 0,
          createdBy: authorId,
          createdAt: publishAt,
          updatedAt: publishAt,
        })
        .execute();
    }
    for (const [i, category] of seedHelp.entries()) {
      const { id } = await trx
        .insertInto("help_categories")
        .values({ name: category.name, sort: i + 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("help_articles")
        .values(
          category.articles.map((article, j) => {
            const content = sanitizeRichText(article.content);
            return {
              categoryId: id,
              title: article.title,
              content,
              plainText: htmlToText(content),
              status: "published" as const,
              sort: j + 1,
              createdAt: at,
              updatedAt: at,
            };
          }),
        )
        .execute();
    }
    await trx
      .insertInto("banners")
      .values(
        banners.map((banner, i) => ({ ...banner, image: "", sort: i + 1, status: "published" as const })),
      )
      .execute();
    await trx
      .insertInto("vip_sets")
      .values(
        vipSets.map((set) => ({
          ...set,
          limits: JSON.stringify(set.limits),
          sort: set.level,
          status: "published" as const,
        })),
      )
      .execute();
    await trx
      .insertInto("friend_links")
      .values(
        friendLinks.map((link) => ({
          ...link,
          status: "approved" as const,
          ip: "seed",
          createdAt: at,
          reviewedAt: at,
        })),
      )
      .execute();
    await writeSetting(trx, "contact", contact, at);
  });
  return true;
}
