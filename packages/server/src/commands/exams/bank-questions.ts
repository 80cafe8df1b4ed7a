import { randomUUID } from "node:crypto";
import {
  type BankDifficulty,
  type BankQuestion,
  type BankQuestionFilter,
  bankTagsError,
  checkBankQuestion,
  matchesBankFilter,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { Db, Trx } from "../../db/index.ts";
import { InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { type BankItem, itemOf, nextPosition, ownBank, touchBank } from "./bank-store.ts";

/**
 * 题库 questions one at a time (the bank drawer's editor) and in bulk (批量删除, 移动到…), each call on the
 * owner's own bank only (ownBank: another user's bank is 题库不存在, and so is a target bank of a move).
 *
 * 随机组卷 and edits: a candidate's paper is drawn once and kept whole in exam_papers (the drawn questions'
 * full definitions, with their keys and the rule's points) and exam_paper_tags, and submissions are graded
 * against that copy, so editing, moving or deleting a bank question changes only the papers drawn after it
 * (and bank practice). A question keeps its row id when edited or moved, so the exam report's row for it
 * (`bank_<id>`) stays one row; a deleted one keeps its row there as 已从题库删除.
 */

export interface BankItemInput {
  /** A core Question as the editor built it; checked by checkBankQuestion. */
  question: unknown;
  tags: readonly string[];
  difficulty: BankDifficulty;
}

export async function bankQuestions(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  filter: BankQuestionFilter = {},
): Promise<BankItem[]> {
  await ownBank(ctx.db, viewer, id);
  const rows = await ctx.db
    .selectFrom("bank_questions")
    .select(["id", "question", "tags", "difficulty"])
    .where("bankId", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map(itemOf).filter((item) => matchesBankFilter(item, filter));
}

/** `questionBank/getBankTags`: every tag of the bank with how many questions carry it, most used first. */
export async function bankTags(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<{ tag: string; count: number }[]> {
  await ownBank(ctx.db, viewer, id);
  const rows = await ctx.db.selectFrom("bank_questions").select("tags").where("bankId", "=", id).execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const tag of new Set(JSON.parse(row.tags) as string[])) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag, "zh-CN"));
}

/** The input as a bank question with `questionId`, or a 400 naming the fault (the editor shows it). */
function checkedItem(input: BankItemInput, questionId: string): BankQuestion {
  const tags = [...new Set(input.tags.map((tag) => tag.trim()).filter((tag) => tag !== ""))];
  const tagFault = bankTagsError(tags);
  if (tagFault) throw new InvalidInputError([{ field: "tags", message: tagFault }], "bankQuestionInvalid");
  const checked = checkBankQuestion(
    typeof input.question === "object" && input.question !== null
      ? { ...input.question, id: questionId }
      : input.question,
  );
  if (!checked.ok) {
    throw new InvalidInputError([{ field: "question", message: checked.message }], "bankQuestionInvalid");
  }
  return { question: checked.question, tags, difficulty: input.difficulty };
}

async function ownQuestion(db: Db | Trx, bankId: number, questionId: number) {
  const row = await db
    .selectFrom("bank_questions")
    .select(["id", "question", "tags", "difficulty"])
    .where("bankId", "=", bankId)
    .where("id", "=", questionId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("bankQuestionNotFound");
  return itemOf(row);
}

/** `questionBank/addBankQuestion`: a checked question at the end of the bank. */
export async function addBankQuestion(
  ctx: AppContext,
  viewer: Viewer,
  bankId: number,
  input: BankItemInput,
): Promise<BankItem> {
  await ownBank(ctx.db, viewer, bankId);
  const item = checkedItem(input, `q${randomUUID().slice(0, 8)}`);
  const now = iso(ctx.clock.now());
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("bank_questions")
      .values({
        bankId,
        position: await nextPosition(trx, bankId),
        question: JSON.stringify(item.question),
        tags: JSON.stringify(item.tags),
        difficulty: item.difficulty,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await touchBank(trx, bankId, now);
    return row.id;
  });
  return { id, ...item };
}

/** `questionBank/updateBankQuestion`: replaces the question, its tags and difficulty; keeps its ids. */
export async function updateBankQuestion(
  ctx: AppContext,
  viewer: Viewer,
  bankId: number,
  questionId: number,
  input: BankItemInput,
): Promise<BankItem> {
  await ownBank(ctx.db, viewer, bankId);
  const stored = await ownQuestion(ctx.db, bankId, questionId);
  const item = checkedItem(input, stored.question.id);
  const now = iso(ctx.clock.now());
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("bank_questions")
      .set({
        question: JSON.stringify(item.question),
        tags: JSON.stringify(item.tags),
        difficulty: item.difficulty,
      })
      .where("id", "=", questionId)
      .where("bankId", "=", bankId)
      .execute();
    await touchBank(trx, bankId, now);
  });
  return { id: questionId, ...item };
}

/** Every id must name a question of the bank: a stale selection changes nothing rather than part of it. */
async function assertInBank(db: Db | Trx, bankId: number, questionIds: readonly number[]) {
  const ids = [...new Set(questionIds)];
  const found = await db
    .selectFrom("bank_questions")
    .select("id")
    .where("bankId", "=", bankId)
    .where("id", "in", ids)
    .execute();
  if (found.length !== ids.length) throw new NotFoundError("bankQuestionNotFound");
  return ids;
}

/** `questionBank/delBankQuestions`: deletes the chosen questions of the bank (all or none). */
export async function deleteBankQuestions(
  ctx: AppContext,
  viewer: Viewer,
  bankId: number,
  questionIds: readonly number[],
): Promise<{ deleted: number }> {
  await ownBank(ctx.db, viewer, bankId);
  const now = iso(ctx.clock.now());
  return ctx.db.transaction().execute(async (trx) => {
    const ids = await assertInBank(trx, bankId, questionIds);
    await trx.deleteFrom("bank_questions").where("bankId", "=", bankId).where("id", "in", ids).execute();
    await touchBank(trx, bankId, now);
    return { deleted: ids.length };
  });
}

/**
 * `questionBank/moveBankQuestions`: moves the chosen questions, in their order, to the end of another of
 * the owner's banks (all or none). Practice progress stays with the bank it was made on.
 */
export async function moveBankQuestions(
  ctx: AppContext,
  viewer: Viewer,
  bankId: number,
  questionIds: readonly number[],
  toBankId: number,
): Promise<{ moved: number }> {
  await ownBank(ctx.db, viewer, bankId);
  if (toBankId === bankId) throw InvalidInputError.field("toBankId", "bankMoveSameBank");
  await ownBank(ctx.db, viewer, toBankId);
  const now = iso(ctx.clock.now());
  return ctx.db.transaction().execute(async (trx) => {
    const ids = await assertInBank(trx, bankId, questionIds);
    const ordered = await trx
      .selectFrom("bank_questions")
      .select("id")
      .where("id", "in", ids)
      .orderBy("position")
      .orderBy("id")
      .execute();
    const start = await nextPosition(trx, toBankId);
    for (const [i, row] of ordered.entries()) {
      await trx
        .updateTable("bank_questions")
        .set({ bankId: toBankId, position: start + i })
        .where("id", "=", row.id)
        .execute();
    }
    await touchBank(trx, bankId, now);
    await touchBank(trx, toBankId, now);
    return { moved: ids.length };
  });
}

export async function deleteBankQuestion(ctx: AppContext, viewer: Viewer, id: number, questionId: number) {
  await ownBank(ctx.db, viewer, id);
  await ctx.db.deleteFrom("bank_questions").where("bankId", "=", id).where("id", "=", questionId).execute();
}
