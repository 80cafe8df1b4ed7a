import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ErasureRequestList,
  ErasureRequestView,
  MyResponses,
  MyResponsesLookup,
  Receipt,
} from "@wjgj/core";
import { http } from "./request.ts";
import { resultsKeys } from "./results.ts";

/**
 * Respondents' rights (issue #36): a respondent's receipt and 申请删除 (public, by the receipt's token), finding
 * one's responses by a phone code, and the creator's list of requests with 同意删除 / 不同意.
 */
export const rightsApi = {
  receipt: (token: string) =>
    // Refusals (a changed link) are the page's to show, not a toast.
    http.get<Receipt>("anQuestion/getReceipt", { token }, { silent: true }),
  requestErasure: (input: { token: string; reason: string }) =>
    http.postJson<Receipt>("anQuestion/requestErasure", input),
  sendCode: (phone: string) => http.postJson<null>("user/sendCode", { phone, purpose: "myResponses" }),
  // A link to a questionnaire that is gone is the page's to say, not a toast.
  lookup: (publicId: string) =>
    http.get<MyResponsesLookup>("anQuestion/getMyResponsesLookup", { publicId }, { silent: true }),
  find: (input: { publicId: string; phone: string; code: string }) =>
    http.postJson<MyResponses>("anQuestion/findMyResponses", input),
  requests: (id: number) => http.get<ErasureRequestList>("answer/getErasureRequests", { id }),
  handle: (input: { id: number; requestId: number; approve: boolean; note: string }) =>
    http.postJson<ErasureRequestView>("answer/handleErasureRequest", input),
};

export const rightsKeys = {
  receipt: (token: string) => ["receipt", token] as const,
  requests: (id: number) => ["erasureRequests", id] as const,
};

export function useReceipt(token: string) {
  return useQuery({
    queryKey: rightsKeys.receipt(token),
    queryFn: () => rightsApi.receipt(token),
    retry: false,
  });
}

export function useRequestErasure(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => rightsApi.requestErasure({ token, reason }),
    onSuccess: (receipt) => client.setQueryData(rightsKeys.receipt(token), receipt),
  });
}

export function useErasureRequests(id: number) {
  return useQuery({ queryKey: rightsKeys.requests(id), queryFn: () => rightsApi.requests(id) });
}

export function useHandleErasure(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { requestId: number; approve: boolean; note: string }) =>
      rightsApi.handle({ id, ...input }),
    // A response deleted for good leaves the lists and counts: the questionnaire's results reload.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: rightsKeys.requests(id) }),
        client.invalidateQueries({ queryKey: resultsKeys.all(id) }),
      ]),
  });
}
