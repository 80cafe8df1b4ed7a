import type { FastifyInstance } from "fastify";
import { uploadAvatar } from "../../commands/account/avatar.ts";
import { sendResetCode, sendSecurityCode } from "../../commands/account/codes.ts";
import { cancelDeletion, requestDeletion } from "../../commands/account/deletion.ts";
import { listSessions, signOutSession } from "../../commands/account/devices.ts";
import { sendPhoneCode } from "../../commands/account/phone-codes.ts";
import {
  assertNewPhoneFree,
  changePhone,
  presentAccountSecurity,
  resetPassword,
  setPassword,
} from "../../commands/account/security.ts";
import { revokeOtherSessions } from "../../commands/account/sessions.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { presentUserInfo } from "../../presenters/user.ts";
import {
  avatarInput,
  changePhoneInput,
  deletionInput,
  emptyInput,
  phoneInput,
  resetPasswordInput,
  securityCodeInput,
  sessionIdInput,
  setPasswordInput,
} from "./schema.ts";

/** Account self-service (/dc/personalCenter type 1) and 忘记密码 (/Loginone): `/wjgj/api/user/*`. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "POST",
    path: "user/sendResetCode",
    access: "public",
    input: phoneInput,
    successMessage: "codeSent",
    handler: ({ input, ip }) => sendResetCode(ctx, input.phone, ip),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/resetPassword",
    access: "public",
    input: resetPasswordInput,
    successMessage: "passwordResetByCode",
    handler: ({ input }) => resetPassword(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "user/getAccountSecurity",
    access: "account:use",
    input: emptyInput,
    handler: async ({ viewer }) => presentAccountSecurity(viewer),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/sendSecurityCode",
    access: "account:use",
    input: securityCodeInput,
    successMessage: "codeSent",
    handler: ({ viewer, input, ip }) => sendSecurityCode(ctx, viewer, input.purpose, ip),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/setPassword",
    access: "account:use",
    input: setPasswordInput,
    successMessage: "passwordSaved",
    handler: ({ viewer, input }) => setPassword(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/uploadAvatar",
    access: "account:use",
    input: avatarInput,
    handler: ({ viewer, input }) => uploadAvatar(ctx, viewer, input.file),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/sendNewPhoneCode",
    access: "account:use",
    input: phoneInput,
    successMessage: "codeSent",
    handler: async ({ viewer, input, ip }) => {
      await assertNewPhoneFree(ctx, viewer, input.phone);
      await sendPhoneCode(ctx, { phone: input.phone, purpose: "phone-new", ip });
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/changePhone",
    access: "account:use",
    input: changePhoneInput,
    successMessage: "phoneChanged",
    handler: async ({ viewer, input }) => presentUserInfo(await changePhone(ctx, viewer, input)),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "user/getSessionList",
    access: "account:use",
    input: emptyInput,
    handler: ({ viewer }) => listSessions(ctx, viewer),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/signOutSession",
    access: "account:use",
    input: sessionIdInput,
    successMessage: "sessionSignedOut",
    handler: ({ viewer, input }) => signOutSession(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/signOutOtherSessions",
    access: "account:use",
    input: emptyInput,
    successMessage: "otherSessionsSignedOut",
    handler: ({ viewer }) => revokeOtherSessions(ctx.db, ctx.clock, viewer.user.id, viewer.session.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/requestDeletion",
    access: "account:use",
    input: deletionInput,
    successMessage: "deletionRequested",
    handler: ({ viewer, input }) => requestDeletion(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "user/cancelDeletion",
    access: "account:use",
    input: emptyInput,
    successMessage: "deletionCancelled",
    handler: ({ viewer }) => cancelDeletion(ctx, viewer),
  });
}
