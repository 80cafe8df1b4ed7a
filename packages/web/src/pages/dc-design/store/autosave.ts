import { type FieldError, ResultCode, type SaveQuestionaryResult, type SurveyDefinition } from "@wjgj/core";
import { ApiError, fieldErrorsOf } from "../../../api/errors.ts";
import type { EditorStore } from "./editor-store.ts";

export const AUTOSAVE_DELAY_MS = 1000;
/** After a failed save (network, server error) the same draft is tried again this much later. */
export const RETRY_DELAY_MS = 8000;

export interface SaveInput {
  id: number;
  definition: SurveyDefinition;
  baseVersion: number;
}

export interface AutosaveOptions {
  save: (input: SaveInput) => Promise<SaveQuestionaryResult>;
  delayMs?: number;
  retryMs?: number;
}

export interface Autosave {
  /** Saves now if the draft is dirty; resolves when the draft is saved or the attempt failed. */
  flush(): Promise<void>;
  /** 覆盖: resolve a conflict by saving the local draft over the version that caused it. */
  overwrite(): Promise<void>;
  stop(): void;
}

function conflictVersionOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== ResultCode.conflict) return null;
  const current = (error.data as { currentVersion?: unknown } | null)?.currentVersion;
  return typeof current === "number" ? current : -1;
}

/**
 * Saves the draft ~1 s after the last edit, one request at a time, always with the version the server
 * last acknowledged as baseVersion. Edits made while a save is in flight are saved right after it. A 409
 * stops autosaving until the author chooses 刷新 or 覆盖; nothing local is dropped on the way.
 */
export function startAutosave(store: EditorStore, options: AutosaveOptions): Autosave {
  const delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const retryMs = options.retryMs ?? RETRY_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  let stopped = false;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void run(), ms);
  };

  const needsSave = () => {
    const { draft, save, meta } = store.getState();
    return Boolean(meta && draft && draft !== save.saved && save.phase !== "conflict");
  };

  async function attempt(): Promise<void> {
    const { draft, save, meta } = store.getState();
    if (!meta || !draft) return;
    store.getState().beginSave();
    try {
      const result = await options.save({ id: meta.id, definition: draft, baseVersion: save.version });
      store.getState().saveSucceeded(draft, result);
    } catch (error) {
      const conflict = conflictVersionOf(error);
      if (conflict !== null) {
        store.getState().saveConflicted(conflict);
        return;
      }
      const fieldErrors: FieldError[] = fieldErrorsOf(error);
      const message = error instanceof Error && error.message ? error.message : "保存失败";
      store.getState().saveFailed(message, fieldErrors);
      // An invalid definition will not become valid by retrying; the next edit schedules a new save.
      if (!(error instanceof ApiError && error.code === ResultCode.invalidInput)) schedule(retryMs);
    }
  }

  function run(): Promise<void> {
    clearTimeout(timer);
    if (inFlight) return inFlight;
    if (!needsSave()) return Promise.resolve();
    inFlight = attempt().finally(() => {
      inFlight = null;
      // Edits typed during the request: save them too, after the usual pause.
      if (store.getState().save.phase === "idle" && needsSave()) schedule(delayMs);
    });
    return inFlight;
  }

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.draft === previous.draft) return;
    if (state.draft === state.save.saved) {
      // Undo back to what the server has: nothing to save.
      clearTimeout(timer);
      return;
    }
    if (state.save.phase !== "conflict" && !inFlight) schedule(delayMs);
  });

  return {
    flush: async () => {
      if (inFlight) await inFlight;
      await run();
    },
    overwrite: async () => {
      store.getState().adoptConflictVersion();
      if (inFlight) await inFlight;
      await run();
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    },
  };
}
