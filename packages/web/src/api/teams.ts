import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DesignerPresence,
  MemberRole,
  QueationaryTeamDetail,
  SharedQuestionarySummary,
  TeamActivityItem,
  TeamInvite,
  TeamInviteInfo,
  TeamNoticePage,
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
  updateTeamUserRole: (id: number, userId: number, role: MemberRole, hidePersonal?: boolean) =>
    http.post<null>("queationaryTeam/updateTeamUserRole", {
      id,
      userId,
      role,
      ...(hidePersonal === undefined ? {} : { hidePersonal }),
    }),
  delTeamUser: (id: number, userId: number) => http.post<null>("queationaryTeam/delTeamUser", { id, userId }),
  quitTeam: (id: number) => http.post<null>("queationaryTeam/quitTeam", { id }),
  transferOwner: (id: number, userId: number) =>
    http.post<null>("queationaryTeam/transferOwner", { id, userId }),
  // Silent: a beat that fails (offline, or a role that may not edit) must not interrupt the designer.
  designerHeartbeat: (id: number) =>
    http.post<DesignerPresence[]>("queationaryTeam/designerHeartbeat", { id }, { silent: true }),
  getTeamNoticeList: (pageNum: number, pageSize: number) =>
    http.get<TeamNoticePage>("queationaryTeam/getTeamNoticeList", { pageNum, pageSize }),
  readTeamNotice: (id?: number) =>
    http.post<null>("queationaryTeam/readTeamNotice", id === undefined ? {} : { id }),
  getTeamActivity: (id: number, pageNum: number, pageSize: number) =>
    http.get<Page<TeamActivityItem>>("queationaryTeam/getTeamActivity", { id, pageNum, pageSize }),
};

export const teamKeys = {
  all: ["team"] as const,
  shared: (query: object) => [...teamKeys.all, "shared", query] as const,
  members: (id: number) => [...teamKeys.all, "members", id] as const,
  invite: (code: string) => [...teamKeys.all, "invite", code] as const,
  notices: () => [...teamKeys.all, "notices"] as const,
  detail: (id: number) => [...teamKeys.all, "detail", id] as const,
  activity: (id: number, pageNum: number) => [...teamKeys.all, "activity", id, pageNum] as const,
};

/** The viewer's role on a questionnaire and what it allows (the designer's 团队 entry asks for it). */
export function useTeamDetail(id: number | null) {
  return useQuery({
    queryKey: teamKeys.detail(id ?? 0),
    queryFn: () => teamApi.getQueationaryTeamDetail(id ?? 0),
    enabled: id !== null && id > 0,
  });
}

export function useTeamActivity(id: number, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: teamKeys.activity(id, pageNum),
    queryFn: () => teamApi.getTeamActivity(id, pageNum, pageSize),
    placeholderData: keepPreviousData,
  });
}

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

/** A change to a team: everything the team screens show is read again after it. */
export function useTeamMutation<TInput, TData>(mutationFn: (input: TInput) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Members, roles, the shared lists and the activity log may all have changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** The header's bell: the newest notifications and the unread count, looked at again every minute. */
export function useTeamNotices() {
  return useQuery({
    queryKey: teamKeys.notices(),
    queryFn: () => teamApi.getTeamNoticeList(1, 10),
    refetchInterval: 60_000,
  });
}
