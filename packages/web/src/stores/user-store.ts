import { ResultCode, type UserInfo } from "@wjgj/core";
import { create } from "zustand";
import { ApiError } from "../api/errors.ts";
import { userApi } from "../api/user.ts";
import { useSessionStore } from "./session-store.ts";

export type UserStatus = "idle" | "loading" | "ready" | "failed";

interface UserState {
  userInfo: UserInfo | null;
  status: UserStatus;
  /** The token the current record (or attempt) belongs to, so a new token triggers a new load. */
  loadedFor: string | null;
  /** Code of a failed load until the layout has acted on it (303 gets the login-expired toast). */
  failureCode: number | null;
  /** After a login: the record came with the token, no load needed. */
  setUserInfo: (userInfo: UserInfo) => void;
  clear: () => void;
  /**
   * Loads the record for `key`: the stored token, or — for a partner platform's user who arrives with a
   * requestParam and no token — that requestParam, whose 202 answer starts the other-platform login.
   */
  load: (key: string) => Promise<void>;
  acknowledgeFailure: () => void;
}

/** Stores what the rest of the app reads from the account (seed §3: isTemplate and the user name locally). */
function rememberLocally(userInfo: UserInfo): void {
  const session = useSessionStore.getState();
  session.setUserName(userInfo.nickName || userInfo.phone);
  session.setIsTemplate(String(userInfo.isTemplate));
}

export const useUserStore = create<UserState>()((set, get) => ({
  userInfo: null,
  status: "idle",
  loadedFor: null,
  failureCode: null,
  setUserInfo: (userInfo) => {
    rememberLocally(userInfo);
    set({ userInfo, status: "ready", loadedFor: useSessionStore.getState().token, failureCode: null });
  },
  clear: () => set({ userInfo: null, status: "idle", loadedFor: null, failureCode: null }),
  // loadedFor stays, so the same dead token is not loaded again in a loop.
  acknowledgeFailure: () => set({ status: "idle", failureCode: null }),
  load: async (key) => {
    set({ status: "loading", loadedFor: key });
    try {
      // A 303 here is left to the header (seed §8: user info emptied, header sends to /Loginone), so a
      // stale token does not throw a visitor of the public site onto the login page.
      const userInfo = await userApi.getUserInfo({ quietLoginExpired: true });
      if (get().loadedFor !== key) return;
      rememberLocally(userInfo);
      set({ userInfo, status: "ready", failureCode: null });
    } catch (error) {
      if (get().loadedFor !== key) return;
      const code = error instanceof ApiError ? error.code : 0;
      // 202: the request client is logging in through the other platform and reloads on success; on
      // failure it has said why, and the visitor stays where they are.
      if (code === ResultCode.otherLoginRequired) {
        set({ status: "idle" });
        return;
      }
      if (code === ResultCode.notLoggedIn) useSessionStore.getState().setToken(null);
      set({ userInfo: null, status: "failed", loadedFor: key, failureCode: code });
    }
  },
}));

// Whenever the session goes away (303, logout), the account record goes with it.
useSessionStore.subscribe((state, previous) => {
  if (previous.token && !state.token && useUserStore.getState().status !== "failed") {
    useUserStore.getState().clear();
  }
});
