import type { Generated, Selectable } from "kysely";
import type { PublishStatus } from "./site-content.ts";

export const campaignPagesTable = "campaign_pages";

/** A topic page at /hd/{slug}. Linked content is kept as ids and resolved when the page is shown. */
export interface CampaignPagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  banner: string;
  /** Sanitised rich text. */
  content: string;
  /** JSON array of template ids. */
  templateIds: string;
  /** JSON array of questionnaire public ids. */
  questionnaireIds: string;
  ctaText: string;
  ctaUrl: string;
  status: PublishStatus;
  createdBy: number;
  createdAt: string;
  updatedAt: string;
}

export type CampaignPageRow = Selectable<CampaignPagesTable>;
