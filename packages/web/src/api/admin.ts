import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserInfo } from "@wjgj/core";
import { http, type Params } from "./request.ts";

export interface AdminUserRow {
  id: number | string;
  phone: string;
  nickName: string;
  vipLevel: UserInfo["vipLevel"];
  vipStopTime: string;
  role: UserInfo["role"];
  status: "active" | "disabled";
  /** 模板作者: may submit templates to the public gallery. */
  isTemplate: 0 | 1;
  createdAt: string;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface UserListQuery {
  pageNum: number;
  pageSize: number;
  phone: string;
  nickName?: string;
}

/** `admin/user/update`: only the fields sent change. */
export interface UserUpdateInput {
  id: number | string;
  status?: AdminUserRow["status"];
  vipLevel?: number;
  /** `YYYY-MM-DD HH:mm:ss`, China time. */
  vipStopTime?: string;
  /** Required whenever the level or expiry changes; kept in the audit log. */
  vipReason?: string;
  isTemplate?: 0 | 1;
}

export interface UserSession {
  id: number;
  fromType: number;
  ip: string;
  userAgent: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string;
  active: boolean;
}

/** Client of the admin console's user calls; the other sections are in admin-records.ts and admin-site.ts. */
export const adminApi = {
  getUserList: (query: UserListQuery) => http.get<Page<AdminUserRow>>("admin/user/getUserList", { ...query }),
  updateUser: (input: UserUpdateInput) => http.post<AdminUserRow>("admin/user/update", { ...input }),
  resetPassword: (id: number | string) => http.post<{ password: string }>("admin/user/resetPassword", { id }),
  getSessionList: (userId: number | string, pageNum = 1, pageSize = 20) =>
    http.get<Page<UserSession>>("admin/user/getSessionList", { userId, pageNum, pageSize }),
};

export const adminKeys = {
  all: ["admin"] as const,
  userList: (query: UserListQuery) => [...adminKeys.all, "userList", query] as const,
  sessions: (userId: number | string) => [...adminKeys.all, "sessions", userId] as const,
  /** Any paged list of the console by its call path and filters (admin-records.ts, admin-site.ts). */
  list: (path: string, query: Params) => [...adminKeys.all, "list", path, query] as const,
  lists: () => [...adminKeys.all, "list"] as const,
};

export function useAdminUserList(query: UserListQuery) {
  return useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: () => adminApi.getUserList(query),
    placeholderData: keepPreviousData,
  });
}

export function useUserSessions(userId: number | string | null) {
  return useQuery({
    queryKey: adminKeys.sessions(userId ?? 0),
    queryFn: () => adminApi.getSessionList(userId ?? 0),
    enabled: userId !== null,
  });
}

/** Every admin change refreshes the console's lists: a change on one screen can show on another. */
export function useAdminMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
