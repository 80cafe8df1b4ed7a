import { createSession, resolveSession } from "../../commands/account/sessions.ts";
import { listProfessions, saveProfession } from "../../commands/templates/review.ts";
import { createTemplate } from "../../commands/templates/write.ts";
import type { AppContext } from "../../context.ts";
import { coverOf, definitionOf, type OfficialTemplate, type TemplateSource } from "./build.ts";
import { abilityExamTemplates } from "./exams-ability.ts";
import { certificationExamTemplates } from "./exams-certification.ts";
import { schoolExamTemplates } from "./exams-school.ts";
import { trainingExamTemplates } from "./exams-training.ts";
import { bookingFormTemplates } from "./forms-booking.ts";
import { eventFormTemplates } from "./forms-events.ts";
import { registrationFormTemplates } from "./forms-registration.ts";
import { funIndustryKnowledgeTemplates } from "./knowledge-fun-industry.ts";
import { safetyLawKnowledgeTemplates } from "./knowledge-safety-law.ts";
import { customerSatisfactionTemplates } from "./satisfaction-customers.ts";
import { productSatisfactionTemplates } from "./satisfaction-products.ts";
import { staffSatisfactionTemplates } from "./satisfaction-staff.ts";
import { feedbackSurveyTemplates } from "./surveys-feedback.ts";
import { marketSurveyTemplates } from "./surveys-market.ts";
import { researchSurveyTemplates } from "./surveys-research.ts";
import { staffSurveyTemplates } from "./surveys-staff.ts";
import { voteTemplates } from "./votes.ts";

/** The gallery's 行业 filter, in display order. */
export const officialProfessions = [
  "教育",
  "企业人事",
  "医疗健康",
  "政务",
  "零售电商",
  "餐饮酒店",
  "金融",
  "互联网",
  "制造业",
  "社区公益",
];

/** Each kind's templates, as the kind files list them by scene category. */
const byKind: readonly (readonly TemplateSource[])[] = [
  [...marketSurveyTemplates, ...feedbackSurveyTemplates, ...researchSurveyTemplates, ...staffSurveyTemplates],
  [...schoolExamTemplates, ...trainingExamTemplates, ...certificationExamTemplates, ...abilityExamTemplates],
  [...eventFormTemplates, ...registrationFormTemplates, ...bookingFormTemplates],
  voteTemplates,
  [...customerSatisfactionTemplates, ...staffSatisfactionTemplates, ...productSatisfactionTemplates],
  [...safetyLawKnowledgeTemplates, ...funIndustryKnowledgeTemplates],
];

/** The lists' first items, then their second items, and so on. */
function inTurn<T>(lists: readonly (readonly T[])[]): T[] {
  const longest = Math.max(...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) =>
    lists.flatMap((list) => (i < list.length ? [list[i] as T] : [])),
  ).flat();
}

/** A kind's templates with its scene categories taken in turn. */
function categoriesInTurn(templates: readonly TemplateSource[]): TemplateSource[] {
  const categories = new Map<string, TemplateSource[]>();
  for (const template of templates)
    categories.set(template.categoryId, [...(categories.get(template.categoryId) ?? []), template]);
  return inTurn([...categories.values()]);
}

/**
 * Seeded last to first, kinds and categories in turn: the gallery lists the newest first until templates are
 * used, so its first page shows every kind, each with a different scene and cover, rather than a dozen alike.
 */
const sources = inTurn(byKind.map(categoriesInTurn)).reverse();

/** Every official template, each with its scene category's cover. */
export const officialTemplates: readonly OfficialTemplate[] = sources.map((source) => ({
  ...source,
  cover: coverOf(source.categoryId),
}));

/**
 * Writes the professions and the official templates on an empty gallery, through the commands behind
 * admin/profession/save and template/addTemplate (official), as the first admin. Does nothing when the
 * gallery already has templates, so a restart never duplicates them.
 */
export async function seedOfficialTemplates(ctx: AppContext): Promise<number> {
  const existing = await ctx.db.selectFrom("templates").select("id").limit(1).executeTakeFirst();
  if (existing) return 0;
  const admin = await ctx.db
    .selectFrom("users")
    .selectAll()
    .where("role", "=", "admin")
    .orderBy("id")
    .executeTakeFirst();
  if (!admin) return 0;
  const { token } = await createSession(ctx.db, ctx.clock, 1, admin, {
    ip: "127.0.0.1",
    userAgent: "seed",
    fromType: 1,
  });
  const viewer = await resolveSession(ctx.db, ctx.clock, token);
  if (!viewer) return 0;
  try {
    const known = new Map((await listProfessions(ctx.db)).map((p) => [p.name, p.id]));
    for (const [index, name] of officialProfessions.entries()) {
      if (!known.has(name))
        known.set(name, (await saveProfession(ctx, admin.id, { name, sort: index + 1 })).id);
    }
    for (const template of officialTemplates) {
      await createTemplate(ctx, viewer, {
        official: true,
        kind: template.kind,
        categoryId: template.categoryId,
        professionId: known.get(template.profession) ?? null,
        title: template.title,
        description: template.description,
        tags: template.tags,
        cover: template.cover,
        definition: definitionOf(template),
      });
    }
    return officialTemplates.length;
  } finally {
    // The seed's own session is not left behind as a usable admin login.
    await ctx.db.deleteFrom("sessions").where("id", "=", viewer.session.id).execute();
  }
}
