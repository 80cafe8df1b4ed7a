import { eligibilitySchema, redPacketKinds } from "@wjgj/core";
import {
  blankAsAbsent,
  booleanParam,
  codeParam,
  enumParam,
  idParam,
  intFromText,
  jsonObjectParam,
  phoneParam,
} from "../../http/params.ts";
import { questionnaireInput, responseProofInput } from "../prize/schema.ts";

/** Inputs of `/wjgj/api/redPacket/*`; amounts are integer fen (at most 200 yuan a packet, 50000 a budget). */

export { questionnaireInput };

export const addRedPacketInput = questionnaireInput.extend({
  packetType: enumParam(redPacketKinds, "redPacketTypeInvalid"),
  count: intFromText("redPacketCountInvalid", 1, 10_000),
  totalFen: blankAsAbsent(intFromText("redPacketAmountInvalid", 1, 5_000_000)),
  amountFen: blankAsAbsent(intFromText("redPacketAmountInvalid", 1, 20_000)),
  review: blankAsAbsent(booleanParam("redPacketTypeInvalid")).transform((v) => v ?? false),
  eligibility: blankAsAbsent(jsonObjectParam(eligibilitySchema)).transform(
    (v) => v ?? { kind: "all" as const },
  ),
});

export const redPacketInput = questionnaireInput.extend({ redPacketId: idParam });

export const claimInput = responseProofInput.extend({
  redPacketId: idParam,
  phone: phoneParam,
  code: codeParam,
  // No openid: the payee of a 零钱 payout is the browser's verified WeChat identity (the route reads its cookie);
  // an `openid` a page still sends is dropped with the other unknown fields.
});

export const reviewInput = questionnaireInput.extend({
  claimId: idParam,
  approve: booleanParam("redPacketClaimNotFound"),
});
