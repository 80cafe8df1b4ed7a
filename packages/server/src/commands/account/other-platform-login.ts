import { limits, PHONE_PATTERN } from "@wjgj/core";
import { z } from "zod";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/index.ts";
import { ForbiddenError, InvalidInputError } from "../../errors.ts";
import { hmacSha256, safeEqual, sha256 } from "../../security/hashing.ts";
import { createSession, type SessionOrigin } from "./sessions.ts";
import { findUserByPhone, insertUser } from "./users.ts";

/** What a partner platform signs (documented in the README). `iat` is in Unix seconds. */
const payloadSchema = z.object({
  platformUserId: z.string().trim().min(1).max(128),
  nickName: z.string().trim().max(64).optional(),
  phone: z.string().trim().optional(),
  iat: z.number().int().positive(),
});

type Payload = z.infer<typeof payloadSchema>;

function badParam(
  key: "otherLoginBadSignature" | "otherLoginExpired" | "otherLoginReplayed" | "otherLoginNotConfigured",
) {
  return InvalidInputError.field("requestParam", key);
}

/**
 * `requestParam` = base64url(JSON payload) + "." + base64url(HMAC-SHA256(JSON payload bytes, secret)).
 * Returns the payload when the signature is right; throws otherwise.
 */
export function verifyRequestParam(requestParam: string, secret: string): Payload {
  const parts = requestParam.split(".");
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw badParam("otherLoginBadSignature");
  const payloadBytes = Buffer.from(parts[0], "base64url");
  const signature = Buffer.from(parts[1], "base64url");
  if (!safeEqual(signature, hmacSha256(payloadBytes, secret))) throw badParam("otherLoginBadSignature");
  let json: unknown;
  try {
    json = JSON.parse(payloadBytes.toString("utf8"));
  } catch {
    throw badParam("otherLoginBadSignature");
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) throw badParam("otherLoginBadSignature");
  return parsed.data;
}

/** Whether this exact requestParam already logged someone in (it works once). */
export async function isRequestParamUsed(db: Db, requestParam: string): Promise<boolean> {
  const row = await db
    .selectFrom("other_login_uses")
    .select("signature")
    .where("signature", "=", sha256(requestParam))
    .executeTakeFirst();
  return row !== undefined;
}

/** Logs in a partner platform's user: finds or creates the linked account; each requestParam works once. */
export async function loginFromOtherPlatform(
  ctx: AppContext,
  args: { requestParam: string; fromType: number },
  origin: SessionOrigin,
): Promise<{ token: string; isTemplate: 0 | 1 }> {
  const secret = ctx.config.otherLoginSecret;
  if (!secret) throw badParam("otherLoginNotConfigured");
  const payload = verifyRequestParam(args.requestParam, secret);
  const now = ctx.clock.now();
  const ageSeconds = now.getTime() / 1000 - payload.iat;
  if (ageSeconds > limits.otherLogin.maxAgeSeconds || ageSeconds < -limits.otherLogin.clockSkewSeconds) {
    throw badParam("otherLoginExpired");
  }
  const result = await transaction(ctx.db, async (trx) => {
    // Accepted signatures are kept well past the validity window, then pruned.
    await trx
      .deleteFrom("other_login_uses")
      .where("usedAt", "<", iso(addSeconds(now, -86_400)))
      .execute();
    const use = await trx
      .insertInto("other_login_uses")
      .values({ signature: sha256(args.requestParam), usedAt: iso(now) })
      .onConflict((oc) => oc.column("signature").doNothing())
      .executeTakeFirst();
    if (Number(use.numInsertedOrUpdatedRows ?? 0) === 0) return "replayed" as const;

    const link = await trx
      .selectFrom("external_accounts")
      .select("userId")
      .where("fromType", "=", args.fromType)
      .where("platformUserId", "=", payload.platformUserId)
      .executeTakeFirst();
    let user = link
      ? await trx.selectFrom("users").selectAll().where("id", "=", link.userId).executeTakeFirst()
      : undefined;
    if (!user) {
      // A phone the partner asserts is kept only if no account owns it yet; binding an existing
      // account's phone needs the SMS check on /ConfirmPhone.
      const phone = payload.phone && PHONE_PATTERN.test(payload.phone) ? payload.phone : null;
      const phoneFree = phone ? !(await findUserByPhone(trx, phone)) : false;
      user = await insertUser(trx, now, {
        phone: phoneFree ? phone : null,
        ...(payload.nickName ? { nickName: payload.nickName } : {}),
      });
      await trx
        .insertInto("external_accounts")
        .values({
          fromType: args.fromType,
          platformUserId: payload.platformUserId,
          userId: user.id,
          createdAt: iso(now),
        })
        .execute();
    }
    if (user.status !== "active") return "disabled" as const;
    const login = await createSession(trx, ctx.clock, ctx.config.sessionTtlDays, user, {
      ...origin,
      fromType: args.fromType,
    });
    return { token: login.token, isTemplate: login.userInfo.isTemplate };
  });
  if (result === "replayed") throw badParam("otherLoginReplayed");
  if (result === "disabled") throw new ForbiddenError("accountDisabled");
  return result;
}
