import type { Trx } from "../../db/index.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import {
  presentAdminHelpArticle,
  presentAdminNews,
  presentHelpCategory,
  presentLabel,
} from "../../presenters/site-content.ts";
import type {
  HelpArticleSave,
  HelpCategorySave,
  LabelSave,
  NewsSave,
} from "../../routes/admin/content-schema.ts";
import { hasVisibleContent, htmlToText, sanitizeRichText } from "../../security/sanitize.ts";
import type { RecordKind } from "../admin/records.ts";

/** The editorial records: news and their labels, help categories and articles. */

function excerpt(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** Rich text as stored: sanitised, and refused when nothing visible is left. */
export function storedRichText(html: string): string {
  const clean = sanitizeRichText(html);
  if (!hasVisibleContent(clean)) throw InvalidInputError.field("content", "contentRequired");
  return clean;
}

export const labelKind: RecordKind<"labels", LabelSave, ReturnType<typeof presentLabel>> = {
  entity: "label",
  table: "labels",
  async toRow(trx, input, { now, before }) {
    const clash = await trx
      .selectFrom("labels")
      .select("id")
      .where("name", "=", input.name)
      .where("id", "!=", before?.id ?? 0)
      .executeTakeFirst();
    if (clash) throw new ConflictError("labelNameTaken");
    return { name: input.name, sort: input.sort, createdAt: before?.createdAt ?? now };
  },
  present: presentLabel,
};

export const newsKind: RecordKind<"news", NewsSave, ReturnType<typeof presentAdminNews>> = {
  entity: "news",
  table: "news",
  async toRow(trx, input, { now, adminId, before }) {
    if (input.labelId !== undefined) {
      const label = await trx
        .selectFrom("labels")
        .select("id")
        .where("id", "=", input.labelId)
        .executeTakeFirst();
      if (!label) throw InvalidInputError.field("labelId", "labelNotFound");
    }
    const content = storedRichText(input.content);
    // A draft published without a chosen time goes live now, not back when it was first drafted.
    const firstPublish = input.status === "published" && before?.status !== "published";
    return {
      title: input.title,
      // The list shows a summary; when none was written, the opening of the text stands in.
      summary: input.summary || excerpt(htmlToText(content), 120),
      cover: input.cover,
      content,
      labelId: input.labelId ?? null,
      status: input.status,
      publishAt: input.publishAt ?? (before && !firstPublish ? before.publishAt : now),
      views: before?.views ?? 0,
      createdBy: before?.createdBy ?? adminId,
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
  },
  present: presentAdminNews,
};

export const helpCategoryKind: RecordKind<
  "help_categories",
  HelpCategorySave,
  ReturnType<typeof presentHelpCategory>
> = {
  entity: "helpCategory",
  table: "help_categories",
  async toRow(_trx, input) {
    return { name: input.name, sort: input.sort };
  },
  present: presentHelpCategory,
  // Articles would go with their category (ON DELETE CASCADE) without an audit row each: refuse instead.
  async beforeDelete(trx: Trx, row) {
    const article = await trx
      .selectFrom("help_articles")
      .select("id")
      .where("categoryId", "=", row.id)
      .executeTakeFirst();
    if (article) throw new ConflictError("helpCategoryNotEmpty");
  },
};

export const helpArticleKind: RecordKind<
  "help_articles",
  HelpArticleSave,
  ReturnType<typeof presentAdminHelpArticle>
> = {
  entity: "helpArticle",
  table: "help_articles",
  async toRow(trx, input, { now, before }) {
    const category = await trx
      .selectFrom("help_categories")
      .select("id")
      .where("id", "=", input.categoryId)
      .executeTakeFirst();
    if (!category) throw InvalidInputError.field("categoryId", "helpCategoryNotFound");
    const content = storedRichText(input.content);
    return {
      categoryId: input.categoryId,
      title: input.title,
      content,
      plainText: htmlToText(content),
      status: input.status,
      sort: input.sort,
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
  },
  present: presentAdminHelpArticle,
};
