import type { FastifyInstance } from "fastify";
import {
  listApprovedFriendLinks,
  listBanners,
  listLabels,
  listMenuEntries,
  listPublicNews,
  readPublicNews,
} from "../../commands/site/content.ts";
import { listHelpCategories, readHelpArticle, searchHelpArticles } from "../../commands/site/help-center.ts";
import { submitFriendLink, submitLead } from "../../commands/site/requests.ts";
import { readContactInfo, readLogo } from "../../commands/site/settings.ts";
import { readFooterInfo } from "../../commands/site/settings-store.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import {
  emptyInput,
  friendLinkInput,
  helpArticleListInput,
  idInput,
  leadInput,
  newsListInput,
} from "./schema.ts";

/** Public site data: `/wjgj/api/navigation/*` (seed §7), open to anyone. */
export function navigationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const read = <R>(path: string, handler: () => Promise<R>) =>
    defineRoute(app, ctx, { method: "GET", path, access: "public", input: emptyInput, handler });

  read("navigation/getFooterInfo", () => readFooterInfo(ctx.db));
  read("navigation/getLogo", () => readLogo(ctx.db));
  read("navigation/getContactInfo", () => readContactInfo(ctx.db));
  read("navigation/getNavigationOneList", () => listMenuEntries(ctx.db));
  read("navigation/getLableList", () => listLabels(ctx.db));
  read("navigation/getBannerList", () => listBanners(ctx.db));
  read("navigation/getFriendLinkList", () => listApprovedFriendLinks(ctx.db));
  read("navigation/getHelpCategoryList", () => listHelpCategories(ctx.db));

  defineRoute(app, ctx, {
    method: "GET",
    path: "navigation/getNavigationNewsList",
    access: "public",
    input: newsListInput,
    handler: ({ input }) => listPublicNews(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "navigation/getNavigationNewsDetail",
    access: "public",
    input: idInput,
    handler: ({ input }) => readPublicNews(ctx, input.id),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "navigation/getHelpArticleList",
    access: "public",
    input: helpArticleListInput,
    handler: ({ input }) => searchHelpArticles(ctx.db, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "navigation/getHelpArticleDetail",
    access: "public",
    input: idInput,
    handler: ({ input }) => readHelpArticle(ctx.db, input.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "navigation/addNavigationLink",
    access: "public",
    input: friendLinkInput,
    successMessage: "friendLinkSubmitted",
    handler: ({ input, ip }) => submitFriendLink(ctx, input, ip),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "navigation/addLead",
    access: "public",
    input: leadInput,
    successMessage: "leadSubmitted",
    handler: ({ input, ip }) => submitLead(ctx, input, ip),
  });
}
