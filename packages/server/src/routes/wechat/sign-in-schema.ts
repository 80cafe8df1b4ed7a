import { z } from "zod";
import { codeParam, enumParam, phoneParam, textParam } from "../../http/params.ts";

export const startSignInInput = z.object({
  purpose: enumParam(["login", "bind"], "wechatPurposeInvalid"),
  app: enumParam(["website", "oa"], "wechatLoginUnavailable"),
  /** Where to go once signed in or bound: a path on this site (anything else is ignored). */
  returnTo: textParam("wechatReturnToInvalid", { max: 500 }).optional(),
});

const ticketParam = textParam("wechatTicketMissing", { min: 1, max: 64 });

export const ticketInput = z.object({ ticket: ticketParam });

export const bindPhoneInput = z.object({ ticket: ticketParam, phone: phoneParam, code: codeParam });
