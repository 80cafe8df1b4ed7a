import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SpacePost, UserSpace } from "@wjgj/core";
import type { PageOf } from "./navigation.ts";
import { http } from "./request.ts";

/** The answer space (互填, `/wjgj/api/answerSpace/*`). */
export interface SpaceListQuery {
  keyword: string;
  sort: "points" | "recent";
  pageNum: number;
  pageSize: number;
}

export const spaceKeys = {
  list: (query: SpaceListQuery) => ["answerSpace", "list", query] as const,
  mine: ["answerSpace", "mine"] as const,
};

export function spaceListParams(query: SpaceListQuery): Record<string, string | number> {
  return {
    ...(query.keyword ? { keyword: query.keyword } : {}),
    sort: query.sort,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

export const spaceApi = {
  list: (query: SpaceListQuery) =>
    http.get<PageOf<SpacePost>>("answerSpace/getSpaceList", spaceListParams(query)),
  mine: () => http.get<UserSpace>("answerSpace/checkUserSpace"),
  post: (input: { id: number; reward: number; quota: number }) =>
    http.post<SpacePost>("answerSpace/addUserSpace", input),
};

export function useSpaceList(query: SpaceListQuery) {
  return useQuery({ queryKey: spaceKeys.list(query), queryFn: () => spaceApi.list(query) });
}

export function useUserSpace(enabled: boolean) {
  return useQuery({ queryKey: spaceKeys.mine, queryFn: spaceApi.mine, enabled });
}

export function usePostToSpace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: spaceApi.post,
    onSuccess: () => client.invalidateQueries({ queryKey: ["answerSpace"] }),
  });
}
