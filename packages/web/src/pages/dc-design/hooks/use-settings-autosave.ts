import type { QueryClient } from "@tanstack/react-query";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type QuestionarySettings, ResultCode } from "@wjgj/core";
import { useEffect } from "react";
import { ApiError } from "../../../api/errors.ts";
import { questionaryApi } from "../../../api/questionary.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { type SettingsAutosave, startSettingsAutosave } from "../store/settings-autosave.ts";
import { useEditor } from "../store/use-editor.ts";
import { designerKeys } from "./use-reload.ts";

let current: SettingsAutosave | null = null;

/** The running settings autosave: the settings controls hand it their changes; leaving flushes it. */
export function settingsAutosave(): SettingsAutosave | null {
  return current;
}

/** 刷新 after a settings conflict: the other window's settings replace the waiting changes on screen. */
export function refreshSettings(queryClient: QueryClient, id: number): void {
  const shown = current?.discard();
  if (shown) queryClient.setQueryData(designerKeys.settings(id), shown);
  else void queryClient.invalidateQueries({ queryKey: designerKeys.settings(id) });
}

/** Runs the settings autosave while the designer is mounted, for the questionnaire it shows. */
export function useSettingsAutosave(): void {
  const id = useEditor((state) => state.meta?.id ?? 0);
  const queryClient = useQueryClient();
  const showError = useApiError();
  // The same query as the panel's: its first answer is what the first changes are made against.
  const loaded = useQuery({
    queryKey: designerKeys.settings(id),
    queryFn: ({ signal }) => questionaryApi.getQuestionarySet(id, { signal }),
    enabled: id > 0,
  });
  useEffect(() => {
    if (id <= 0) return;
    const handle = startSettingsAutosave({
      save: (patch, base) => questionaryApi.updateQuestionarySet(id, patch, base),
      onSaved: (settings) => queryClient.setQueryData(designerKeys.settings(id), settings),
      // Invalid input and conflicts are named in the panel's status line (with 刷新/覆盖 for a
      // conflict); a toast on every pause in typing would nag.
      onError: (error) => {
        const shown = [ResultCode.invalidInput, ResultCode.conflict] as number[];
        if (!(error instanceof ApiError && shown.includes(error.code))) showError(error);
      },
    });
    const key = designerKeys.settings(id);
    current = {
      ...handle,
      change: (patch) => {
        // The panel remounts from the cache (tabs are destroyed when hidden): it must hold the change
        // before the server has it.
        queryClient.setQueryData<QuestionarySettings>(key, (old) => (old ? { ...old, ...patch } : old));
        handle.change(patch);
      },
    };
    return () => {
      // Leaving the designer (or switching questionnaire) still saves what waits.
      void handle.flush();
      handle.stop();
      if (current?.stop === handle.stop) current = null;
    };
  }, [id, queryClient, showError]);
  // After the effect above, so the handle exists. Only the first answer counts (know() keeps the
  // first): later cache values include local changes not yet saved.
  useEffect(() => {
    if (loaded.data) current?.know(loaded.data);
  }, [loaded.data]);
}
