import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountSecurity, SecurityCodePurpose, SessionItem, UserInfo } from "@wjgj/core";
import { useUserStore } from "../stores/user-store.ts";
import { http } from "./request.ts";

export interface SetPasswordInput {
  password: string;
  oldPassword?: string;
  code?: string;
}

export interface ChangePhoneInput {
  phone: string;
  code: string;
  oldCode?: string;
  password?: string;
}

/** Account self-service calls of the `user` module (/dc/personalCenter type 1, 忘记密码). */
export const accountApi = {
  sendResetCode: (phone: string) => http.post<null>("user/sendResetCode", { phone }),
  resetPassword: (input: { phone: string; code: string; password: string }) =>
    http.post<null>("user/resetPassword", { ...input }),
  getAccountSecurity: () => http.get<AccountSecurity>("user/getAccountSecurity", {}),
  sendSecurityCode: (purpose: SecurityCodePurpose) => http.post<null>("user/sendSecurityCode", { purpose }),
  setPassword: (input: SetPasswordInput) => http.post<null>("user/setPassword", { ...input }),
  updateUserInfo: (input: { nickName?: string }) => http.post<UserInfo>("user/updateUserInfo", { ...input }),
  uploadAvatar: (image: Blob) => {
    const form = new FormData();
    form.append("file", image, "avatar.jpg");
    return http.postMultipart<UserInfo>("user/uploadAvatar", form);
  },
  sendNewPhoneCode: (phone: string) => http.post<null>("user/sendNewPhoneCode", { phone }),
  changePhone: (input: ChangePhoneInput) => http.post<UserInfo>("user/changePhone", { ...input }),
  getSessionList: () => http.get<{ list: SessionItem[] }>("user/getSessionList", {}),
  signOutSession: (id: number) => http.post<null>("user/signOutSession", { id }),
  signOutOtherSessions: () => http.post<null>("user/signOutOtherSessions", {}),
  requestDeletion: (input: { password?: string; code?: string }) =>
    http.post<null>("user/requestDeletion", { ...input }),
  cancelDeletion: () => http.post<null>("user/cancelDeletion", {}),
};

export const accountKeys = {
  all: ["account"] as const,
  security: () => [...accountKeys.all, "security"] as const,
  sessions: () => [...accountKeys.all, "sessions"] as const,
};

export function useAccountSecurity() {
  return useQuery({ queryKey: accountKeys.security(), queryFn: accountApi.getAccountSecurity });
}

export function useSessionList() {
  return useQuery({ queryKey: accountKeys.sessions(), queryFn: accountApi.getSessionList });
}

/** A mutation after which the security summary and the device list are read again. */
function useAccountMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/** A mutation that answers the new userInfo, which the header shows at once. */
function useUserInfoMutation<I>(fn: (input: I) => Promise<UserInfo>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (userInfo) => {
      useUserStore.getState().setUserInfo(userInfo);
      return client.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

export const useSetPasswordMutation = () => useAccountMutation(accountApi.setPassword);
export const useSignOutSessionMutation = () => useAccountMutation(accountApi.signOutSession);
export const useSignOutOthersMutation = () => useAccountMutation(() => accountApi.signOutOtherSessions());
export const useRequestDeletionMutation = () => useAccountMutation(accountApi.requestDeletion);
export const useCancelDeletionMutation = () => useAccountMutation(() => accountApi.cancelDeletion());
export const useUpdateNickNameMutation = () =>
  useUserInfoMutation((nickName: string) => accountApi.updateUserInfo({ nickName }));
export const useUploadAvatarMutation = () => useUserInfoMutation(accountApi.uploadAvatar);
export const useChangePhoneMutation = () => useUserInfoMutation(accountApi.changePhone);

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: accountApi.resetPassword });
}
