import { Input, Modal, Radio } from "antd";
import { useState } from "react";
import { type OptionListKey, optionListNames } from "../../lib/question-meta.ts";
import { linesToLabels } from "../../store/option-ops.ts";
import { uiActions, useUi } from "../../store/ui-store.ts";
import { editorActions } from "../../store/use-editor.ts";

export function openBatchAdd(questionId: string, listKey: OptionListKey): void {
  uiActions().openDialog({ kind: "batchAdd", questionId, listKey });
}

/** 批量添加: paste one option per line (from Excel, Word or a web page); replace keeps existing option ids. */
export function BatchAddDialog({ questionId, listKey }: { questionId: string; listKey: OptionListKey }) {
  const [text, setText] = useState("");
  const [mode, setMode] = useState<"append" | "replace">("append");
  const count = linesToLabels(text).length;
  const name = optionListNames[listKey];
  const handleOk = () => {
    editorActions().batchAddOptions(questionId, listKey, text, mode);
    uiActions().closeDialog();
  };
  return (
    <Modal
      open
      title={`批量添加${name}`}
      okText={count > 0 ? `添加 ${count} 项` : "添加"}
      okButtonProps={{ disabled: count === 0 }}
      cancelText="取消"
      onOk={handleOk}
      onCancel={() => useUi.getState().closeDialog()}
      destroyOnHidden
    >
      <p className="dd-dialog-hint">每行一个{name}，可直接从 Excel、Word 中复制粘贴，空行会被忽略。</p>
      <Input.TextArea
        aria-label={`批量${name}`}
        autoFocus
        rows={10}
        value={text}
        placeholder={"非常满意\n满意\n一般\n不满意\n非常不满意"}
        onChange={(event) => setText(event.target.value)}
      />
      <Radio.Group className="dd-dialog-mode" value={mode} onChange={(event) => setMode(event.target.value)}>
        <Radio value="append">追加到现有{name}之后</Radio>
        <Radio value="replace">替换现有{name}</Radio>
      </Radio.Group>
    </Modal>
  );
}
