import { parseBankRows } from "@wjgj/core";
import type { BuiltUser } from "./factories.ts";
import type { TestContext } from "./helpers.ts";

/**
 * A question bank of `owner` holding the questions of `rows`, written as a teacher's import sheet
 * (题目, 题型, 选项, 答案, 分值, 解析, 标签, 难度). Returns the bank's id.
 */
export async function insertBank(t: TestContext, owner: BuiltUser, rows: string[][]): Promise<number> {
  const { questions } = parseBankRows(rows, (i) => `q${i + 1}`);
  const now = new Date().toISOString();
  const bank = await t.ctx.db
    .insertInto("question_banks")
    .values({ ownerId: owner.user.id, name: "安全题库", createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto("bank_questions")
    .values(
      questions.map((item, position) => ({
        bankId: bank.id,
        position,
        question: JSON.stringify(item.question),
        tags: JSON.stringify(item.tags),
        difficulty: item.difficulty,
      })),
    )
    .execute();
  return bank.id;
}
