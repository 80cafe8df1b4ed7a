import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { questionaryApi } from "../../../api/questionary.ts";
import { editorActions, editorStore } from "../store/use-editor.ts";

export const designerKeys = {
  detail: (id: number) => ["questionary", "detail", id] as const,
  settings: (id: number) => ["questionary", "settings", id] as const,
};

/** 刷新 after a conflict: the server's draft replaces the local one. */
export function useReloadFromServer() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const id = editorStore.getState().meta?.id;
    if (!id) return;
    const detail = await questionaryApi.getQuestionaryDetail(id);
    queryClient.setQueryData(designerKeys.detail(id), detail);
    editorActions().load(detail);
  }, [queryClient]);
}
