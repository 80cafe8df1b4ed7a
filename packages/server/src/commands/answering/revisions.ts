import { definitionSchema, type SurveyDefinition, withoutExplanations } from "@wjgj/core";
import type { Db, Trx } from "../../db/index.ts";
import { withoutAnswerKey } from "../questionnaires/store.ts";

/**
 * Published revisions never change, so their parsed definitions are cached by id: the submit path
 * parses a definition once per process, not once per response.
 */
const caches = new WeakMap<Db | Trx, Map<number, SurveyDefinition>>();
const CACHE_LIMIT = 500;

/** One cache per database handle: revision ids are only unique within a database. */
function cacheOf(db: Db | Trx): Map<number, SurveyDefinition> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

export async function publishedRevision(
  db: Db | Trx,
  questionnaireId: number,
  version: number,
): Promise<{ id: number; definition: SurveyDefinition } | null> {
  const row = await db
    .selectFrom("questionnaire_revisions")
    .select(["id", "definition"])
    .where("questionnaireId", "=", questionnaireId)
    .where("version", "=", version)
    .executeTakeFirst();
  if (!row) return null;
  const cache = cacheOf(db);
  let definition = cache.get(row.id);
  if (!definition) {
    definition = definitionSchema.parse(JSON.parse(row.definition));
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as number);
    cache.set(row.id, definition);
  }
  return { id: row.id, definition };
}

/**
 * What respondents may see of a definition: for exams and contests the correct answers, option scores
 * and scoring rules stay on the server, which scores the submission itself. 答案解析 never goes out with
 * the questions, whatever the kind: it travels in the submit reply, when the creator allows it.
 */
export function respondentDefinition(definition: SurveyDefinition): SurveyDefinition {
  const shown = withoutExplanations(definition);
  return definition.kind === "exam" || definition.kind === "knowledge" ? withoutAnswerKey(shown) : shown;
}
