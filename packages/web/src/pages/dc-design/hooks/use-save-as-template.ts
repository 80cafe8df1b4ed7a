import { richTextToPlain } from "@wjgj/core";
import { App } from "antd";
import { useState } from "react";
import { saveIndicatorOf } from "../store/save-state.ts";
import { uiActions } from "../store/ui-store.ts";
import { editorStore } from "../store/use-editor.ts";
import { autosave } from "./use-autosave.ts";

/**
 * 另存为模板 in the designer: the server copies the stored draft, so what is on screen is saved first
 * (as for 发布); the dialog opens only once it is.
 */
export function useSaveAsTemplate() {
  const { message } = App.useApp();
  const [preparing, setPreparing] = useState(false);

  const open = async () => {
    const { meta, draft } = editorStore.getState();
    if (!meta || !draft || preparing) return;
    setPreparing(true);
    try {
      await autosave()?.flush();
      if (saveIndicatorOf(editorStore.getState()) !== "saved") {
        void message.warning("当前修改尚未保存成功，请先处理保存问题再另存为模板");
        return;
      }
      uiActions().openDialog({
        kind: "saveAsTemplate",
        source: { id: meta.id, title: richTextToPlain(draft.title).trim(), kind: meta.kind },
      });
    } finally {
      setPreparing(false);
    }
  };

  return { open, preparing };
}
