import { PROBABILITY_SCALE, type PrizeKind, type PrizeSet, prizeSetSchema } from "@wjgj/core";
import { sql } from "kysely";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, transaction } from "../../db/index.ts";
import type { PrizeRow } from "../../db/tables/rewards.ts";
import { InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { presentPrize } from "../../presenters/rewards.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";

/** Prize settings and prizes of one questionnaire: `prize/*` creator calls. */

export function readPrizeSet(json: string | undefined): PrizeSet {
  if (json) {
    try {
      const parsed = prizeSetSchema.safeParse(JSON.parse(json));
      if (parsed.success) return parsed.data;
    } catch {
      // fall back to defaults (off)
    }
  }
  return prizeSetSchema.parse({});
}

export async function prizeSetOf(db: Db | Trx, questionnaireId: number): Promise<PrizeSet> {
  const row = await db
    .selectFrom("prize_sets")
    .select("settings")
    .where("questionnaireId", "=", questionnaireId)
    .executeTakeFirst();
  return readPrizeSet(row?.settings);
}

export async function getPrizeSet(ctx: AppContext, viewer: Viewer, questionnaireId: number) {
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "read");
  return prizeSetOf(ctx.db, questionnaireId);
}

/** Merges `changes` over the stored settings; the whole result is checked again. */
export async function updatePrizeSet(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
  changes: Partial<PrizeSet>,
) {
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "edit");
  const merged = { ...(await prizeSetOf(ctx.db, questionnaireId)), ...changes };
  if (merged.startsAt && merged.endsAt && merged.startsAt >= merged.endsAt)
    throw InvalidInputError.field("endsAt", "dateRangeInvalid");
  const settings = JSON.stringify(prizeSetSchema.parse(merged));
  const updatedAt = iso(ctx.clock.now());
  await ctx.db
    .insertInto("prize_sets")
    .values({ questionnaireId, settings, updatedAt })
    .onConflict((oc) => oc.column("questionnaireId").doUpdateSet({ settings, updatedAt }))
    .execute();
  return readPrizeSet(settings);
}

export interface PrizeInput {
  name: string;
  image: string;
  prizeType: PrizeKind;
  stock: number;
  /** Basis points. */
  probability: number;
  sort: number;
  /** Coupons: codes to add (each handed out once). */
  codes?: string[] | undefined;
}

async function livePrizes(trx: Trx | Db, questionnaireId: number): Promise<PrizeRow[]> {
  return trx
    .selectFrom("prizes")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .where("deletedAt", "is", null)
    .orderBy("sort")
    .orderBy("id")
    .execute();
}

/** Odds are the creator's promise: together they may not exceed 100%. */
async function checkProbabilityTotal(trx: Trx, questionnaireId: number) {
  const total = (await livePrizes(trx, questionnaireId)).reduce((sum, p) => sum + p.probability, 0);
  if (total > PROBABILITY_SCALE) throw InvalidInputError.field("probability", "prizeProbabilityTotal");
}

async function addCodes(trx: Trx, prizeId: number, codes: readonly string[]) {
  if (codes.length === 0) return;
  const existing = new Set(
    (await trx.selectFrom("prize_codes").select("code").where("prizeId", "=", prizeId).execute()).map(
      (r) => r.code,
    ),
  );
  const fresh = [...new Set(codes)].filter((c) => !existing.has(c));
  for (let i = 0; i < fresh.length; i += 500) {
    await trx
      .insertInto("prize_codes")
      .values(fresh.slice(i, i + 500).map((code) => ({ prizeId, code, drawId: null })))
      .execute();
  }
  // A coupon's stock is the number of codes still to hand out.
  await trx
    .updateTable("prizes")
    .set({ stock: sql`stock + ${fresh.length}` })
    .where("id", "=", prizeId)
    .execute();
}

function checkKind(input: Pick<PrizeInput, "prizeType" | "codes">) {
  if (input.codes && input.codes.length > 0 && input.prizeType !== "coupon")
    throw InvalidInputError.field("codes", "prizeCodesForCouponOnly");
}

export async function addPrize(ctx: AppContext, viewer: Viewer, questionnaireId: number, input: PrizeInput) {
  checkKind(input);
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "edit");
  const id = await transaction(ctx.db, async (trx) => {
    const row = await trx
      .insertInto("prizes")
      .values({
        questionnaireId,
        name: input.name,
        image: input.image,
        kind: input.prizeType,
        // Coupons are stocked by their codes; 谢谢参与 is never used up.
        stock: input.prizeType === "physical" ? input.stock : 0,
        probability: input.probability,
        sort: input.sort,
        deletedAt: null,
        createdAt: iso(ctx.clock.now()),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addCodes(trx, row.id, input.codes ?? []);
    await checkProbabilityTotal(trx, questionnaireId);
    return row.id;
  });
  return prizeDetail(ctx.db, questionnaireId, id);
}

export async function updatePrize(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
  prizeId: number,
  input: Partial<PrizeInput> & { deleted?: boolean | undefined },
) {
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "edit");
  await transaction(ctx.db, async (trx) => {
    const prize = await findPrize(trx, questionnaireId, prizeId);
    checkKind({ prizeType: prize.kind, codes: input.codes });
    await trx
      .updateTable("prizes")
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.image !== undefined ? { image: input.image } : {}),
        ...(input.stock !== undefined && prize.kind === "physical" ? { stock: input.stock } : {}),
        ...(input.probability !== undefined ? { probability: input.probability } : {}),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
        ...(input.deleted ? { deletedAt: iso(ctx.clock.now()) } : {}),
      })
      .where("id", "=", prize.id)
      .execute();
    await addCodes(trx, prize.id, input.codes ?? []);
    await checkProbabilityTotal(trx, questionnaireId);
  });
  return input.deleted ? null : prizeDetail(ctx.db, questionnaireId, prizeId);
}

async function findPrize(db: Db | Trx, questionnaireId: number, prizeId: number): Promise<PrizeRow> {
  const prize = await db
    .selectFrom("prizes")
    .selectAll()
    .where("id", "=", prizeId)
    .where("questionnaireId", "=", questionnaireId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!prize) throw new NotFoundError("prizeNotFound");
  return prize;
}

async function codesLeft(db: Db, prizeIds: number[]): Promise<Map<number, number>> {
  if (prizeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("prize_codes")
    .select(["prizeId", (eb) => eb.fn.countAll().as("count")])
    .where("prizeId", "in", prizeIds)
    .where("drawId", "is", null)
    .groupBy("prizeId")
    .execute();
  return new Map(rows.map((r) => [r.prizeId, Number(r.count)]));
}

async function prizeDetail(db: Db, questionnaireId: number, prizeId: number) {
  const prize = await findPrize(db, questionnaireId, prizeId);
  return presentPrize(prize, (await codesLeft(db, [prize.id])).get(prize.id) ?? 0);
}

export async function getPrizeDetail(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
  prizeId: number,
) {
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "read");
  return prizeDetail(ctx.db, questionnaireId, prizeId);
}

export async function getPrizeList(ctx: AppContext, viewer: Viewer, questionnaireId: number) {
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "read");
  const prizes = await livePrizes(ctx.db, questionnaireId);
  const left = await codesLeft(
    ctx.db,
    prizes.map((p) => p.id),
  );
  return prizes.map((p) => presentPrize(p, left.get(p.id) ?? 0));
}

export { livePrizes };
