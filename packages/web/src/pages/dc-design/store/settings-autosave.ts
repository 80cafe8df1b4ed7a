import { type QuestionarySettings, ResultCode } from "@wjgj/core";
import { create } from "zustand";
import { ApiError } from "../../../api/errors.ts";
import { AUTOSAVE_DELAY_MS, RETRY_DELAY_MS } from "./autosave.ts";

export type SettingsPatch = Partial<QuestionarySettings>;

/**
 * "saved": nothing waits; "pending": a change waits for its pause; "error": the last attempt failed;
 * "conflict": someone else changed a setting changed here, and the author chooses 刷新 or 覆盖.
 */
export type SettingsSavePhase = "saved" | "pending" | "saving" | "error" | "conflict";

interface SettingsSaveState {
  phase: SettingsSavePhase;
  error: string | null;
  /** Bumped when 刷新 replaces the settings shown, so the form is filled again. */
  generation: number;
}

/** What the settings panel and the leave guard read. */
export const useSettingsSave = create<SettingsSaveState>()(() => ({
  phase: "saved",
  error: null,
  generation: 0,
}));

export interface SettingsAutosaveOptions {
  /** `base`: the values last seen for the keys changed; absent to overwrite (覆盖). */
  save: (patch: SettingsPatch, base: SettingsPatch | undefined) => Promise<QuestionarySettings>;
  /** After each successful save: the server's merged settings, under changes still waiting. */
  onSaved: (settings: QuestionarySettings) => void;
  onError?: (error: unknown) => void;
  delayMs?: number;
  retryMs?: number;
}

export interface SettingsAutosave {
  /** The settings as first loaded: what the first changes were made against. */
  know(settings: QuestionarySettings): void;
  change(patch: SettingsPatch): void;
  /** 覆盖: saves the waiting changes over the other window's. */
  overwrite(): Promise<void>;
  /** 刷新: drops the waiting changes; answers the server's settings to show instead. */
  discard(): QuestionarySettings | null;
  /** Saves what waits now; resolves when it is saved or the attempt failed. */
  flush(): Promise<void>;
  stop(): void;
}

/**
 * 问卷设置 save themselves like the questions: ~1 s after the last change, one request at a time. Only
 * the keys changed here travel, each with the value it had when last seen here; the server merges them
 * key by key, so settings changed in another window are never overwritten by a stale copy, and the same
 * setting changed in two places is a 409 that stops saving until the author picks 刷新 or 覆盖. A failed
 * save keeps its keys (under any newer change of the same key) and is retried, except for invalid
 * input, which waits for the next change.
 */
export function startSettingsAutosave(options: SettingsAutosaveOptions): SettingsAutosave {
  const delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const retryMs = options.retryMs ?? RETRY_DELAY_MS;
  let pending: SettingsPatch = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  let stopped = false;
  let known: QuestionarySettings | null = null;
  let conflictWith: QuestionarySettings | null = null;
  let overwriteNext = false;
  const setPhase = (phase: SettingsSavePhase, error: string | null = null) =>
    useSettingsSave.setState({ phase, error });
  setPhase("saved");

  const hasPending = () => Object.keys(pending).length > 0;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void run(), ms);
  };

  async function attempt(): Promise<void> {
    const sent = pending;
    pending = {};
    const seen = known as Record<string, unknown> | null;
    const base =
      overwriteNext || !seen
        ? undefined
        : Object.fromEntries(Object.keys(sent).map((key) => [key, seen[key]]));
    overwriteNext = false;
    setPhase("saving");
    try {
      const settings = await options.save(sent, base as SettingsPatch | undefined);
      known = settings;
      options.onSaved({ ...settings, ...pending });
      setPhase(hasPending() ? "pending" : "saved");
    } catch (error) {
      pending = { ...sent, ...pending };
      if (error instanceof ApiError && error.code === ResultCode.conflict) {
        conflictWith = (error.data as { settings?: QuestionarySettings } | null)?.settings ?? null;
        setPhase("conflict", error.message);
        return;
      }
      setPhase("error", error instanceof Error && error.message ? error.message : "保存失败");
      options.onError?.(error);
      if (!(error instanceof ApiError && error.code === ResultCode.invalidInput)) schedule(retryMs);
    }
  }

  function run(): Promise<void> {
    clearTimeout(timer);
    if (inFlight) return inFlight;
    if (!hasPending()) return Promise.resolve();
    inFlight = attempt().finally(() => {
      inFlight = null;
      // Changes made during the request: saved after the usual pause.
      if (hasPending() && useSettingsSave.getState().phase === "pending") schedule(delayMs);
    });
    return inFlight;
  }

  return {
    know: (settings) => {
      known ??= settings;
    },
    change: (patch) => {
      if (stopped) return;
      pending = { ...pending, ...patch };
      const { phase } = useSettingsSave.getState();
      // In a conflict nothing is sent until the author has chosen; the change waits with the others.
      if (phase === "conflict") return;
      if (phase !== "saving") setPhase("pending");
      if (!inFlight) schedule(delayMs);
    },
    overwrite: async () => {
      if (inFlight) await inFlight;
      overwriteNext = true;
      await run();
    },
    discard: () => {
      clearTimeout(timer);
      pending = {};
      if (conflictWith) known = conflictWith;
      const shown = known;
      conflictWith = null;
      useSettingsSave.setState((state) => ({
        phase: "saved",
        error: null,
        generation: state.generation + 1,
      }));
      return shown;
    },
    flush: async () => {
      if (inFlight) await inFlight;
      if (useSettingsSave.getState().phase !== "conflict") await run();
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
