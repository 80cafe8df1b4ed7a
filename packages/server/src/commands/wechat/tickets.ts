import type { LoginResult } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import type { WechatLoginTicketRow } from "../../db/tables/wechat-login-tickets.ts";
import { ConflictError, ForbiddenError, InvalidInputError } from "../../errors.ts";
import { sha256 } from "../../security/hashing.ts";
import { checkPhoneCode, codeCheckError } from "../account/phone-codes.ts";
import { createSession, type SessionOrigin } from "../account/sessions.ts";
import { findUserByPhone, insertUser } from "../account/users.ts";
import { boundUserId, hasBinding, insertBinding } from "./bindings.ts";

const TICKET = /^[A-Za-z0-9_-]{20,64}$/;

const ticketRefused = () => InvalidInputError.field("ticket", "wechatTicketInvalid");

/** The ticket's row while it is unused and fresh, or undefined. */
async function liveTicket(
  db: Trx,
  ticket: string,
  kind: "login" | "bind",
  now: Date,
): Promise<WechatLoginTicketRow | undefined> {
  if (!TICKET.test(ticket)) return undefined;
  return db
    .selectFrom("wechat_login_tickets")
    .selectAll()
    .where("ticketHash", "=", sha256(ticket))
    .where("kind", "=", kind)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", iso(now))
    .executeTakeFirst();
}

/** Marks the ticket used: one conditional update, so of two concurrent uses only one goes through. */
async function takeTicket(db: Trx, id: number, now: Date): Promise<boolean> {
  const taken = await db
    .updateTable("wechat_login_tickets")
    .set({ usedAt: iso(now) })
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** A WeChat already bound: its login ticket (from the callback) for the session every login answers with. */
export async function loginWithWeChatTicket(
  ctx: AppContext,
  ticket: string,
  origin: SessionOrigin,
): Promise<LoginResult> {
  const now = ctx.clock.now();
  const outcome = await transaction(ctx.db, async (trx) => {
    const row = await liveTicket(trx, ticket, "login", now);
    if (!row?.userId || !(await takeTicket(trx, row.id, now))) return "refused" as const;
    const user = await trx.selectFrom("users").selectAll().where("id", "=", row.userId).executeTakeFirst();
    if (!user) return "refused" as const;
    if (user.status !== "active") return "disabled" as const;
    return createSession(trx, ctx.clock, ctx.config.sessionTtlDays, user, origin);
  });
  if (outcome === "refused") throw ticketRefused();
  if (outcome === "disabled") throw new ForbiddenError("accountDisabled");
  return outcome;
}

/**
 * 绑定手机号 after the first WeChat sign-in: a right SMS code (the login code) for `phone` binds the WeChat the
 * bind ticket remembers to that phone's account, creating the account (as an SMS login does) for a new phone,
 * and signs in. A wrong code is counted and leaves the ticket usable; the ticket works once.
 */
export async function bindWeChatByPhone(
  ctx: AppContext,
  args: { ticket: string; phone: string; code: string },
  origin: SessionOrigin,
): Promise<LoginResult> {
  const now = ctx.clock.now();
  const outcome = await transaction(ctx.db, async (trx) => {
    const row = await liveTicket(trx, args.ticket, "bind", now);
    if (!row) return { kind: "refused" } as const;
    const check = await checkPhoneCode(ctx, trx, { phone: args.phone, code: args.code, purpose: "login" });
    if (check !== "ok") return { kind: "bad-code", check } as const;
    // Thrown, not returned: the code stays unused when the ticket was taken meanwhile.
    if (!(await takeTicket(trx, row.id, now))) throw ticketRefused();
    const who = { appId: row.appId, openidDigest: row.openidDigest, unionidDigest: row.unionidDigest };
    const existing = await findUserByPhone(trx, args.phone);
    const owner = await boundUserId(trx, who);
    if (owner !== null && owner !== existing?.id) throw new ConflictError("wechatBoundToOther");
    if (existing && owner === null && (await hasBinding(trx, existing.id)))
      throw new ConflictError("wechatAccountHasOther");
    const user =
      existing ??
      (await insertUser(trx, now, {
        phone: args.phone,
        ...(row.nickname ? { nickName: row.nickname } : {}),
      }));
    if (user.status !== "active") return { kind: "disabled" } as const;
    if (owner === null && !(await insertBinding(trx, user.id, who, row.nickname, now)))
      throw new ConflictError("wechatBoundToOther");
    return {
      kind: "ok",
      login: await createSession(trx, ctx.clock, ctx.config.sessionTtlDays, user, origin),
    } as const;
  });
  if (outcome.kind === "refused") throw ticketRefused();
  if (outcome.kind === "bad-code") throw codeCheckError(outcome.check);
  if (outcome.kind === "disabled") throw new ForbiddenError("accountDisabled");
  return outcome.login;
}
