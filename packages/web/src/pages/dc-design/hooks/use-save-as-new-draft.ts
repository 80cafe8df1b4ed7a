import { questionnaireKindNouns, richTextToPlain } from "@wjgj/core";
import { App } from "antd";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { questionaryApi } from "../../../api/questionary.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { editorStore } from "../store/use-editor.ts";

/**
 * 另存为新草稿 after a conflict: the local draft becomes a questionnaire of its own (the other version stays
 * as it is), and the designer moves to it. Same path, so the leave guard does not stop the move.
 */
export function useSaveAsNewDraft() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const showError = useApiError();
  const [saving, setSaving] = useState(false);
  const save = useCallback(async () => {
    const { draft, meta } = editorStore.getState();
    if (!draft || !meta) return;
    setSaving(true);
    try {
      const noun = questionnaireKindNouns[meta.kind];
      const title = `${richTextToPlain(draft.title) || `未命名${noun}`}（我的副本）`.slice(0, 200);
      const created = await questionaryApi.addQuestionary({ kind: meta.kind, title, definition: draft });
      message.success(`已另存为新的草稿${noun}`);
      navigate(`/dc/dcDesign?id=${created.id}`);
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  }, [message, navigate, showError]);
  return { save, saving };
}
