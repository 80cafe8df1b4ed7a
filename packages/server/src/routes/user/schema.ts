import { messages, SECURITY_CODE_PURPOSES } from "@wjgj/core";
import { z } from "zod";
import {
  blankAsAbsent,
  codeParam,
  enumParam,
  fromTypeParam,
  idParam,
  newPasswordParam,
  passwordParam,
  phoneParam,
} from "../../http/params.ts";

export const phoneInput = z.object({ phone: phoneParam });

/**
 * `user/sendCode`: a login code by default; the thank-you page asks for one to take a red packet or to draw,
 * so the SMS says what the code is for (a code for one purpose never passes for another).
 */
export const sendCodeInput = phoneInput.extend({
  purpose: z
    .enum(["login", "redPacket", "draw", "myResponses", "exam"], { error: messages.codePurposeInvalid })
    .default("login"),
});
export const phoneCodeInput = z.object({ phone: phoneParam, code: codeParam });
export const passwordLoginInput = z.object({
  phone: phoneParam,
  password: passwordParam,
  /** Asked for once this client has failed for this phone too often (user/getLoginCaptcha). */
  captchaId: blankAsAbsent(
    z.string({ error: messages.captchaWrong }).regex(/^[0-9a-f]{32}$/, messages.captchaWrong),
  ),
  captchaCode: blankAsAbsent(
    z.string({ error: messages.captchaWrong }).trim().max(10, messages.captchaWrong),
  ),
});
export const setPasswordInput = z.object({
  password: newPasswordParam,
  /** A change proves itself by the old password or by a `password` code sent to the account's phone. */
  oldPassword: blankAsAbsent(passwordParam),
  code: blankAsAbsent(codeParam),
});

export const resetPasswordInput = z.object({
  phone: phoneParam,
  code: codeParam,
  password: newPasswordParam,
});

export const securityCodeInput = z.object({
  purpose: enumParam(SECURITY_CODE_PURPOSES, "codePurposeInvalid"),
});

export const changePhoneInput = z.object({
  phone: phoneParam,
  code: codeParam,
  /** The old phone's `phone-old` code, or — when it can no longer receive SMS — the password. */
  oldCode: blankAsAbsent(codeParam),
  password: blankAsAbsent(passwordParam),
});

export const sessionIdInput = z.object({ id: idParam });

export const deletionInput = z.object({
  password: blankAsAbsent(passwordParam),
  code: blankAsAbsent(codeParam),
});

export const avatarInput = z.object({
  file: z.object(
    { filename: z.string().max(255), data: z.instanceof(Buffer) },
    { error: messages.uploadMissingFile },
  ),
});

export const updateUserInfoInput = z
  .object({
    nickName: z
      .string({ error: messages.nickNameInvalid })
      .trim()
      .min(1, messages.nickNameInvalid)
      .max(20, messages.nickNameInvalid)
      .optional(),
    // An uploaded file's path or an http(s) address; nothing that could run script.
    avatar: z
      .string({ error: messages.avatarInvalid })
      .trim()
      .max(500, messages.avatarInvalid)
      .regex(/^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*|)$/, messages.avatarInvalid)
      .optional(),
  })
  .refine((v) => v.nickName !== undefined || v.avatar !== undefined, {
    message: "请填写要修改的昵称或头像",
    path: ["nickName"],
  });

export const otherLoginInput = z.object({
  requestParam: z
    .string({ error: messages.otherLoginBadSignature })
    .trim()
    .min(1, messages.otherLoginBadSignature)
    .max(4096, messages.otherLoginBadSignature),
  fromType: fromTypeParam,
});

export const emptyInput = z.object({});
