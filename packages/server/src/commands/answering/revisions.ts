import { definitionSchema, paperPoints, type SurveyDefinition, withoutExplanations } from "@wjgj/core";
import type { Db, Trx } from "../../db/index.ts";
import { withoutAnswerKey } from "../questionnaires/store.ts";

/**
 * Published revisions never change, and a (questionnaire, version) pair names one revision for good, so
 * parsed definitions are cached by that pair: the submit path reads and parses a definition once per
 * process, not once per response.
 */
type Published = { id: number; definition: SurveyDefinition };
const caches = new WeakMap<Db | Trx, Map<string, Published>>();
const CACHE_LIMIT = 500;

/** One cache per database handle: ids are only unique within a database. */
function cacheOf(db: Db | Trx): Map<string, Published> {
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
): Promise<Published | null> {
  const cache = cacheOf(db);
  const key = `${questionnaireId}:${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const row = await db
    .selectFrom("questionnaire_revisions")
    .select(["id", "definition"])
    .where("questionnaireId", "=", questionnaireId)
    .where("version", "=", version)
    .executeTakeFirst();
  if (!row) return null;
  const published = { id: row.id, definition: definitionSchema.parse(JSON.parse(row.definition)) };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, published);
  return published;
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

/** 显示每题分值: `points` for the page when the exam shows them (left out otherwise, as before). */
export function withPoints(definition: SurveyDefinition): { points?: Record<string, number> } {
  const points = paperPoints(definition);
  return Object.keys(points).length > 0 ? { points } : {};
}
