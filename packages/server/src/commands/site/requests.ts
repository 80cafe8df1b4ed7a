import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { toCount, transaction } from "../../db/index.ts";
import { lockKey } from "../../db/locks.ts";
import type { LeadKind } from "../../db/tables/site-content.ts";
import { ConflictError, NotFoundError, TooManyRequestsError } from "../../errors.ts";
import { presentAdminFriendLink, presentLead } from "../../presenters/admin.ts";
import { recordAudit } from "../admin/audit.ts";

/**
 * What anonymous visitors send from the site (friend-link requests, sample-service and contact forms)
 * and how admins settle it. Anyone may send, so each IP may send a few per hour per form; the rows
 * themselves are the counter.
 */
export const SUBMISSIONS_PER_IP_PER_HOUR = 5;

function refuseWhenTooMany(sentLastHour: number): void {
  if (sentLastHour >= SUBMISSIONS_PER_IP_PER_HOUR) throw new TooManyRequestsError("submitTooOften");
}

export async function submitFriendLink(
  ctx: AppContext,
  input: { name: string; url: string; contact: string },
  ip: string,
): Promise<null> {
  const now = ctx.clock.now();
  await transaction(ctx.db, async (trx) => {
    await lockKey(trx, ctx.dialect, `friend-link:${ip}`);
    const recent = await trx
      .selectFrom("friend_links")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("ip", "=", ip)
      .where("createdAt", ">", iso(addSeconds(now, -3600)))
      .executeTakeFirst();
    refuseWhenTooMany(toCount(recent));
    const open = await trx
      .selectFrom("friend_links")
      .select("id")
      .where("url", "=", input.url)
      .where("status", "in", ["pending", "approved"])
      .executeTakeFirst();
    if (open) throw new ConflictError("friendLinkDuplicate");
    await trx
      .insertInto("friend_links")
      .values({ ...input, status: "pending", ip, createdAt: iso(now), reviewedAt: null })
      .execute();
  });
  return null;
}

export interface LeadInput {
  kind: LeadKind;
  name: string;
  phone: string;
  company: string;
  email: string;
  content: string;
}

export async function submitLead(ctx: AppContext, input: LeadInput, ip: string): Promise<null> {
  const now = ctx.clock.now();
  await transaction(ctx.db, async (trx) => {
    await lockKey(trx, ctx.dialect, `lead:${ip}`);
    const recent = await trx
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("ip", "=", ip)
      .where("createdAt", ">", iso(addSeconds(now, -3600)))
      .executeTakeFirst();
    refuseWhenTooMany(toCount(recent));
    await trx
      .insertInto("leads")
      .values({ ...input, status: "new", ip, createdAt: iso(now), handledAt: null })
      .execute();
  });
  return null;
}

/** Approves or rejects a request; an approved link can later be rejected to take it off the site. */
export async function reviewFriendLink(
  ctx: AppContext,
  adminId: number,
  input: { id: number; decision: "approve" | "reject" },
): Promise<ReturnType<typeof presentAdminFriendLink>> {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const before = await trx
      .selectFrom("friend_links")
      .selectAll()
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (!before) throw new NotFoundError();
    const after = await trx
      .updateTable("friend_links")
      .set({ status: input.decision === "approve" ? "approved" : "rejected", reviewedAt: now })
      .where("id", "=", before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, {
      adminId,
      action: "review",
      entity: "friendLink",
      entityId: after.id,
      before: presentAdminFriendLink(before),
      after: presentAdminFriendLink(after),
    });
    return presentAdminFriendLink(after);
  });
}

export async function markLeadHandled(
  ctx: AppContext,
  adminId: number,
  id: number,
): Promise<ReturnType<typeof presentLead>> {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const before = await trx.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw new NotFoundError();
    // Marking twice keeps the first handling time.
    const after = await trx
      .updateTable("leads")
      .set({ status: "handled", handledAt: before.handledAt ?? now })
      .where("id", "=", before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, {
      adminId,
      action: "handle",
      entity: "lead",
      entityId: after.id,
      before: presentLead(before),
      after: presentLead(after),
    });
    return presentLead(after);
  });
}
