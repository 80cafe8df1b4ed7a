import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiCallEntry, ApiKeyScope, ApiKeySummary, CreatedApiKey } from "@wjgj/core";
import { http } from "./request.ts";

export interface CreateApiKeyInput {
  name: string;
  scopes: ApiKeyScope[];
  /** Null: never expires. */
  expiresInDays: number | null;
}

/** 个人中心 · API 密钥: `/wjgj/api/apiKey/*`. */
export const apiKeyApi = {
  list: () => http.get<ApiKeySummary[]>("apiKey/list", {}),
  create: (input: CreateApiKeyInput) =>
    http.post<CreatedApiKey>("apiKey/create", {
      name: input.name,
      scopes: input.scopes.join(","),
      expiresInDays: input.expiresInDays ?? "",
    }),
  revoke: (id: number) => http.post<ApiKeySummary>("apiKey/revoke", { id }),
  calls: (id: number) => http.get<ApiCallEntry[]>("apiKey/calls", { id }),
};

export const apiKeyKeys = {
  all: ["apiKeys"] as const,
  list: () => [...apiKeyKeys.all, "list"] as const,
  calls: (id: number) => [...apiKeyKeys.all, "calls", id] as const,
};

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: apiKeyApi.list });
}

export function useApiCalls(id: number | null) {
  return useQuery({
    queryKey: apiKeyKeys.calls(id ?? 0),
    queryFn: () => apiKeyApi.calls(id ?? 0),
    enabled: id !== null,
  });
}

function useKeyMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export const useCreateApiKeyMutation = () => useKeyMutation(apiKeyApi.create);
export const useRevokeApiKeyMutation = () => useKeyMutation(apiKeyApi.revoke);
