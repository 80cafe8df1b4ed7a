import { type BankDifficulty, type BankQuestion, questionSchema } from "@wjgj/core";
import type { Db, Trx } from "../../db/index.ts";
import type { BankQuestionsTable } from "../../db/tables/question-banks.ts";
import { NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";

export interface BankItem extends BankQuestion {
  id: number;
}

/**
 * The viewer's own bank, or 题库不存在 (also for another user's bank: deny by default). Every bank call
 * goes through it: a bank belongs to its owner alone (no team roles), so ownership is the whole policy.
 */
export async function ownBank(db: Db | Trx, viewer: Viewer, id: number) {
  const bank = await db
    .selectFrom("question_banks")
    .selectAll()
    .where("id", "=", id)
    .where("ownerId", "=", viewer.user.id)
    .executeTakeFirst();
  if (!bank) throw new NotFoundError("bankNotFound");
  return bank;
}

type Row = Pick<BankQuestionsTable, "question" | "tags" | "difficulty"> & { id: number };

export function itemOf(row: Row): BankItem {
  return {
    id: row.id,
    question: questionSchema.parse(JSON.parse(row.question)),
    tags: JSON.parse(row.tags) as string[],
    difficulty: row.difficulty as BankDifficulty,
  };
}

/** The position after the bank's last question (new and moved questions join at the end). */
export async function nextPosition(db: Db | Trx, bankId: number): Promise<number> {
  const last = await db
    .selectFrom("bank_questions")
    .select((eb) => eb.fn.max<number>("position").as("position"))
    .where("bankId", "=", bankId)
    .executeTakeFirst();
  return Number(last?.position ?? -1) + 1;
}

export async function appendQuestions(
  db: Db | Trx,
  bankId: number,
  start: number,
  items: readonly BankQuestion[],
) {
  for (let i = 0; i < items.length; i += 200) {
    const chunk = items.slice(i, i + 200);
    if (chunk.length === 0) break;
    await db
      .insertInto("bank_questions")
      .values(
        chunk.map((item, j) => ({
          bankId,
          position: start + i + j,
          question: JSON.stringify(item.question),
          tags: JSON.stringify(item.tags),
          difficulty: item.difficulty,
        })),
      )
      .execute();
  }
}

export async function touchBank(db: Db | Trx, bankId: number, now: string) {
  await db.updateTable("question_banks").set({ updatedAt: now }).where("id", "=", bankId).execute();
}
