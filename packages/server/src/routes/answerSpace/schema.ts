import { messages, spaceRules, spaceSettingLimits } from "@wjgj/core";
import { z } from "zod";
import {
  blankAsAbsent,
  enumParam,
  idParam,
  intFromText,
  pageNumParam,
  pageSizeParam,
  textParam,
} from "../../http/params.ts";
import { responseProofInput } from "../prize/schema.ts";

/** Inputs of `/wjgj/api/answerSpace/*`: `id` names the caller's questionnaire. */

export const postInput = z.object({
  id: idParam,
  // The admin's range is checked by the command (it says which range applies today).
  reward: intFromText("spaceRewardInvalid", 1, spaceSettingLimits.maxReward),
  quota: intFromText("spaceQuotaInvalid", spaceRules.minQuota, spaceRules.maxQuota),
});

/** delUserSpace (结束), pauseUserSpace and resumeUserSpace: the questionnaire whose live post it is. */
export const questionnaireIdInput = z.object({ id: idParam });

/** getMySpaceList: the caller's own posts, a page at a time. */
export const mySpaceListInput = z.object({ pageNum: pageNumParam, pageSize: pageSizeParam });

export const earnInput = responseProofInput;

export const spaceListInput = z.object({
  keyword: blankAsAbsent(textParam("keywordInvalid", { max: 50 })),
  sort: blankAsAbsent(enumParam(["points", "recent"], "invalidInput")).transform((v) => v ?? "recent"),
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
});

export const removeInput = z.object({
  id: idParam,
  reason: textParam("spaceRemovedReasonInvalid", { min: 1, max: 200, multiline: true }),
});

export const adminSpaceListInput = z.object({
  keyword: blankAsAbsent(textParam("keywordInvalid", { max: 50 })),
  status: blankAsAbsent(
    enumParam(["active", "paused", "completed", "withdrawn", "removed"], "statusInvalid"),
  ),
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
});

const reward = intFromText("spaceRewardLimitInvalid", 1, spaceSettingLimits.maxReward);

/** `admin/space/saveRules`: 互填积分规则, every value a whole number. */
export const spaceSettingsInput = z
  .object({
    dailyCap: intFromText("spaceDailyCapInvalid", 1, spaceSettingLimits.maxDailyCap),
    secondsPerQuestion: intFromText("spaceSecondsInvalid", 0, spaceSettingLimits.maxSecondsPerQuestion),
    minSeconds: intFromText("spaceMinSecondsInvalid", 0, spaceSettingLimits.maxMinSeconds),
    minReward: reward,
    maxReward: reward,
    postFee: intFromText("spacePostFeeInvalid", 0, spaceSettingLimits.maxPostFee),
  })
  .refine((r) => r.minReward <= r.maxReward, {
    message: messages.spaceRewardRangeInvalid,
    path: ["minReward"],
  });
