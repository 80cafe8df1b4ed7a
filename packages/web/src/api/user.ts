import { useMutation } from "@tanstack/react-query";
import type { LoginResult, UserInfo } from "@wjgj/core";
import { type CallOptions, http } from "./request.ts";

export interface PasswordLoginInput {
  phone: string;
  password: string;
  captchaId?: string;
  captchaCode?: string;
}

export interface LoginCaptcha {
  captchaId: string;
  /** A data URL of the SVG picture. */
  image: string;
}

/** Client of the `user` module. */
export const userApi = {
  sendCode: (phone: string) => http.post<null>("user/sendCode", { phone }),
  checkPhoneCode: (phone: string, code: string) =>
    http.post<LoginResult>("user/checkPhoneCode", { phone, code }),
  login: (input: PasswordLoginInput) => http.post<LoginResult>("user/login", { ...input }),
  /** The image captcha a password login is asked for after failures of its own. */
  getLoginCaptcha: () => http.get<LoginCaptcha>("user/getLoginCaptcha", {}, { silent: true }),
  /** Logout's failure is ignored (the session is dropped locally either way), so it makes no noise. */
  logout: () => http.post<null>("user/logout", {}, { silent: true }),
  getUserInfo: (options?: CallOptions) => http.get<UserInfo>("user/getUserInfo", {}, options),
  getPhoneCode: (phone: string) => http.get<null>("user/getPhoneCode", { phone }),
  confirmPhone: (phone: string, code: string) => http.post<UserInfo>("user/confirmPhone", { phone, code }),
};

export const userKeys = {
  all: ["user"] as const,
  info: () => [...userKeys.all, "info"] as const,
};

export function useSendCodeMutation() {
  return useMutation({ mutationFn: (phone: string) => userApi.sendCode(phone) });
}

export function useCheckPhoneCodeMutation() {
  return useMutation({
    mutationFn: (v: { phone: string; code: string }) => userApi.checkPhoneCode(v.phone, v.code),
  });
}

export function usePasswordLoginMutation() {
  return useMutation({
    mutationFn: (v: PasswordLoginInput) => userApi.login(v),
  });
}

export function useGetPhoneCodeMutation() {
  return useMutation({ mutationFn: (phone: string) => userApi.getPhoneCode(phone) });
}

export function useConfirmPhoneMutation() {
  return useMutation({
    mutationFn: (v: { phone: string; code: string }) => userApi.confirmPhone(v.phone, v.code),
  });
}
