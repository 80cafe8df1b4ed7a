import { useQueryClient } from "@tanstack/react-query";
import { messages } from "@wjgj/core";
import { App } from "antd";
import { useNavigate } from "react-router";
import { userApi } from "../../api/user.ts";
import { useSessionStore } from "../../stores/session-store.ts";
import { useUserStore } from "../../stores/user-store.ts";

/** How long logout waits for the server before dropping the session locally anyway. */
const LOGOUT_WAIT_MS = 3000;

/** The logout confirmation of seed §2: title 提示, buttons 退出 and 取消; confirming forgets everything. */
export function useLogout(): () => void {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return () => {
    modal.confirm({
      title: messages.logoutTitle,
      content: messages.logoutConfirm,
      okText: messages.logoutOk,
      cancelText: messages.logoutCancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        // Revoking the session on the server is best effort; the local session is dropped regardless.
        await Promise.race([
          userApi.logout().catch(() => null),
          new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS)),
        ]);
        useSessionStore.getState().clearAll();
        useUserStore.getState().clear();
        queryClient.clear();
        navigate("/Loginone", { replace: true });
      },
    });
  };
}
