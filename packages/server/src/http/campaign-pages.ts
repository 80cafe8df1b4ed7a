import { messages } from "@wjgj/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loadCampaignPage } from "../commands/site/campaign-pages.ts";
import type { AppContext } from "../context.ts";
import { type AnswerPageSender, plain, SITE, siteOrigin } from "./page-html.ts";

const SLUG = /^[a-z0-9][a-z0-9-]{1,63}$/;

/**
 * /hd/{name} and /hd?name=…: the admin's topic pages, rendered on the server by the light answer bundle
 * (no console or site code to download on a page people reach from an advert), with a canonical address
 * under /hd/{name} so the two spellings count as one page.
 */
export function registerCampaignPages(app: FastifyInstance, ctx: AppContext, pages: AnswerPageSender): void {
  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    pages.send(
      request,
      reply,
      { page: "notFound", heading: "页面不存在", message: messages.hdNotFound },
      { title: `页面不存在 - ${SITE}`, description: messages.hdNotFound, status: 404 },
    );

  const show = async (request: FastifyRequest, reply: FastifyReply, name: unknown) => {
    if (typeof name !== "string" || !SLUG.test(name)) return missing(request, reply);
    const found = await loadCampaignPage(ctx.db, name);
    if (!found) return missing(request, reply);
    const { row, links } = found;
    return pages.send(
      request,
      reply,
      {
        page: "campaign",
        slug: row.slug,
        title: row.title,
        banner: row.banner,
        content: row.content,
        links,
        cta: row.ctaText && row.ctaUrl ? { text: row.ctaText, href: row.ctaUrl } : null,
      },
      {
        title: `${row.title} - ${SITE}`,
        description: row.summary || plain(row.content, 120),
        status: 200,
        canonical: `${siteOrigin(request, ctx.config)}/hd/${row.slug}`,
      },
    );
  };

  app.get<{ Querystring: { name?: string } }>("/hd", (request, reply) =>
    show(request, reply, request.query.name),
  );
  app.get<{ Params: { name: string } }>("/hd/:name", (request, reply) =>
    show(request, reply, request.params.name),
  );
}
