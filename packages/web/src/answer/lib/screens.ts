import type { AnswerPageData } from "@wjgj/core/pages/answer";
import { useSyncExternalStore } from "react";

/** The state and gate screens (components/screens/gates-group.ts), a chunk of their own. */
export type Screens = typeof import("../components/screens/gates-group.ts");
/** 考试防作弊 (answer/exam/exam-group.ts): sign-in, attempts and proctoring, only for exams that use them. */
export type ExamChunk = typeof import("../exam/exam-group.ts");

/**
 * A chunk that screens wait for: fetched once; every component waiting for it renders again when it is here.
 * The server's renderer provides it at hand (it renders every screen in one pass).
 */
function chunk<T>(importer: () => Promise<T>) {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const load = (): Promise<T> =>
    (pending ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        // A failed download (a flaky network) is tried again by the next render that needs the chunk.
        pending = null;
        throw error;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => loaded;
  return {
    load,
    provide: (module: T) => {
      loaded = module;
    },
    subscribe,
    snapshot,
  };
}

/** The chunk's module, or null while on its way: fetched when `needed`. */
function useChunk<T>(lazy: ReturnType<typeof chunk<T>>, needed: boolean): T | null {
  const module = useSyncExternalStore(lazy.subscribe, lazy.snapshot, lazy.snapshot);
  if (needed && !module) void lazy.load().catch(() => undefined);
  return module;
}

const screens = chunk(() => import("../components/screens/gates-group.ts"));
// Through the screens' chunk: its import map (the exam chunk's files) is not in every page's first download.
const exam = chunk(() => screens.load().then((module) => module.loadExamChunk()));

export const loadScreens = screens.load;
export const provideScreens = screens.provide;
/**
 * The screens, or null while their chunk is on its way (a page showing its questions never downloads it). A
 * page the server rendered with a screen has them before hydration (main.tsx waits for them), so hydration
 * matches the server's markup.
 */
export const useScreens = (needed: boolean) => useChunk(screens, needed);

export const loadExam = exam.load;
export const provideExam = exam.provide;
export const useExam = (needed: boolean) => useChunk(exam, needed);

/** Whether the server's page shows a screen (a state, a gate, the consent) rather than the questions. */
export function pageNeedsScreens(data: AnswerPageData): boolean {
  if (data.page === "notFound") return true;
  if (data.page !== "answer") return false;
  const { open } = data;
  return open.state !== "open" || open.gate !== null || !open.definition || !!open.settings.privacyConsent;
}

/** An exam with 考试防作弊 in force: its page is drawn by the exam chunk, loaded before hydrating. */
export const pageNeedsExam = (data: AnswerPageData): boolean =>
  data.page === "answer" && data.open.state === "open" && !!data.open.settings.examGuard;
