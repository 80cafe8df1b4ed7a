import { messages, questionaryStatuses } from "@wjgj/core";
import { z } from "zod";
import { auditEntities } from "../../commands/admin/audit.ts";
import {
  blankAsAbsent,
  booleanParam,
  dateTimeParam,
  enumParam,
  idParam,
  intFromText,
  jsonObjectParam,
  optionalIdParam,
  pageNumParam,
  pageSizeParam,
  textParam,
  urlParam,
} from "../../http/params.ts";

/** Paged lists filtered by (part of) a phone number. */
export const phoneSearchInput = z.object({
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
  phone: z
    .string({ error: "手机号搜索条件需为文本" })
    .trim()
    .max(20, "手机号搜索条件过长")
    .regex(/^\d*$/, "手机号搜索条件只能包含数字")
    .optional(),
});

export const userSearchInput = phoneSearchInput.extend({
  nickName: blankAsAbsent(textParam("nickNameSearchInvalid", { max: 20 })),
});

export const userUpdateInput = z
  .object({
    id: idParam,
    status: blankAsAbsent(enumParam(["active", "disabled"], "userStatusInvalid")),
    vipLevel: blankAsAbsent(intFromText("userVipLevelInvalid", 0, 3)),
    vipStopTime: blankAsAbsent(dateTimeParam()),
    /** Why the membership is changed by hand: required when it changes, kept in the audit log. */
    vipReason: blankAsAbsent(textParam("vipChangeReasonInvalid", { max: 200 })),
    /** 模板作者: may submit templates to the public gallery (seed's user field isTemplate). */
    isTemplate: blankAsAbsent(booleanParam("userIsTemplateInvalid")),
  })
  .refine(
    (v) =>
      v.status !== undefined ||
      v.vipLevel !== undefined ||
      v.vipStopTime !== undefined ||
      v.isTemplate !== undefined,
    {
      message: messages.userUpdateEmpty,
      path: ["status"],
    },
  );
export type UserUpdate = z.output<typeof userUpdateInput>;

export const userSessionsInput = z.object({
  userId: idParam,
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
});

const pageInput = { pageNum: pageNumParam, pageSize: pageSizeParam };

export const friendLinkListInput = z.object({
  ...pageInput,
  status: blankAsAbsent(enumParam(["pending", "approved", "rejected"], "statusInvalid")),
});

export const friendLinkReviewInput = z.object({
  id: idParam,
  decision: enumParam(["approve", "reject"], "reviewDecisionInvalid"),
});

export const questionnaireListInput = z.object({
  ...pageInput,
  keyword: blankAsAbsent(textParam("keywordInvalid", { max: 50 })),
  ownerPhone: phoneSearchInput.shape.phone,
  status: blankAsAbsent(enumParam(questionaryStatuses, "statusInvalid")),
  takenDown: blankAsAbsent(booleanParam("takenDownFilterInvalid")),
});

export const takeDownInput = z.object({
  id: idParam,
  reason: textParam("takeDownReasonInvalid", { min: 1, max: 200, multiline: true }),
});

export const leadListInput = z.object({
  ...pageInput,
  kind: blankAsAbsent(enumParam(["service", "contact"], "leadKindInvalid")),
  status: blankAsAbsent(enumParam(["new", "handled"], "statusInvalid")),
});

export const auditListInput = z.object({
  ...pageInput,
  entity: blankAsAbsent(enumParam(auditEntities, "auditEntityInvalid")),
  entityId: blankAsAbsent(textParam("idInvalid", { max: 64 })),
  adminId: optionalIdParam,
});

const setting = (max: number) => textParam("settingTooLong", { max });
/** A settings section: a JSON object (or its JSON text) of known fields, each optional. */
const section = <T extends z.ZodRawShape>(shape: T) =>
  jsonObjectParam(z.strictObject(shape, { error: messages.settingsInvalid }).partial());

export const settingsSaveInput = z
  .object({
    footer: section({
      siteName: setting(40),
      siteUrl: setting(200),
      siteIcp: setting(100),
      siteMail: setting(100),
      sitePhone: setting(40),
      versionInfo: setting(40),
      versionNumber: setting(40),
      versionBuilt: setting(40),
      years: setting(40),
    }),
    logo: urlParam("urlInvalid", { optional: true }),
    contact: section({
      address: setting(200),
      phone: setting(40),
      email: setting(100),
      workTime: setting(100),
    }),
    wwwNote: textParam("settingTooLong", { max: 500, multiline: true }),
    sms: section({
      provider: enumParam(["console", "aliyun", "tencent"], "settingsInvalid"),
      signName: setting(40),
      templateCode: setting(64),
      accessKeyId: setting(128),
      accessKeySecret: setting(256),
      clearAccessKeySecret: booleanParam("settingsInvalid"),
    }),
  })
  .partial()
  .refine((v) => Object.values(v).some((section) => section !== undefined), {
    message: messages.settingsEmpty,
    path: ["params"],
  });
export type SettingsSave = z.output<typeof settingsSaveInput>;
