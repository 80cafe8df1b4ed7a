import type { AnswerPageData } from "@wjgj/core/pages/answer";
import { useSyncExternalStore } from "react";

/** The state and gate screens (components/screens/gates-group.ts), a chunk of their own. */
export type Screens = typeof import("../components/screens/gates-group.ts");

let loaded: Screens | null = null;
let pending: Promise<Screens> | null = null;
const listeners = new Set<() => void>();

/** Fetches the screens' chunk once; every component waiting for it renders again when it is here. */
export function loadScreens(): Promise<Screens> {
  pending ??= import("../components/screens/gates-group.ts").then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A failed download (a flaky network) is tried again by the next render that needs the screens.
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** The server's renderer has them at hand: it renders every screen in one pass. */
export function provideScreens(module: Screens): void {
  loaded = module;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => loaded;

/**
 * The screens, or null while their chunk is on its way: fetched when `needed` (a page showing its questions
 * never downloads it). A page the server rendered with a screen has them before hydration (main.tsx waits for
 * them), so hydration matches the server's markup.
 */
export function useScreens(needed: boolean): Screens | null {
  const screens = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (needed && !screens) void loadScreens().catch(() => undefined);
  return screens;
}

/** Whether the server's page shows a screen (a state, a gate, the consent) rather than the questions. */
export function pageNeedsScreens(data: AnswerPageData): boolean {
  if (data.page === "notFound") return true;
  if (data.page !== "answer") return false;
  const { open } = data;
  return open.state !== "open" || open.gate !== null || !open.definition || !!open.settings.privacyConsent;
}
