import { randomBytes } from "node:crypto";
import { limits } from "@wjgj/core";
import svgCaptcha from "svg-captcha";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { safeEqual, sha256 } from "../../security/hashing.ts";

/** Case does not matter to a person reading the picture, so it does not matter here. */
export function hashCaptchaAnswer(text: string): string {
  return sha256(text.trim().toLowerCase());
}

export interface LoginCaptcha {
  captchaId: string;
  /** The picture as a data URL, shown in an <img> (an SVG there runs no script). */
  image: string;
}

/** A new image captcha (svg-captcha): four characters without look-alikes, valid for a few minutes. */
export async function createLoginCaptcha(ctx: AppContext): Promise<LoginCaptcha> {
  const captcha = svgCaptcha.create({ size: 4, ignoreChars: "0oO1ilI", noise: 2, width: 120, height: 40 });
  const captchaId = randomBytes(16).toString("hex");
  await ctx.db
    .insertInto("login_captchas")
    .values({
      id: captchaId,
      answerHash: hashCaptchaAnswer(captcha.text),
      expiresAt: iso(addSeconds(ctx.clock.now(), limits.passwordLogin.captchaTtlSeconds)),
      usedAt: null,
    })
    .execute();
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString("base64")}` };
}

/**
 * Whether `code` answers captcha `captchaId`. A captcha is spent by its first answer, right or wrong, so
 * one picture buys one password try and its four characters cannot be guessed in turn.
 */
export async function consumeLoginCaptcha(
  ctx: AppContext,
  captchaId: string,
  code: string,
): Promise<boolean> {
  const now = iso(ctx.clock.now());
  const spent = await ctx.db
    .updateTable("login_captchas")
    .set({ usedAt: now })
    .where("id", "=", captchaId)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .returning("answerHash")
    .executeTakeFirst();
  if (!spent) return false;
  return safeEqual(Buffer.from(spent.answerHash), Buffer.from(hashCaptchaAnswer(code)));
}
