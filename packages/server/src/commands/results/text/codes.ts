import { createHash } from "node:crypto";
import {
  exportFileTexts,
  keywordMatch,
  lowerLatin,
  type Question,
  type ResultsFilter,
  type SaveTextCodeInput,
  type SurveyDefinition,
  type TagTextAnswerInput,
  TEXT_CODE_LIMITS,
  type TextCode,
  type TextCodeList,
  type TextCodesResult,
  textAnalysable,
} from "@wjgj/core";
import { iso } from "../../../clock.ts";
import type { AppContext } from "../../../context.ts";
import type { Db } from "../../../db/index.ts";
import { InvalidInputError, NotFoundError } from "../../../errors.ts";
import type { Viewer } from "../../../http/viewer.ts";
import { plain } from "../../exports/columns.ts";
import type { ExportCode } from "../../exports/rows.ts";
import { Bitset } from "../bitset.ts";
import type { FactBitsets } from "../fact-bitsets.ts";
import { filteredSet } from "../filter.ts";
import { findQuestion, resultsScope } from "../scope.ts";
import { filteredTexts, questionTexts } from "./corpus.ts";

/** A code as stored, with its hand tags. */
export interface StoredCode {
  id: number;
  questionId: string;
  name: string;
  keywords: string[];
  updatedAt: string;
  /** Responses tagged into it, and out of it against its keywords. */
  included: ReadonlySet<number>;
  excluded: ReadonlySet<number>;
}

/** The SPSS variable a code is exported and analysed as: by its id, so deleting another renames nothing. */
export const codeVariable = (codeId: number) => `code${codeId}`;

const split = (text: string) => (text === "" ? [] : text.split("\n"));

/** The questionnaire's codes (of one question when given), oldest first, with their tags. */
export async function storedCodes(
  db: Db,
  questionnaireId: number,
  questionId?: string,
): Promise<StoredCode[]> {
  const rows = await db
    .selectFrom("text_codes")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .$if(questionId !== undefined, (qb) => qb.where("questionId", "=", questionId as string))
    .orderBy("id")
    .execute();
  if (rows.length === 0) return [];
  const tags = await db
    .selectFrom("text_code_tags")
    .selectAll()
    .where(
      "codeId",
      "in",
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => {
    const mine = tags.filter((tag) => tag.codeId === row.id);
    return {
      id: row.id,
      questionId: row.questionId,
      name: row.name,
      keywords: split(row.keywords),
      updatedAt: row.updatedAt,
      included: new Set(mine.filter((tag) => tag.included === 1).map((tag) => tag.responseId)),
      excluded: new Set(mine.filter((tag) => tag.included === 0).map((tag) => tag.responseId)),
    };
  });
}

/** Whether a response with these texts of the code's question has the code. */
export function hasCode(code: StoredCode, responseId: number, texts: readonly string[]): boolean {
  if (code.included.has(responseId)) return true;
  if (code.excluded.has(responseId)) return false;
  return keywordMatch(code.keywords, texts);
}

/** The questionnaire's codes as the statistics files and 统计分析 carry them, and their fingerprint. */
export async function exportCodes(
  db: Db,
  questionnaireId: number,
  definition: SurveyDefinition,
): Promise<{ codes: ExportCode[]; signature: string }> {
  const stored = await storedCodes(db, questionnaireId);
  const titles = new Map(
    definition.pages.flatMap((page) => page.questions).map((q) => [q.id, plain(q.title) || q.id]),
  );
  const codes = stored
    .filter((code) => titles.has(code.questionId))
    .map(
      (code): ExportCode => ({
        variable: codeVariable(code.id),
        label: exportFileTexts.codeLabel(titles.get(code.questionId) ?? "", code.name),
        questionId: code.questionId,
        has: (responseId, texts) => hasCode(code, responseId, texts),
      }),
    );
  return { codes, signature: codes.length === 0 ? "" : codesSignature(stored) };
}

/** A fingerprint of the codes and their tags: the analysis columns decoded under other codes are read again. */
export function codesSignature(codes: readonly StoredCode[]): string {
  const state = codes.map((code) => [
    code.id,
    code.keywords,
    [...code.included].sort((a, b) => a - b),
    [...code.excluded].sort((a, b) => a - b),
  ]);
  return createHash("sha1").update(JSON.stringify(state)).digest("base64");
}

