import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  MemberRole,
  QueationaryTeamDetail,
  SharedQuestionarySummary,
  TeamInvite,
  TeamInviteInfo,
  TeamUserBrief,
  TeamUserList,
} from "@wjgj/core";
import type { Page } from "./admin.ts";
import { http } from "./request.ts";

export interface NewInviteInput {
  id: number;
  kind: "phone" | "link";
  role: MemberRole;
  phone?: string;
  expireDays?: number;
  maxUses?: number;
}

/** `/wjgj/api/queationaryTeam/*` (the seed's spelling). */
export const teamApi = {
  getShareProjectTeamList: (query: { pageNum: number; pageSize: number; title?: string }) =>
    http.get<Page<SharedQuestionarySummary>>("queationaryTeam/getShareProjectTeamList", { ...query }),
  searchUserByPhone: (id: number, phone: string) =>
    http.get<TeamUserBrief>("queationaryTeam/searchUserByPhone", { id, phone }),
  getTeamUserList: (id: number) => http.get<TeamUserList>("queationaryTeam/getTeamUserList", { id }),
  getQueationaryTeamDetail: (id: number) =>
    http.get<QueationaryTeamDetail>("queationaryTeam/getQueationaryTeamDetail", { id }),
  addTeamUser: (input: NewInviteInput) => http.post<TeamInvite>("queationaryTeam/addTeamUser", { ...input }),
  stopTeamUserUrl: (id: number, inviteId: number) =>
    http.post<null>("queationaryTeam/stopTeamUserUrl", { id, inviteId }),
  agreeTeamInfo: (code: string) => http.post<TeamInviteInfo>("queationaryTeam/agreeTeamInfo", { code }),
  agreeTeam: (code: string) =>
    http.post<{ questionnaireId: number; role: MemberRole }>("queationaryTeam/agreeTeam", { code }),
  updateTeamUserRole: (id: number, userId: number, role: MemberRole) =>
    http.post<null>("queationaryTeam/updateTeamUserRole", { id, userId, role }),
  delTeamUser: (id: number, userId: number) => http.post<null>("queationaryTeam/delTeamUser", { id, userId }),
};

export const teamKeys = {
  all: ["team"] as const,
  shared: (query: object) => [...teamKeys.all, "shared", query] as const,
  members: (id: number) => [...teamKeys.all, "members", id] as const,
  invite: (code: string) => [...teamKeys.all, "invite", code] as const,
};

export function useSharedList(query: { pageNum: number; pageSize: number; title?: string }) {
  return useQuery({
    queryKey: teamKeys.shared(query),
    queryFn: () => teamApi.getShareProjectTeamList(query),
    placeholderData: keepPreviousData,
  });
}

export function useTeamUsers(id: number | null) {
  return useQuery({
    queryKey: teamKeys.members(id ?? 0),
    queryFn: () => teamApi.getTeamUserList(id ?? 0),
    enabled: id !== null && id > 0,
  });
}

export function useInviteInfo(code: string) {
  return useQuery({
    queryKey: teamKeys.invite(code),
    queryFn: () => teamApi.agreeTeamInfo(code),
    enabled: code !== "",
    retry: false,
  });
}

/** A change to a team: its member list (and the shared lists) are read again after it. */
export function useTeamMutation<TInput, TData>(id: number, mutationFn: (input: TInput) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members(id) }),
  });
}
