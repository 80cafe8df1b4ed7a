import { randomBytes } from "node:crypto";
import { type QuestionnaireKind, withFreshIds } from "@wjgj/core";
import { sql } from "kysely";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/index.ts";
import type { QuestionnaireRow } from "../../db/tables/questionnaires.ts";
import type { Viewer } from "../../http/viewer.ts";
import { createQuestionnaire } from "../questionnaires/drafts.ts";
import { readDefinition } from "../questionnaires/store.ts";
import { loadTemplate } from "./store.ts";

/**
 * 使用此模板: the template's definition becomes a new draft questionnaire of the viewer (its own id and
 * public link, no responses) and the template counts one use, in one transaction. The copy gets fresh page,
 * question and option ids (logic, piping and expressions follow), so no two questionnaires quoted from one
 * template share ids.
 */
export async function quoteTemplate(ctx: AppContext, viewer: Viewer, id: number): Promise<QuestionnaireRow> {
  return transaction(ctx.db, async (trx) => {
    const template = await loadTemplate(trx, viewer, id, "use");
    const row = await createQuestionnaire({ ...ctx, db: trx }, viewer, {
      kind: template.kind as QuestionnaireKind,
      title: template.title,
      categoryId: template.categoryId,
      definition: withFreshIds(readDefinition(template.definition), freshId),
    });
    await trx
      .updateTable("templates")
      .set({ useCount: sql<number>`use_count + 1` })
      .where("id", "=", id)
      .execute();
    return row;
  });
}

/** Random, in the id alphabet (a letter first): 10 base64url characters after the kind's prefix. */
function freshId(prefix: string): string {
  return `${prefix}${randomBytes(8)
    .toString("base64url")
    .replace(/[^A-Za-z0-9]/g, "x")
    .slice(0, 10)}`;
}