/** `statistics/getTextCodes`: the question's codes with how many answers in the filter have each. */
export async function getTextCodes(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; questionId: string; filter: ResultsFilter },
): Promise<TextCodesResult> {
  const { definition } = await resultsScope(ctx.db, viewer, input.id, "view");
  const question = analysableQuestion(definition, input.questionId);
  const codes = await storedCodes(ctx.db, input.id, question.id);
  const { set, predicate } = filteredSet(ctx.dialect, definition, input);
  const texts = await filteredTexts(ctx.db, set, predicate, question.id);
  const counts = codes.map(() => 0);
  let uncoded = 0;
  for (const { responseId, texts: list } of texts) {
    let coded = false;
    codes.forEach((code, k) => {
      if (!hasCode(code, responseId, list)) return;
      counts[k] = (counts[k] as number) + 1;
      coded = true;
    });
    if (!coded) uncoded += 1;
  }
  const answers = texts.length;
  return {
    questionId: question.id,
    answers,
    uncoded,
    codes: codes.map(
      (code, k): TextCode => ({
        id: code.id,
        questionId: code.questionId,
        name: code.name,
        keywords: code.keywords,
        answers: counts[k] as number,
        percentage: answers > 0 ? Math.round((1000 * (counts[k] as number)) / answers) / 10 : 0,
        manual: code.included.size + code.excluded.size,
        variable: codeVariable(code.id),
      }),
    ),
  };
}

/**
 * `statistics/listTextCodes`: the questionnaire's codes of questions it still has, in question order then oldest
 * first, for anyone who may read the results (the 筛选 dialog's 编码).
 */
export async function listTextCodes(ctx: AppContext, viewer: Viewer, id: number): Promise<TextCodeList> {
  const { definition } = await resultsScope(ctx.db, viewer, id, "view");
  const order = new Map(
    definition.pages.flatMap((page) => page.questions).map((question, k) => [question.id, k]),
  );
  const rows = await ctx.db
    .selectFrom("text_codes")
    .select(["id", "questionId", "name"])
    .where("questionnaireId", "=", id)
    .orderBy("id")
    .execute();
  const codes = rows
    .filter((row) => order.has(row.questionId))
    .sort((a, b) => (order.get(a.questionId) as number) - (order.get(b.questionId) as number));
  return { codes };
}

function analysableQuestion(definition: SurveyDefinition, questionId: string): Question {
  const question = findQuestion(definition, questionId);
  if (!textAnalysable(question)) throw InvalidInputError.field("questionId", "textNotAnalysable");
  return question;
}

/** Keywords as typed: items or one per line; blank lines and repeats dropped; at most 50 of 20 characters. */
function keywordList(value: readonly string[] | string): string[] {
  const items = typeof value === "string" ? value.split(/\r?\n/) : value;
  const words = [...new Set(items.map((item) => item.trim()).filter((item) => item !== ""))];
  if (
    words.length > TEXT_CODE_LIMITS.keywords ||
    words.some((word) => [...word].length > TEXT_CODE_LIMITS.keywordLength)
  )
    throw InvalidInputError.field("keywords", "textCodeKeywordsInvalid");
  return words;
}

