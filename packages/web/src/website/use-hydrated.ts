import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while a server-rendered page hydrates (and on the server), true afterwards and in pages the browser
 * renders itself. Whatever depends on local storage (the session) waits for it, so the first render matches
 * the server's markup and React swaps in the local value right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
