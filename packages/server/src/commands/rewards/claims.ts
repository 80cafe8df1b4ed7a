import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import type { RedPacketClaimRow, RedPacketRow } from "../../db/tables/rewards.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { checkPhoneCode, codeCheckError } from "../account/phone-codes.ts";
import { findOrCreateUserByPhone } from "../account/users.ts";
import { keptPhones } from "../privacy/sealing.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import { decidedStatus, payClaim } from "./payouts.ts";
import { findRedPacket } from "./red-packets.ts";
import { meetsEligibility, parseEligibility, provenResponse, type ResponseProof } from "./respondent.ts";

/**
 * Claiming a red packet: once per response and once per phone, after the phone is verified with the SMS
 * code (user/sendCode with purpose redPacket). The packet is taken by a conditional UPDATE (… claimed_count < count), so
 * concurrent claims never take more packets than there are; the amount is posted from the budget's hold
 * to the phone's account wallet (created as phone login creates it), or waits for the creator's review.
 */

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

async function claimIn(
  trx: Trx,
  ctx: AppContext,
  packet: RedPacketRow,
  claimant: { responseId: number; phone: string; phones: readonly string[]; openid: string },
) {
  const { responseId, phone, phones, openid } = claimant;
  const now = iso(ctx.clock.now());
  const before = await trx
    .selectFrom("red_packet_claims")
    .select("id")
    .where("redPacketId", "=", packet.id)
    .where((eb) => eb.or([eb("responseId", "=", responseId), eb("phone", "in", phones)]))
    .executeTakeFirst();
  if (before) throw new ConflictError("redPacketClaimed");
  const taken = await trx
    .updateTable("red_packets")
    .set((eb) => ({ claimedCount: eb("claimedCount", "+", 1) }))
    .where("id", "=", packet.id)
    .where("status", "=", "active")
    .whereRef("claimedCount", "<", "count")
    .returning("claimedCount")
    .executeTakeFirst();
  if (!taken) throw new ConflictError("redPacketEmpty");
  const shares = JSON.parse(packet.shares) as number[];
  const amountFen = shares[taken.claimedCount - 1];
  if (amountFen === undefined) throw new Error(`red packet ${packet.id} has no share ${taken.claimedCount}`);
  const user = await findOrCreateUserByPhone(trx, ctx.clock.now(), phone);
  const claim = await trx
    .insertInto("red_packet_claims")
    .values({
      redPacketId: packet.id,
      responseId,
      // Its keyed digest (issue #36): enough for once per phone; the wallet account goes by the number itself.
      phone: phones[0] as string,
      userId: user.id,
      shareIndex: taken.claimedCount - 1,
      amountFen,
      status: packet.review === 1 ? "pending" : decidedStatus(ctx.config, openid),
      openid,
      createdAt: now,
      reviewedAt: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (claim.status !== "pending") await payClaim(trx, ctx, packet, claim, now);
  return claim;
}

export async function claimRedPacket(
  ctx: AppContext,
  input: ResponseProof & { redPacketId: number; phone: string; code: string; openid?: string | undefined },
) {
  const response = await provenResponse(ctx.db, input);
  const packet = await findRedPacket(ctx.db, response.questionnaireId, input.redPacketId);
  if (packet.status !== "active") throw new ConflictError("redPacketStopped");
  if (!(await meetsEligibility(ctx.db, parseEligibility(packet.eligibility), response, ctx.clock.now())))
    throw new ForbiddenError("redPacketNotEligible");
  // The phone is kept as its keyed digest; a claim made before that holds the number: both count as taken.
  const phones = keptPhones(ctx.db, response.questionnaireId, input.phone);
  let outcome:
    | { kind: "bad-code"; check: "wrong" | "expired" | "none" }
    | { kind: "ok"; claim: RedPacketClaimRow };
  try {
    outcome = await transaction(ctx.db, async (trx) => {
      const check = await checkPhoneCode(ctx, trx, {
        phone: input.phone,
        purpose: "redPacket",
        code: input.code,
      });
      if (check !== "ok") return { kind: "bad-code", check } as const;
      return {
        kind: "ok",
        claim: await claimIn(trx, ctx, packet, {
          responseId: response.id,
          phone: input.phone,
          phones,
          openid: input.openid ?? "",
        }),
      } as const;
    });
  } catch (error) {
    // Two claims of the same response or phone at once: the unique keys let one through.
    if (isUniqueViolation(error)) throw new ConflictError("redPacketClaimed");
    throw error;
  }
  // Thrown after commit so that a wrong try is counted.
  if (outcome.kind === "bad-code") throw codeCheckError(outcome.check);
  return { amountFen: Number(outcome.claim.amountFen), status: outcome.claim.status };
}

/** The creator's review of a pending claim: approve pays it from the hold, reject leaves it unpaid. */
export async function reviewClaim(
  ctx: AppContext,
  viewer: Viewer,
  input: { questionnaireId: number; claimId: number; approve: boolean },
) {
  await loadQuestionnaire(ctx.db, viewer, input.questionnaireId, "manageResponses");
  const now = iso(ctx.clock.now());
  await transaction(ctx.db, async (trx) => {
    const claim = await trx
      .selectFrom("red_packet_claims")
      .innerJoin("red_packets", "red_packets.id", "red_packet_claims.redPacketId")
      .selectAll("red_packet_claims")
      .where("red_packet_claims.id", "=", input.claimId)
      .where("red_packets.questionnaireId", "=", input.questionnaireId)
      .executeTakeFirst();
    if (!claim) throw new NotFoundError("redPacketClaimNotFound");
    const status = input.approve ? decidedStatus(ctx.config, claim.openid) : "rejected";
    const decided = await trx
      .updateTable("red_packet_claims")
      .set({ status, reviewedAt: now })
      .where("id", "=", claim.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) === 0) throw new NotFoundError("redPacketClaimNotFound");
    if (status !== "rejected")
      await payClaim(
        trx,
        ctx,
        await findRedPacket(trx, input.questionnaireId, claim.redPacketId),
        { ...claim, status },
        now,
      );
  });
  return null;
}
