import type { PageView } from "@wjgj/core/pages/answer";
import type { SurveyDefinition, SurveySession } from "@wjgj/core/survey/index";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { progressiveHydrationDone } from "../lib/hydrate-later.tsx";
import { loadEngine, sessionView } from "../lib/view.ts";

export interface Answering {
  /** What to show: the server's first page until the engine runs, then the engine's live result. */
  view: PageView | null;
  /** Raw answers as the inputs hold them. */
  answers: Record<string, unknown>;
  ready: boolean;
  setAnswer(questionId: string, value: unknown): void;
  replaceAnswers(answers: Record<string, unknown>): void;
  /** The live view once the engine has loaded (immediately when it already has). */
  whenReady(): Promise<PageView>;
}

/**
 * Answers and core's incremental session. The session is created once the engine chunk arrives and the seed
 * (the device id, from local storage) is known; answers typed before that are handed to it then.
 */
export function useAnswering(
  definition: SurveyDefinition | null,
  today: string,
  seed: string | null,
  initial: PageView | null,
): Answering {
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [view, setView] = useState<PageView | null>(initial);
  const [ready, setReady] = useState(false);
  const answersRef = useRef(answers);
  const session = useRef<SurveySession | null>(null);
  const waiters = useRef<((view: PageView) => void)[]>([]);

  useEffect(() => {
    if (!definition || seed === null) return;
    let alive = true;
    // Evaluated once every question card has hydrated (its chunk was preloaded meanwhile): a task of its own.
    void progressiveHydrationDone()
      .then(loadEngine)
      .then(({ createSession }) => {
        if (!alive) return;
        session.current = createSession(definition, { today, seed }, answersRef.current);
        const live = sessionView(session.current);
        // The page already shows the server's first page; re-rendering it live may take its time.
        startTransition(() => {
          setView(live);
          setReady(true);
        });
        for (const resolve of waiters.current.splice(0)) resolve(live);
        // Journeys wait for this before tapping (see e2e/support/answer-page.ts openAnswerPage).
        document.documentElement.setAttribute("data-engine", "ready");
      });
    return () => {
      alive = false;
    };
  }, [definition, today, seed]);

  const setAnswer = useCallback((questionId: string, value: unknown) => {
    const next = { ...answersRef.current };
    if (value === undefined) delete next[questionId];
    else next[questionId] = value;
    answersRef.current = next;
    setAnswers(next);
    if (session.current) {
      session.current.setAnswer(questionId, value);
      setView(sessionView(session.current));
    }
  }, []);

  const replaceAnswers = useCallback((next: Record<string, unknown>) => {
    const previous = answersRef.current;
    answersRef.current = next;
    setAnswers(next);
    const current = session.current;
    if (!current) return;
    for (const id of Object.keys(previous)) if (!(id in next)) current.setAnswer(id, undefined);
    for (const [id, value] of Object.entries(next)) current.setAnswer(id, value);
    setView(sessionView(current));
  }, []);

  const whenReady = useCallback(
    () =>
      new Promise<PageView>((resolve) => {
        if (session.current) resolve(sessionView(session.current));
        else waiters.current.push(resolve);
      }),
    [],
  );

  return { view, answers, ready, setAnswer, replaceAnswers, whenReady };
}
