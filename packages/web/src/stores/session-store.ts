import { limits } from "@wjgj/core";
import { create } from "zustand";
import { storageKeys } from "../lib/storage-keys.ts";

/**
 * The locally kept session values (seed §3, §4). Local storage is the source of truth, as in the original
 * client; this store mirrors it so components re-render when a value changes.
 */
interface SessionState {
  token: string | null;
  userName: string | null;
  fromType: string | null;
  isTemplate: string | null;
  requestParam: string | null;
  setToken: (token: string | null) => void;
  setUserName: (userName: string | null) => void;
  setFromType: (fromType: string | null) => void;
  setIsTemplate: (isTemplate: string | null) => void;
  setRequestParam: (requestParam: string | null) => void;
  /** Logout: forget everything this origin keeps locally, not only the known keys (seed §2). */
  clearAll: () => void;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage; the in-memory copy still carries the session for this page.
  }
}

function readAll() {
  return {
    token: read(storageKeys.token),
    userName: read(storageKeys.userName),
    fromType: read(storageKeys.fromType),
    isTemplate: read(storageKeys.isTemplate),
    requestParam: read(storageKeys.requestParam),
  };
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...readAll(),
  setToken: (token) => {
    write(storageKeys.token, token);
    set({ token });
  },
  setUserName: (userName) => {
    write(storageKeys.userName, userName);
    set({ userName });
  },
  setFromType: (fromType) => {
    write(storageKeys.fromType, fromType);
    set({ fromType });
  },
  setIsTemplate: (isTemplate) => {
    write(storageKeys.isTemplate, isTemplate);
    set({ isTemplate });
  },
  setRequestParam: (requestParam) => {
    write(storageKeys.requestParam, requestParam);
    set({ requestParam });
  },
  clearAll: () => {
    try {
      localStorage.clear();
    } catch {
      // See write().
    }
    set(readAll());
  },
}));

/** The fromType header value: the stored origin, else the default 1 (seed §7, §9). */
export function currentFromType(): string {
  return useSessionStore.getState().fromType ?? String(limits.defaultFromType);
}

export function isEmbedded(fromType: string | null): boolean {
  return fromType === String(limits.embeddedFromType);
}
