import type { Db } from "../../db/index.ts";

/**
 * 序号 of some responses of one questionnaire: each one's place among every response the questionnaire has
 * received, by id (the order they were stored), whatever their status. A response keeps its number when
 * others are marked invalid, deleted or restored (responses leave the table only with their questionnaire).
 *
 * Two reads on `responses_questionnaire_id_idx` (questionnaire_id, id), neither touching a row: how many came
 * before the lowest id asked for, and the ids from the lowest to the highest asked for. A page of the newest
 * responses spans a few ids; a page sorted by 用时 may span the questionnaire.
 */
export async function responseSerials(
  db: Db,
  questionnaireId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const serials = new Map<number, number>();
  if (ids.length === 0) return serials;
  const low = Math.min(...ids);
  const high = Math.max(...ids);
  const [before, span] = await Promise.all([
    db
      .selectFrom("responses")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("questionnaireId", "=", questionnaireId)
      .where("id", "<", low)
      .executeTakeFirst(),
    db
      .selectFrom("responses")
      .select("id")
      .where("questionnaireId", "=", questionnaireId)
      .where("id", ">=", low)
      .where("id", "<=", high)
      .orderBy("id")
      .execute(),
  ]);
  const wanted = new Set(ids);
  let place = Number(before?.count ?? 0);
  for (const { id } of span) {
    place += 1;
    if (wanted.has(id)) serials.set(id, place);
  }
  return serials;
}
