import type { FastifyInstance, FastifyRequest } from "fastify";
import { loginWithPassword, loginWithPhoneCode } from "../../commands/account/login.ts";
import { createLoginCaptcha } from "../../commands/account/login-captcha.ts";
import { loginFromOtherPlatform } from "../../commands/account/other-platform-login.ts";
import { sendPhoneCode } from "../../commands/account/phone-codes.ts";
import { bindPhone, sendBindPhoneCode, updateProfile } from "../../commands/account/profile.ts";
import { revokeSession, type SessionOrigin } from "../../commands/account/sessions.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { presentUserInfo } from "../../presenters/user.ts";
import { accountRoutes } from "./account.ts";
import {
  emptyInput,
  otherLoginInput,
  passwordLoginInput,
  phoneCodeInput,
  phoneInput,
  sendCodeInput,
  updateUserInfoInput,
} from "./schema.ts";

function origin(request: FastifyRequest, fromType: number): SessionOrigin {
  return { ip: request.ip, userAgent: String(request.headers["user-agent"] ?? ""), fromType };
}

/** Accounts and sessions: `/wjgj/api/user/*`. */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  accountRoutes(app, ctx);
  defineRoute(app, ctx, {
    method: "POST",
    path: "user/sendCode",
    access: "public",
    input: sendCodeInput,
    successMessage: "codeSent",
    handler: ({ input, ip }) => sendPhoneCode(ctx, { phone: input.phone, purpose: input.purpose, ip }),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/checkPhoneCode",
    access: "public",
    input: phoneCodeInput,
    handler: ({ input, request, fromType }) => loginWithPhoneCode(ctx, input, origin(request, fromType)),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "user/getLoginCaptcha",
    access: "public",
    input: emptyInput,
    handler: () => createLoginCaptcha(ctx),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/login",
    access: "public",
    input: passwordLoginInput,
    handler: ({ input, request, fromType }) => loginWithPassword(ctx, input, origin(request, fromType)),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/fromOtherLogin",
    access: "public",
    input: otherLoginInput,
    handler: ({ input, request }) => loginFromOtherPlatform(ctx, input, origin(request, input.fromType)),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/logout",
    access: "optional",
    input: emptyInput,
    handler: async ({ viewer }) => {
      if (viewer) await revokeSession(ctx.db, ctx.clock, viewer.session.id);
      return null;
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "user/getUserInfo",
    access: "account:use",
    input: emptyInput,
    handler: async ({ viewer }) => presentUserInfo(viewer.user),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/updateUserInfo",
    access: "account:use",
    input: updateUserInfoInput,
    handler: ({ viewer, input }) => updateProfile(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "user/getPhoneCode",
    access: "account:use",
    input: phoneInput,
    successMessage: "codeSent",
    handler: ({ viewer, input, ip }) => sendBindPhoneCode(ctx, viewer, input.phone, ip),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/confirmPhone",
    access: "account:use",
    input: phoneCodeInput,
    handler: ({ viewer, input }) => bindPhone(ctx, viewer, input),
  });
}
