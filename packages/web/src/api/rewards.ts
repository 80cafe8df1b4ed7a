import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Eligibility,
  PrizeKind,
  PrizeSet,
  PrizeView,
  RedPacketClaimView,
  RedPacketKind,
  RedPacketView,
  WinnerView,
} from "@wjgj/core";
import { fetchProtectedBlob, saveBlob } from "./exports.ts";
import { http } from "./request.ts";

/** Client of `prize/*` and `redPacket/*` (issue #17; shapes in @wjgj/core api/rewards.ts). */
export interface PrizeInput {
  questionnaireId: number;
  name: string;
  prizeType: PrizeKind;
  stock?: number;
  probability: number;
  image?: string;
  codes?: string;
}

/** A prize's changes: its kind stays; an image of "" takes the picture away. */
export type PrizeChanges = Omit<PrizeInput, "prizeType"> & { prizeId: number };

export interface RedPacketInput {
  questionnaireId: number;
  packetType: RedPacketKind;
  count: number;
  totalFen?: number;
  amountFen?: number;
  review: boolean;
  eligibility?: Eligibility;
}

export const rewardsApi = {
  getPrizeSet: (questionnaireId: number) => http.get<PrizeSet>("prize/getPrizeSet", { questionnaireId }),
  updatePrizeSet: (questionnaireId: number, prizeSet: Partial<PrizeSet>) =>
    http.postJson<PrizeSet>("prize/updatePrizeSet", { questionnaireId, prizeSet }),
  getPrizeList: (questionnaireId: number) => http.get<PrizeView[]>("prize/getPrizeList", { questionnaireId }),
  addPrize: (input: PrizeInput) => http.postJson<PrizeView>("prize/addPrize", input),
  /** Changes a prize in place; codes add to a coupon's (those handed out stay). */
  updatePrize: (input: PrizeChanges) => http.postJson<null>("prize/updatePrize", input),
  removePrize: (questionnaireId: number, prizeId: number) =>
    http.postJson<null>("prize/updatePrize", { questionnaireId, prizeId, deleted: true }),
  getWinnerList: (questionnaireId: number) =>
    http.get<WinnerView[]>("prize/getWinnerList", { questionnaireId }),
  markSent: (questionnaireId: number, drawId: number) =>
    http.postJson<null>("prize/markSent", { questionnaireId, drawId }),
  exportWinners: async (questionnaireId: number, title: string) =>
    saveBlob(
      await fetchProtectedBlob(`/wjgj/api/prize/exportWinnerList?questionnaireId=${questionnaireId}`),
      `${title}-中奖名单.xlsx`,
    ),
  getRedPacketList: (questionnaireId: number) =>
    http.get<RedPacketView[]>("redPacket/getRedPacketList", { questionnaireId }),
  addRedPacket: (input: RedPacketInput) => http.postJson<RedPacketView>("redPacket/addRedPacket", input),
  delRedPacket: (questionnaireId: number, redPacketId: number) =>
    http.postJson<null>("redPacket/delRedPacket", { questionnaireId, redPacketId }),
  getClaimList: (questionnaireId: number) =>
    http.get<RedPacketClaimView[]>("redPacket/getClaimList", { questionnaireId }),
  reviewClaim: (questionnaireId: number, claimId: number, approve: boolean) =>
    http.postJson<null>("redPacket/reviewClaim", { questionnaireId, claimId, approve }),
};

export const rewardKeys = {
  all: ["rewards"] as const,
  of: (questionnaireId: number) => [...rewardKeys.all, questionnaireId] as const,
  prizeSet: (id: number) => [...rewardKeys.of(id), "set"] as const,
  prizes: (id: number) => [...rewardKeys.of(id), "prizes"] as const,
  winners: (id: number) => [...rewardKeys.of(id), "winners"] as const,
  redPackets: (id: number) => [...rewardKeys.of(id), "redPackets"] as const,
  claims: (id: number) => [...rewardKeys.of(id), "claims"] as const,
};

export const usePrizeSet = (id: number) =>
  useQuery({ queryKey: rewardKeys.prizeSet(id), queryFn: () => rewardsApi.getPrizeSet(id) });
export const usePrizeList = (id: number) =>
  useQuery({ queryKey: rewardKeys.prizes(id), queryFn: () => rewardsApi.getPrizeList(id) });
export const useWinnerList = (id: number) =>
  useQuery({ queryKey: rewardKeys.winners(id), queryFn: () => rewardsApi.getWinnerList(id) });
export const useRedPacketList = (id: number) =>
  useQuery({ queryKey: rewardKeys.redPackets(id), queryFn: () => rewardsApi.getRedPacketList(id) });
export const useClaimList = (id: number) =>
  useQuery({ queryKey: rewardKeys.claims(id), queryFn: () => rewardsApi.getClaimList(id) });

/** One mutation hook for every reward change: each refreshes the questionnaire's reward queries. */
export function useRewardMutation<I, R>(questionnaireId: number, fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardKeys.of(questionnaireId) }),
  });
}
