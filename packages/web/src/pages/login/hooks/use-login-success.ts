import type { LoginResult } from "@wjgj/core";
import { limits, messages } from "@wjgj/core";
import { App } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { safeRedirectPath } from "../../../lib/safe-redirect.ts";
import { useSessionStore } from "../../../stores/session-store.ts";
import { useUserStore } from "../../../stores/user-store.ts";

/** After either login: keep the session, the user record, and go where the user was heading. */
export function useLoginSuccess() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return (result: LoginResult) => {
    // Token first: the user store ties the record to the current token.
    useSessionStore.getState().setToken(result.token);
    useUserStore.getState().setUserInfo(result.userInfo);
    void message.success(messages.loginSuccess, limits.toastSeconds);
    const target = safeRedirectPath(params.get("redirect")) ?? "/dc/dclist";
    // The respondent pages (/r/…, /y/…) are rendered by the server, outside this router: load them afresh.
    if (/^\/[ry]\//i.test(target)) window.location.replace(target);
    else navigate(target, { replace: true });
  };
}
