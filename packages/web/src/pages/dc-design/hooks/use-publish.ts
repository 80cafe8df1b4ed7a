import { questionnaireKindNouns } from "@wjgj/core";
import { App } from "antd";
import { useState } from "react";
import { ApiError, fieldErrorsOf } from "../../../api/errors.ts";
import { questionaryApi } from "../../../api/questionary.ts";
import { fieldToPath, questionIdAt } from "../lib/issues.ts";
import { indexSurvey, questionLabel } from "../lib/survey-index.ts";
import { saveIndicatorOf } from "../store/save-state.ts";
import { uiActions } from "../store/ui-store.ts";
import { editorActions, editorStore } from "../store/use-editor.ts";
import { autosave } from "./use-autosave.ts";

/** The refusal's paths, named by question (第3题：…) so the author knows where to look. */
function describeRefusal(error: unknown): string[] {
  const draft = editorStore.getState().draft;
  const errors = fieldErrorsOf(error);
  if (!draft || errors.length === 0) return [error instanceof Error ? error.message : "发布失败"];
  const index = indexSurvey(draft);
  return errors.map((item) => {
    const id = questionIdAt(draft, fieldToPath(item.field));
    return id ? `${questionLabel(index, id)}：${item.message}` : item.message;
  });
}

/** 发布: save what is on screen first, then publish; a refusal lists the definition's errors. */
export function usePublish() {
  const { message } = App.useApp();
  const [publishing, setPublishing] = useState(false);

  const publish = async () => {
    const meta = editorStore.getState().meta;
    if (!meta || publishing) return;
    setPublishing(true);
    try {
      await autosave()?.flush();
      if (saveIndicatorOf(editorStore.getState()) !== "saved") {
        void message.warning("当前修改尚未保存成功，请先处理保存问题再发布");
        return;
      }
      const summary = await questionaryApi.releaseQuestionary(meta.id);
      editorActions().setMeta({
        status: summary.status,
        hasUnpublishedChanges: summary.hasUnpublishedChanges,
      });
      void message.success(`发布成功，现在可以分享${questionnaireKindNouns[meta.kind]}了`);
      uiActions().openDialog({ kind: "share" });
    } catch (error) {
      if (error instanceof ApiError && error.handled) return;
      uiActions().openDialog({ kind: "publishErrors", messages: describeRefusal(error) });
    } finally {
      setPublishing(false);
    }
  };

  return { publish, publishing };
}
