import type { Db } from "../../db/index.ts";

/*
 * 序号: a response's place among every response its questionnaire has received, by id (the order they were
 * stored), whatever their status. A response keeps its number when others are marked invalid, deleted or
 * restored, and in any filter or sort (responses leave the table only with their questionnaire). The list,
 * the viewer and every exported file show this number.
 *
 * Both reads below use `responses_questionnaire_id_idx` (questionnaire_id, id) and touch no row.
 */

/** How many responses the questionnaire received with an id in (after, upto]. */
async function countBetween(db: Db, questionnaireId: number, after: number, upto: number): Promise<number> {
  const row = await db
    .selectFrom("responses")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("questionnaireId", "=", questionnaireId)
    .where("id", ">", after)
    .where("id", "<=", upto)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The questionnaire's response ids in (after, upto], ascending. */
async function idsBetween(db: Db, questionnaireId: number, after: number, upto: number): Promise<number[]> {
  const rows = await db
    .selectFrom("responses")
    .select("id")
    .where("questionnaireId", "=", questionnaireId)
    .where("id", ">", after)
    .where("id", "<=", upto)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * 序号 of some responses of one questionnaire, by id. A page of the newest responses spans a few ids; a page
 * sorted by 用时 may span the questionnaire.
 */
export async function responseSerials(
  db: Db,
  questionnaireId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const serials = new Map<number, number>();
  if (ids.length === 0) return serials;
  const low = Math.min(...ids);
  const [before, span] = await Promise.all([
    countBetween(db, questionnaireId, 0, low - 1),
    idsBetween(db, questionnaireId, low - 1, Math.max(...ids)),
  ]);
  const wanted = new Set(ids);
  let place = before;
  for (const id of span) {
    place += 1;
    if (wanted.has(id)) serials.set(id, place);
  }
  return serials;
}

/** Numbers responses read in ascending id order, batch after batch, setting each one's `seq`. */
export type SerialNumbering = (batch: { id: number; seq?: number }[]) => Promise<void>;

/**
 * 序号 for a reader going through a questionnaire's responses in id order (an export, however filtered):
 * one count before the first batch, then per batch a count of the ids since the last one. When that count is
 * the batch's own size (nothing left out in between: the usual export), the batch is numbered in order;
 * otherwise its ids are read to skip the ones left out. A whole export walks the index about once.
 */
export function serialsInIdOrder(db: Db, questionnaireId: number): SerialNumbering {
  let after: number | null = null;
  let place = 0;
  return async (batch) => {
    const first = batch[0];
    const last = batch[batch.length - 1];
    if (!first || !last) return;
    if (after === null) {
      place = await countBetween(db, questionnaireId, 0, first.id - 1);
      after = first.id - 1;
    }
    if (last.id <= after) throw new Error("serialsInIdOrder: batches must come in ascending id order");
    const from = after;
    after = last.id;
    if ((await countBetween(db, questionnaireId, from, last.id)) === batch.length) {
      for (const response of batch) response.seq = ++place;
      return;
    }
    const places = new Map<number, number>();
    for (const id of await idsBetween(db, questionnaireId, from, last.id)) places.set(id, ++place);
    for (const response of batch) {
      const seq = places.get(response.id);
      if (seq !== undefined) response.seq = seq;
    }
  };
}
