import type { Db, Trx } from "../../db/index.ts";
import type { CampaignPageRow } from "../../db/tables/campaign-pages.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import type { HdSave } from "../../routes/admin/content-schema.ts";
import type { RecordKind } from "../admin/records.ts";
import { storedRichText } from "./content-records.ts";

/** /hd topic pages: the admin's record kind (admin/hd/list|save|delete) and the public page's read. */

function idList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

export function presentAdminHd(row: CampaignPageRow) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    banner: row.banner,
    content: row.content,
    // The form edits them as one box each, comma separated.
    templateIds: idList(row.templateIds).join(","),
    questionnaireIds: idList(row.questionnaireIds).join(","),
    ctaText: row.ctaText,
    ctaUrl: row.ctaUrl,
    status: row.status,
    updatedAt: row.updatedAt,
  };
}

/** Only content a visitor may open can be linked: public approved templates, questionnaires not deleted. */
async function checkLinks(trx: Trx, input: HdSave): Promise<void> {
  if (input.templateIds.length > 0) {
    const found = await trx
      .selectFrom("templates")
      .select("id")
      .where("id", "in", input.templateIds.map(Number))
      .where("reviewState", "=", "approved")
      .where("visibility", "=", "public")
      .execute();
    if (found.length !== input.templateIds.length)
      throw InvalidInputError.field("templateIds", "hdTemplatesInvalid");
  }
  if (input.questionnaireIds.length > 0) {
    const found = await trx
      .selectFrom("questionnaires")
      .select("publicId")
      .where("publicId", "in", input.questionnaireIds)
      .where("deletedAt", "is", null)
      .where("publishedVersion", "is not", null)
      .execute();
    if (found.length !== input.questionnaireIds.length)
      throw InvalidInputError.field("questionnaireIds", "hdQuestionnairesInvalid");
  }
}

export const hdKind: RecordKind<"campaign_pages", HdSave, ReturnType<typeof presentAdminHd>> = {
  entity: "hd",
  table: "campaign_pages",
  async toRow(trx, input, { now, adminId, before }) {
    const clash = await trx
      .selectFrom("campaign_pages")
      .select("id")
      .where("slug", "=", input.slug)
      .where("id", "!=", before?.id ?? 0)
      .executeTakeFirst();
    if (clash) throw new ConflictError("hdSlugTaken");
    await checkLinks(trx, input);
    return {
      slug: input.slug,
      title: input.title,
      summary: input.summary,
      banner: input.banner,
      content: storedRichText(input.content),
      templateIds: JSON.stringify(input.templateIds.map(Number)),
      questionnaireIds: JSON.stringify(input.questionnaireIds),
      ctaText: input.ctaText,
      ctaUrl: input.ctaUrl,
      status: input.status,
      createdBy: before?.createdBy ?? adminId,
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
  },
  present: presentAdminHd,
};

export interface CampaignLink {
  kind: "template" | "questionnaire";
  title: string;
  href: string;
}

/** A published page by its slug with its links resolved (gone or hidden content is left out), or null. */
export async function loadCampaignPage(db: Db, slug: string) {
  const row = await db
    .selectFrom("campaign_pages")
    .selectAll()
    .where("slug", "=", slug)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!row) return null;
  const templateIds = idList(row.templateIds).map(Number);
  const publicIds = idList(row.questionnaireIds);
  const templates = templateIds.length
    ? await db
        .selectFrom("templates")
        .select(["id", "title"])
        .where("id", "in", templateIds)
        .where("reviewState", "=", "approved")
        .where("visibility", "=", "public")
        .execute()
    : [];
  const questionnaires = publicIds.length
    ? await db
        .selectFrom("questionnaires")
        .select(["publicId", "title"])
        .where("publicId", "in", publicIds)
        .where("deletedAt", "is", null)
        .where("takenDownAt", "is", null)
        .where("publishedVersion", "is not", null)
        .execute()
    : [];
  // In the order the admin typed them.
  const links: CampaignLink[] = [
    ...templateIds.flatMap((id) => {
      const t = templates.find((x) => x.id === id);
      return t ? [{ kind: "template" as const, title: t.title, href: `/website/free/${t.id}` }] : [];
    }),
    ...publicIds.flatMap((id) => {
      const q = questionnaires.find((x) => x.publicId === id);
      return q ? [{ kind: "questionnaire" as const, title: q.title, href: `/r/${q.publicId}` }] : [];
    }),
  ];
  return { row, links };
}

/** Published pages for the sitemap. */
export function publishedCampaignPages(db: Db) {
  return db
    .selectFrom("campaign_pages")
    .select(["slug", "updatedAt"])
    .where("status", "=", "published")
    .orderBy("id")
    .execute();
}
