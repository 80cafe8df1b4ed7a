import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { UserInfo } from "@wjgj/core";
import { http } from "./request.ts";

export interface AdminUserRow {
  id: number | string;
  phone: string;
  nickName: string;
  vipLevel: UserInfo["vipLevel"];
  vipStopTime: string;
  role: UserInfo["role"];
  status: "active" | "disabled";
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
}

/** Client of the admin console's calls. */
export const adminApi = {
  getUserList: (query: UserListQuery) => http.get<Page<AdminUserRow>>("admin/user/getUserList", { ...query }),
};

export const adminKeys = {
  all: ["admin"] as const,
  userList: (query: UserListQuery) => [...adminKeys.all, "userList", query] as const,
};

export function useAdminUserList(query: UserListQuery) {
  return useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: () => adminApi.getUserList(query),
    placeholderData: keepPreviousData,
  });
}
