import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoginResult, WeChatBindingStatus, WeChatOptions } from "@wjgj/core";
import { http } from "./request.ts";

export interface WeChatAuthorizeInput {
  purpose: "login" | "bind";
  /** website: 微信扫码登录 (the QR page in a frame); oa: inside WeChat's browser (the page goes there). */
  app: "website" | "oa";
  returnTo?: string;
}

/** Signing in with WeChat and 个人中心 · 微信绑定 (issue #39). */
export const wechatLoginApi = {
  options: () => http.get<WeChatOptions>("wechat/options", {}, { silent: true }),
  authorize: (input: WeChatAuthorizeInput) => http.post<{ url: string }>("wechat/authorize", { ...input }),
  ticketLogin: (ticket: string) => http.post<LoginResult>("wechat/ticketLogin", { ticket }),
  bindPhone: (input: { ticket: string; phone: string; code: string }) =>
    http.post<LoginResult>("wechat/bindPhone", { ...input }),
  binding: () => http.get<WeChatBindingStatus>("wechat/binding", {}),
  unbind: () => http.post<null>("wechat/unbind", {}),
};

export const wechatLoginKeys = {
  all: ["wechat"] as const,
  options: () => [...wechatLoginKeys.all, "options"] as const,
  binding: () => [...wechatLoginKeys.all, "binding"] as const,
};

/** Which WeChat sign-ins the site has configured; while unknown (or on failure) none is shown. */
export function useWeChatOptions() {
  return useQuery({
    queryKey: wechatLoginKeys.options(),
    queryFn: wechatLoginApi.options,
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function useWeChatBinding(enabled: boolean) {
  return useQuery({ queryKey: wechatLoginKeys.binding(), queryFn: wechatLoginApi.binding, enabled });
}

export function useUnbindWeChatMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: wechatLoginApi.unbind,
    onSuccess: () => client.invalidateQueries({ queryKey: wechatLoginKeys.binding() }),
  });
}

export function useWeChatTicketLoginMutation() {
  return useMutation({ mutationFn: (ticket: string) => wechatLoginApi.ticketLogin(ticket) });
}

export function useWeChatBindPhoneMutation() {
  return useMutation({
    mutationFn: (input: { ticket: string; phone: string; code: string }) => wechatLoginApi.bindPhone(input),
  });
}
