import type { QuestionnaireKind } from "@wjgj/core";
import { sql } from "kysely";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/index.ts";
import type { QuestionnaireRow } from "../../db/tables/questionnaires.ts";
import type { Viewer } from "../../http/viewer.ts";
import { createQuestionnaire } from "../questionnaires/drafts.ts";
import { loadTemplate } from "./store.ts";

/**
 * 使用此模板: the template's definition becomes a new draft questionnaire of the viewer (its own id and
 * public link, no responses) and the template counts one use, in one transaction. Question, option and page
 * ids are local to a definition, so the copy keeps them and every logic reference stays valid as it is.
 */
export async function quoteTemplate(ctx: AppContext, viewer: Viewer, id: number): Promise<QuestionnaireRow> {
  return transaction(ctx.db, async (trx) => {
    const template = await loadTemplate(trx, viewer, id, "use");
    const row = await createQuestionnaire({ ...ctx, db: trx }, viewer, {
      kind: template.kind as QuestionnaireKind,
      title: template.title,
      categoryId: template.categoryId,
      definition: JSON.parse(template.definition),
    });
    await trx
      .updateTable("templates")
      .set({ useCount: sql<number>`use_count + 1` })
      .where("id", "=", id)
      .execute();
    return row;
  });
}
