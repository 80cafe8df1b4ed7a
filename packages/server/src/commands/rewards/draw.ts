import { randomInt } from "node:crypto";
import { type DrawResult, PROBABILITY_SCALE, type PrizeSet, type WinnerField } from "@wjgj/core";
import { sql } from "kysely";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { isSqlite, type Trx, transaction } from "../../db/index.ts";
import type { PrizeDrawRow, PrizeRow } from "../../db/tables/rewards.ts";
import {
  AppError,
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  TooManyRequestsError,
} from "../../errors.ts";
import { checkPhoneCode, codeCheckError } from "../account/phone-codes.ts";
import { keptPhones } from "../privacy/sealing.ts";
import { livePrizes, prizeSetOf } from "./prizes.ts";
import { meetsEligibility, type ProvenResponse, provenResponse, type ResponseProof } from "./respondent.ts";

/**
 * The lucky draw: one per eligible response, decided with a cryptographic RNG. The result and the stock it
 * takes are written in one transaction, and stock is taken by a conditional UPDATE (… WHERE stock > 0), so
 * however many draw at once, no more prizes are awarded than were stocked. A prize drawn when its stock is
 * gone becomes a loss: the other prizes' odds stay exactly what the creator set.
 */

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** The prize whose probability band holds `roll` (0 ≤ roll < 10000), or null for no prize. */
export function prizeForRoll<P extends Pick<PrizeRow, "probability">>(
  prizes: readonly P[],
  roll: number,
): P | null {
  let upper = 0;
  for (const prize of prizes) {
    upper += prize.probability;
    if (roll < upper) return prize;
  }
  return null;
}

function checkWindow(settings: PrizeSet, now: string) {
  if (!settings.enabled) throw new ForbiddenError("drawNotOpen");
  if (settings.startsAt && now < settings.startsAt) throw new ConflictError("drawNotStarted");
  if (settings.endsAt && now >= settings.endsAt) throw new ConflictError("drawEnded");
}

/** The respondent's side of a draw: the proven response, and the verified phone when counted per phone. */
export interface DrawRequest extends ResponseProof {
  phone?: string | undefined;
  code?: string | undefined;
}

/** Draws already made by the same person (device, account or phone) on this questionnaire. */
async function drawsByPerson(
  trx: Trx,
  settings: PrizeSet,
  response: ProvenResponse,
  phones: readonly string[],
): Promise<number> {
  let query = trx
    .selectFrom("prize_draws")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("questionnaireId", "=", response.questionnaireId);
  if (settings.limitBy === "phone") query = query.where("phone", "in", phones);
  // Anonymous respondents are counted by device even when the creator chose accounts.
  else if (settings.limitBy === "account" && response.userId !== null)
    query = query.where("userId", "=", response.userId);
  else query = query.where("deviceId", "=", response.deviceId);
  return Number((await query.executeTakeFirst())?.count ?? 0);
}

async function takeCode(trx: Trx, prizeId: number, drawId: number): Promise<void> {
  // The prize row is held by this transaction's stock UPDATE, so no other winner of it picks codes now.
  const code = await trx
    .selectFrom("prize_codes")
    .select("id")
    .where("prizeId", "=", prizeId)
    .where("drawId", "is", null)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!code) throw new Error(`coupon prize ${prizeId} has stock but no code left`);
  await trx.updateTable("prize_codes").set({ drawId }).where("id", "=", code.id).execute();
}

/**
 * `phones`: the verified phone as kept (its keyed digest, issue #36) first, then the number itself, which draws
 * made before the digests were kept hold.
 */
