import { memberRoles, messages } from "@wjgj/core";
import { z } from "zod";
import {
  booleanParam,
  enumParam,
  idParam,
  intFromText,
  optionalIdParam,
  pageNumParam,
  pageSizeParam,
} from "../../http/params.ts";
import { recycleListInput } from "../questionary/schema.ts";

/** Only a whole mainland mobile number: a partial one is refused before any look-up (no enumeration). */
const teamPhoneParam = z
  .string({ error: messages.teamPhoneInvalid })
  .trim()
  .regex(/^1\d{10}$/, messages.teamPhoneInvalid);

const roleParam = enumParam(memberRoles, "teamRoleInvalid");

export const teamIdInput = z.object({ id: idParam });

export const searchInput = z.object({ id: idParam, phone: teamPhoneParam });

export const addInput = z
  .object({
    id: idParam,
    kind: enumParam(["phone", "link"], "teamInviteKindInvalid").default("link"),
    role: roleParam,
    phone: teamPhoneParam.optional(),
    expireDays: intFromText("teamExpireInvalid", 1, 30).default(7),
    maxUses: intFromText("teamMaxUsesInvalid", 1, 100).default(10),
  })
  .refine((input) => input.kind !== "phone" || input.phone !== undefined, {
    path: ["phone"],
    message: messages.teamPhoneInvalid,
  });

/** The code of an /accept link: 24 base64url characters (longer or stranger text is no link of ours). */
export const codeInput = z.object({
  code: z
    .string({ error: messages.teamInviteCodeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, messages.teamInviteCodeInvalid),
});

export const stopInput = z.object({ id: idParam, inviteId: idParam });

export const memberInput = z.object({ id: idParam, userId: idParam });

/** `hidePersonal` (optional): hide personal data (IP, identifying answers) from this member. */
export const roleInput = z.object({
  id: idParam,
  userId: idParam,
  role: roleParam,
  hidePersonal: booleanParam("teamHidePersonalInvalid").optional(),
});

export const sharedListInput = recycleListInput;

export const activityInput = z.object({ id: idParam, pageNum: pageNumParam, pageSize: pageSizeParam });

export const noticeListInput = z.object({ pageNum: pageNumParam, pageSize: pageSizeParam });

/** Without an id, every unread notification of the viewer is marked read. */
export const readNoticeInput = z.object({ id: optionalIdParam });
