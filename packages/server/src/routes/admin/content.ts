import type { FastifyInstance } from "fastify";
import { hdKind } from "../../commands/site/campaign-pages.ts";
import {
  helpArticleKind,
  helpCategoryKind,
  labelKind,
  newsKind,
} from "../../commands/site/content-records.ts";
import { bannerKind, menuKind, vipSetKind } from "../../commands/site/records.ts";
import type { AppContext } from "../../context.ts";
import { pageOrdered } from "../../db/paging.ts";
import { contains } from "../../db/search.ts";
import {
  bannerSaveInput,
  hdListInput,
  hdSaveInput,
  helpArticleListInput,
  helpArticleSaveInput,
  helpCategorySaveInput,
  labelSaveInput,
  menuSaveInput,
  newsListInput,
  newsSaveInput,
  pageInput,
  vipSetSaveInput,
} from "./content-schema.ts";
import { defineAdminCrud } from "./crud.ts";

/** `admin/<entity>/list|save|delete` for every kind of site content (see crud.ts). */
export function adminContentRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineAdminCrud(app, ctx, {
    kind: hdKind,
    access: "admin:content",
    listInput: hdListInput,
    list(db, input) {
      let query = db.selectFrom("campaign_pages");
      if (input.status) query = query.where("status", "=", input.status);
      if (input.keyword) query = query.where(contains("title", input.keyword));
      return pageOrdered(
        query,
        input,
        [
          ["updatedAt", "desc"],
          ["id", "desc"],
        ],
        hdKind.present,
      );
    },
    saveInput: hdSaveInput,
  });

  defineAdminCrud(app, ctx, {
    kind: newsKind,
    access: "admin:content",
    listInput: newsListInput,
    list(db, input) {
      let query = db.selectFrom("news");
      if (input.labelId) query = query.where("labelId", "=", input.labelId);
      if (input.status) query = query.where("status", "=", input.status);
      if (input.keyword) query = query.where(contains("title", input.keyword));
      return pageOrdered(
        query,
        input,
        [
          ["publishAt", "desc"],
          ["id", "desc"],
        ],
        newsKind.present,
      );
    },
    saveInput: newsSaveInput,
  });

  defineAdminCrud(app, ctx, {
    kind: labelKind,
    access: "admin:content",
    listInput: pageInput,
    list: (db, input) => pageOrdered(db.selectFrom("labels"), input, bySort, labelKind.present),
    saveInput: labelSaveInput,
  });

  defineAdminCrud(app, ctx, {
    kind: helpCategoryKind,
    access: "admin:content",
    listInput: pageInput,
    list: (db, input) =>
      pageOrdered(db.selectFrom("help_categories"), input, bySort, helpCategoryKind.present),
    saveInput: helpCategorySaveInput,
  });

  defineAdminCrud(app, ctx, {
    kind: helpArticleKind,
    access: "admin:content",
    listInput: helpArticleListInput,
    list(db, input) {
      let query = db.selectFrom("help_articles");
      if (input.categoryId) query = query.where("categoryId", "=", input.categoryId);
      if (input.status) query = query.where("status", "=", input.status);
      if (input.keyword) query = query.where(contains("title", input.keyword));
      return pageOrdered(query, input, [["categoryId", "asc"], ...bySort], helpArticleKind.present);
    },
    saveInput: helpArticleSaveInput,
  });

  defineAdminCrud(app, ctx, {
    kind: bannerKind,
    access: "admin:content",
    listInput: pageInput,
    list: (db, input) => pageOrdered(db.selectFrom("banners"), input, bySort, bannerKind.present),
    saveInput: bannerSaveInput,
  });

  defineAdminCrud(app, ctx, {
    kind: menuKind,
    access: "admin:content",
    listInput: pageInput,
    list: (db, input) => pageOrdered(db.selectFrom("nav_entries"), input, bySort, menuKind.present),
    saveInput: menuSaveInput,
  });

  defineAdminCrud(app, ctx, {
    kind: vipSetKind,
    access: "admin:vip",
    listInput: pageInput,
    list: (db, input) =>
      pageOrdered(
        db.selectFrom("vip_sets"),
        input,
        [
          ["sort", "asc"],
          ["level", "asc"],
        ],
        vipSetKind.present,
      ),
    saveInput: vipSetSaveInput,
  });
}

/** Lists an admin arranges by hand: by their sort value, then in the order they were made. */
const bySort = [
  ["sort", "asc"],
  ["id", "asc"],
] as const;
