import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MySpacePost, SpacePost, UserSpace } from "@wjgj/core";
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
  myPosts: (pageNum: number) => ["answerSpace", "myPosts", pageNum] as const,
};

/** 我的发布: a page of the caller's posts. */
export const MY_POSTS_PAGE_SIZE = 10;

/** What the poster may do to a live post: 暂停, 继续, 结束 (its API call; `id` names the questionnaire). */
export type SpacePostAction = "pause" | "resume" | "end";
const actionPaths: Record<SpacePostAction, string> = {
  pause: "answerSpace/pauseUserSpace",
  resume: "answerSpace/resumeUserSpace",
  end: "answerSpace/delUserSpace",
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
  myPosts: (pageNum: number) =>
    http.get<PageOf<MySpacePost>>("answerSpace/getMySpaceList", { pageNum, pageSize: MY_POSTS_PAGE_SIZE }),
  manage: (input: { action: SpacePostAction; questionnaireId: number }) =>
    http.post<MySpacePost>(actionPaths[input.action], { id: input.questionnaireId }),
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

export function useMySpacePosts(enabled: boolean, pageNum: number) {
  return useQuery({
    queryKey: spaceKeys.myPosts(pageNum),
    queryFn: () => spaceApi.myPosts(pageNum),
    enabled,
  });
}

/** 暂停 / 继续 / 结束: afterwards the points, 我的发布 and the public listing are read again. */
export function useManageSpacePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: spaceApi.manage,
    onSettled: () => client.invalidateQueries({ queryKey: ["answerSpace"] }),
  });
}
