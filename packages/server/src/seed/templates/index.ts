import { createSession, resolveSession } from "../../commands/account/sessions.ts";
import { listProfessions, saveProfession } from "../../commands/templates/review.ts";
import { createTemplate } from "../../commands/templates/write.ts";
import type { AppContext } from "../../context.ts";
import { definitionOf, type OfficialTemplate } from "./build.ts";
import { examTemplates } from "./exams.ts";
import { formTemplates } from "./forms.ts";
import { knowledgeTemplates } from "./knowledge.ts";
import { satisfactionTemplates } from "./satisfaction.ts";
import { surveyTemplates } from "./surveys.ts";
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

export const officialTemplates: readonly OfficialTemplate[] = [
  ...surveyTemplates,
  ...examTemplates,
  ...formTemplates,
  ...voteTemplates,
  ...satisfactionTemplates,
  ...knowledgeTemplates,
];

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