async function drawIn(
  trx: Trx,
  settings: PrizeSet,
  response: ProvenResponse,
  phones: readonly [string, ...string[]],
  now: string,
) {
  const existing = await trx
    .selectFrom("prize_draws")
    .select("id")
    .where("responseId", "=", response.id)
    .executeTakeFirst();
  if (existing) return existing.id;
  if (settings.limitBy !== "response") {
    // Serialises this questionnaire's draws on PostgreSQL so the per-person count cannot race.
    if (!isSqlite(trx))
      await sql`select 1 from prize_sets where questionnaire_id = ${response.questionnaireId} for update`.execute(
        trx,
      );
    if ((await drawsByPerson(trx, settings, response, phones)) >= settings.drawsPerPerson)
      throw new TooManyRequestsError("drawLimitReached");
  }
  const prizes = await livePrizes(trx, response.questionnaireId);
  const hit = prizeForRoll(prizes, randomInt(0, PROBABILITY_SCALE));
  let won = false;
  if (hit && hit.kind !== "none") {
    const taken = await trx
      .updateTable("prizes")
      .set({ stock: sql`stock - 1` })
      .where("id", "=", hit.id)
      .where("stock", ">", 0)
      .executeTakeFirst();
    won = Number(taken.numUpdatedRows) === 1;
  }
  const draw = await trx
    .insertInto("prize_draws")
    .values({
      questionnaireId: response.questionnaireId,
      responseId: response.id,
      // 谢谢参与 is shown by name; a prize out of stock is a plain loss.
      prizeId: won || hit?.kind === "none" ? (hit?.id ?? null) : null,
      won: won ? 1 : 0,
      deviceId: response.deviceId,
      userId: response.userId,
      phone: phones[0],
      winnerInfo: "{}",
      sentAt: null,
      createdAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (won && hit?.kind === "coupon") await takeCode(trx, hit.id, draw.id);
  return draw.id;
}

/** The phone a per-phone draw counts, required with its SMS code (user/sendCode with purpose draw). */
function phoneOf(settings: PrizeSet, request: DrawRequest): { phone: string; code: string } | null {
  if (settings.limitBy !== "phone") return null;
  if (!request.phone || !request.code)
    throw new InvalidInputError(
      [
        ...(request.phone ? [] : [{ field: "phone", message: "请填写手机号" }]),
        ...(request.code ? [] : [{ field: "code", message: "请填写验证码" }]),
      ],
      "drawPhoneRequired",
      "key",
    );
  return { phone: request.phone, code: request.code };
}

export async function drawPrize(ctx: AppContext, proof: DrawRequest): Promise<DrawResult> {
  const response = await provenResponse(ctx.db, proof);
  const settings = await prizeSetOf(ctx.db, response.questionnaireId);
  const now = ctx.clock.now();
  const drawOfResponse = () =>
    ctx.db.selectFrom("prize_draws").select("id").where("responseId", "=", response.id).executeTakeFirst();
  const earlier = await drawOfResponse();
  // A repeated call answers the draw made (also after the window closed).
  if (earlier) return drawResultOf(ctx, earlier.id, settings);
  checkWindow(settings, iso(now));
  if (!(await meetsEligibility(ctx.db, settings.eligibility, response, now)))
    throw new ForbiddenError("drawNotEligible");
  const verified = phoneOf(settings, proof);
  // The phone is kept as its keyed digest (issue #36).
  const phones: [string, ...string[]] = verified
    ? keptPhones(ctx.db, response.questionnaireId, verified.phone)
    : [""];
  let drawId: number;
  try {
    const outcome = await transaction(ctx.db, async (trx) => {
      if (verified) {
        const check = await checkPhoneCode(ctx, trx, { ...verified, purpose: "draw" });
        if (check !== "ok") return { kind: "bad-code", check } as const;
      }
      const id = await drawIn(trx, settings, response, phones, iso(now));
      return { kind: "drawn", drawId: id } as const;
    });
    // Thrown after commit so that a wrong code counts as a try.
    if (outcome.kind === "bad-code") throw codeCheckError(outcome.check);
    drawId = outcome.drawId;
  } catch (error) {
    // The same response drawing twice at once (a double press): the press that lost the race finds the code
    // spent, the person's count used up or the response's draw already stored, by the other press, which has
    // committed by then. Its result stands and both presses answer it. Another response's draw never does.
    if (!isUniqueViolation(error) && !(error instanceof AppError)) throw error;
    const other = await drawOfResponse();
    if (!other) throw error;
    drawId = other.id;
  }
  return drawResultOf(ctx, drawId, settings);
}

export function winnerFieldsFor(settings: PrizeSet, kind: PrizeRow["kind"] | null): WinnerField[] {
  return kind === "physical" ? settings.winnerFields : [];
}

export async function drawResultOf(ctx: AppContext, drawId: number, settings: PrizeSet): Promise<DrawResult> {
  const draw = (await ctx.db
    .selectFrom("prize_draws")
    .selectAll()
    .where("id", "=", drawId)
    .executeTakeFirst()) as PrizeDrawRow | undefined;
  if (!draw) throw new NotFoundError("drawNotFound");
  const prize = draw.prizeId
    ? await ctx.db.selectFrom("prizes").selectAll().where("id", "=", draw.prizeId).executeTakeFirst()
    : undefined;
  const code = await ctx.db
    .selectFrom("prize_codes")
    .select("code")
    .where("drawId", "=", draw.id)
    .executeTakeFirst();
  const won = draw.won === 1;
  return {
    drawId: draw.id,
    won,
    prize: prize ? { name: prize.name, image: prize.image, prizeType: prize.kind } : null,
    couponCode: code?.code ?? null,
    winnerFields: won ? winnerFieldsFor(settings, prize?.kind ?? null) : [],
    winnerFilled: draw.winnerInfo !== "{}",
  };
}
