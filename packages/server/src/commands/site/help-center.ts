import { type Db, toCount } from "../../db/index.ts";
import type { Page, PageInput } from "../../db/paging.ts";
import { contains } from "../../db/search.ts";
import { NotFoundError } from "../../errors.ts";
import {
  presentHelpArticleHit,
  presentHelpCategoryTree,
  presentPublicHelpArticle,
} from "../../presenters/site-content.ts";

/** The 帮助中心 of the public site: published articles grouped by category, with search. */

export async function listHelpCategories(db: Db) {
  const [categories, articles] = await Promise.all([
    db.selectFrom("help_categories").selectAll().orderBy("sort").orderBy("id").execute(),
    db
      .selectFrom("help_articles")
      .select(["id", "categoryId", "title"])
      .where("status", "=", "published")
      .orderBy("sort")
      .orderBy("id")
      .execute(),
  ]);
  return categories.map((category) =>
    presentHelpCategoryTree(
      category,
      articles.filter((article) => article.categoryId === category.id),
    ),
  );
}

function excerptAround(text: string, keyword: string | undefined, length = 80): string {
  const at = keyword ? text.toLowerCase().indexOf(keyword.toLowerCase()) : -1;
  const start = Math.max(0, at - 20);
  const slice = text.slice(start, start + length);
  return `${start > 0 ? "…" : ""}${slice}${start + length < text.length ? "…" : ""}`;
}

export async function searchHelpArticles(
  db: Db,
  input: PageInput & { categoryId?: number | undefined; keyword?: string | undefined },
) {
  let query = db
    .selectFrom("help_articles")
    .innerJoin("help_categories", "help_categories.id", "help_articles.categoryId")
    .where("help_articles.status", "=", "published");
  if (input.categoryId !== undefined) query = query.where("help_articles.categoryId", "=", input.categoryId);
  const keyword = input.keyword;
  if (keyword) {
    query = query.where((eb) =>
      eb.or([contains("help_articles.title", keyword), contains("help_articles.plainText", keyword)]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .select([
        "help_articles.id",
        "help_articles.categoryId",
        "help_categories.name as categoryName",
        "help_articles.title",
        "help_articles.plainText",
      ])
      .orderBy("help_categories.sort")
      .orderBy("help_categories.id")
      .orderBy("help_articles.sort")
      .orderBy("help_articles.id")
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize)
      .execute(),
    query
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  const page: Page<ReturnType<typeof presentHelpArticleHit>> = {
    list: rows.map((row) =>
      presentHelpArticleHit(row, row.categoryName, excerptAround(row.plainText, keyword)),
    ),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
  return page;
}

export async function readHelpArticle(db: Db, id: number) {
  const row = await db
    .selectFrom("help_articles")
    .innerJoin("help_categories", "help_categories.id", "help_articles.categoryId")
    .select([
      "help_articles.id",
      "help_articles.categoryId",
      "help_categories.name as categoryName",
      "help_articles.title",
      "help_articles.content",
      "help_articles.updatedAt",
    ])
    .where("help_articles.id", "=", id)
    .where("help_articles.status", "=", "published")
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  return presentPublicHelpArticle(row, row.categoryName);
}
