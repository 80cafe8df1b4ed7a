/**
 * Every local-storage key the browser uses (seed §3, §9). Kept in one place because other code (the
 * other-platform login, logout's "clear everything") depends on knowing exactly what is stored.
 */
export const storageKeys = {
  token: "token",
  userName: "userName",
  fromType: "fromType",
  isTemplate: "isTemplate",
  requestParam: "requestParam",
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
