import { useCallback, useEffect, useRef, useState } from "react";
import {
  type AnswerDraft,
  clearDraft,
  hasAnswers,
  loadDraft,
  newDraft,
  restartDraft,
  safeStorage,
  saveDraft,
} from "../lib/draft-store.ts";

type Progress = Pick<AnswerDraft, "answers" | "pageId" | "history">;

export interface DraftControls {
  /** A draft with answers found on return, waiting for 继续上次填写 / 重新填写. */
  prompt: AnswerDraft | null;
  /** Epoch ms the attempt started (exam clock, duration); null until read after hydration. */
  startedAt: number | null;
  tabSwitches: number;
  resume(): AnswerDraft | null;
  restart(): void;
  save(progress: Progress): void;
  addTabSwitch(): number;
  clear(): void;
}

/** The local draft of one questionnaire; previews (`enabled` false) keep nothing. */
export function useDraft(
  publicId: string,
  revisionId: number | null,
  enabled: boolean,
  isExam: boolean,
): DraftControls {
  const record = useRef<AnswerDraft | null>(null);
  const [prompt, setPrompt] = useState<AnswerDraft | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [tabSwitches, setTabSwitches] = useState(0);
  const settled = useRef(false);
  const persist = enabled && revisionId !== null;

  useEffect(() => {
    const now = Date.now();
    settled.current = false;
    if (!persist || revisionId === null) {
      record.current = newDraft(revisionId ?? 0, now);
      setStartedAt(now);
      settled.current = true;
      return;
    }
    const storage = safeStorage();
    const existing = loadDraft(storage, publicId, revisionId);
    const base = existing ?? newDraft(revisionId, now);
    record.current = base;
    setStartedAt(base.startedAt);
    setTabSwitches(base.tabSwitches);
    if (hasAnswers(existing)) {
      setPrompt(existing);
    } else {
      // Written at once so an exam's clock survives a reload even before the first answer.
      saveDraft(storage, publicId, base);
      settled.current = true;
    }
  }, [publicId, revisionId, persist]);

  const write = useCallback(
    (draft: AnswerDraft) => {
      record.current = draft;
      if (persist) saveDraft(safeStorage(), publicId, draft);
    },
    [persist, publicId],
  );

  const resume = useCallback(() => {
    const draft = record.current;
    settled.current = true;
    setPrompt(null);
    return draft;
  }, []);

  const restart = useCallback(() => {
    const current = record.current;
    if (current) {
      const fresh = restartDraft(current, isExam, Date.now());
      write(fresh);
      setStartedAt(fresh.startedAt);
      setTabSwitches(fresh.tabSwitches);
    }
    settled.current = true;
    setPrompt(null);
  }, [isExam, write]);

  const save = useCallback(
    (progress: Progress) => {
      if (!settled.current || !record.current) return;
      write({ ...record.current, ...progress, savedAt: Date.now() });
    },
    [write],
  );

  const addTabSwitch = useCallback(() => {
    const current = record.current;
    if (!current) return 0;
    const count = current.tabSwitches + 1;
    write({ ...current, tabSwitches: count });
    setTabSwitches(count);
    return count;
  }, [write]);

  const clear = useCallback(() => {
    settled.current = false;
    clearDraft(safeStorage(), publicId);
  }, [publicId]);

  return { prompt, startedAt, tabSwitches, resume, restart, save, addTabSwitch, clear };
}