async function codeOf(db: Db, questionnaireId: number, codeId: number) {
  const row = await db
    .selectFrom("text_codes")
    .selectAll()
    .where("id", "=", codeId)
    .where("questionnaireId", "=", questionnaireId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("textCodeNotFound");
  return row;
}

/**
 * `statistics/saveTextCode`: adds a code to a question (codeId absent) or renames it and replaces its keywords,
 * by those who manage the responses. Names are unique within the question.
 */
export async function saveTextCode(
  ctx: AppContext,
  viewer: Viewer,
  input: SaveTextCodeInput,
): Promise<{ codeId: number }> {
  const { definition } = await resultsScope(ctx.db, viewer, input.id, "manage");
  const question = analysableQuestion(definition, input.questionId);
  const name = input.name.trim();
  if (name === "" || [...name].length > TEXT_CODE_LIMITS.nameLength)
    throw InvalidInputError.field("name", "textCodeNameInvalid");
  const keywords = keywordList(input.keywords);
  const siblings = await ctx.db
    .selectFrom("text_codes")
    .select(["id", "name"])
    .where("questionnaireId", "=", input.id)
    .where("questionId", "=", question.id)
    .execute();
  if (siblings.some((code) => code.name === name && code.id !== input.codeId))
    throw InvalidInputError.field("name", "textCodeNameTaken");
  const now = iso(ctx.clock.now());
  if (input.codeId !== undefined) {
    const code = await codeOf(ctx.db, input.id, input.codeId);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("text_codes")
        .set({ name, keywords: keywords.join("\n"), updatedAt: now })
        .where("id", "=", code.id)
        .execute();
      await writeKeywords(trx, code.id, keywords);
    });
    return { codeId: code.id };
  }
  if (siblings.length >= TEXT_CODE_LIMITS.codes) throw InvalidInputError.field("name", "textCodeTooMany");
  const codeId = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("text_codes")
      .values({
        questionnaireId: input.id,
        questionId: question.id,
        name,
        keywords: keywords.join("\n"),
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeKeywords(trx, row.id, keywords);
    return row.id;
  });
  return { codeId };
}

/** The code's keyword rows (what 筛选 matches in SQL): the list's, Latin capitals folded, once each. */
async function writeKeywords(db: Db, codeId: number, keywords: readonly string[]): Promise<void> {
  await db.deleteFrom("text_code_keywords").where("codeId", "=", codeId).execute();
  const folded = [...new Set(keywords.map(lowerLatin))];
  if (folded.length > 0)
    await db
      .insertInto("text_code_keywords")
      .values(folded.map((keyword) => ({ codeId, keyword })))
      .execute();
}

/** `statistics/deleteTextCode`: the code and its hand tags (the page asks first). */
export async function deleteTextCode(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; codeId: number },
): Promise<null> {
  await resultsScope(ctx.db, viewer, input.id, "manage");
  const code = await codeOf(ctx.db, input.id, input.codeId);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("text_code_tags").where("codeId", "=", code.id).execute();
    await trx.deleteFrom("text_code_keywords").where("codeId", "=", code.id).execute();
    await trx.deleteFrom("text_codes").where("id", "=", code.id).execute();
  });
  return null;
}

/**
 * `statistics/tagTextAnswer`: one answer put into the code or taken out of it by hand, whatever its keywords;
 * the code's time moves, so analysis reads its variable again.
 */
export async function tagTextAnswer(
  ctx: AppContext,
  viewer: Viewer,
  input: TagTextAnswerInput,
): Promise<null> {
  await resultsScope(ctx.db, viewer, input.id, "manage");
  const code = await codeOf(ctx.db, input.id, input.codeId);
  const response = await ctx.db
    .selectFrom("responses")
    .select("id")
    .where("id", "=", input.responseId)
    .where("questionnaireId", "=", input.id)
    .executeTakeFirst();
  if (!response) throw new NotFoundError("responseNotFound");
  const included = input.included ? 1 : 0;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("text_code_tags")
      .values({ codeId: code.id, responseId: response.id, included })
      .onConflict((oc) => oc.columns(["codeId", "responseId"]).doUpdateSet({ included }))
      .execute();
    await trx
      .updateTable("text_codes")
      .set({ updatedAt: iso(ctx.clock.now()) })
      .where("id", "=", code.id)
      .execute();
  });
  return null;
}

/**
 * Per code, the results-index positions of the responses whose texts of the question have it (a 交叉分析 axis of
 * the question's 编码). Every response's texts are read once, in id ranges.
 */
export async function codeBitsets(
  db: Db,
  questionnaireId: number,
  questionId: string,
  codes: readonly StoredCode[],
  index: FactBitsets,
): Promise<Bitset[]> {
  const sets = codes.map(() => new Bitset(index.size));
  if (index.size === 0 || codes.length === 0) return sets;
  const ids = Uint32Array.from({ length: index.size }, (_, p) => index.idAt(p));
  for await (const batch of questionTexts(db, questionnaireId, questionId, ids, 0, index.size)) {
    for (const { responseId, texts } of batch) {
      const position = index.positionOf(responseId);
      if (position < 0) continue;
      codes.forEach((code, k) => {
        if (hasCode(code, responseId, texts)) sets[k]?.add(position);
      });
    }
  }
  return sets;
}
