import type { OptionSource } from "@wjgj/core";
import { Button, Empty, Modal, Radio, Select } from "antd";
import { useMemo, useState } from "react";
import { choiceSources } from "../../lib/logic-sources.ts";
import { indexSurvey, questionLabel } from "../../lib/survey-index.ts";
import { findQuestion } from "../../store/definition-ops.ts";
import { uiActions } from "../../store/ui-store.ts";
import { editorActions, editorStore } from "../../store/use-editor.ts";

/** 引用选项: this question offers the options the respondent chose (or did not choose) in an earlier question. */
export function SelectJoinDialog({ questionId }: { questionId: string }) {
  const [draft] = useState(() => editorStore.getState().draft);
  const question = draft ? findQuestion(draft, questionId) : undefined;
  const sources = useMemo(() => (draft ? choiceSources(draft, questionId) : []), [draft, questionId]);
  const [value, setValue] = useState<OptionSource>(
    () => question?.optionSource ?? { questionId: sources[0]?.id ?? "", mode: "selected" },
  );
  if (!draft || !question) return null;
  const index = indexSurvey(draft);
  const close = () => uiActions().closeDialog();
  const save = () => {
    editorActions().patchQuestion(questionId, { optionSource: value });
    close();
  };
  return (
    <Modal
      open
      width={600}
      title={`引用选项 · ${questionLabel(index, questionId)}`}
      onCancel={close}
      footer={[
        question.optionSource && (
          <Button
            key="delete"
            danger
            onClick={() => {
              editorActions().patchQuestion(questionId, { optionSource: undefined });
              close();
            }}
          >
            取消引用
          </Button>
        ),
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!value.questionId} onClick={save}>
          保存
        </Button>,
      ]}
    >
      {sources.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本题之前没有选择题，无法引用选项" />
      ) : (
        <div className="dd-join">
          <p className="dd-dialog-hint">
            作答时，本题的选项将替换为所引用题目中的选项（「其他」项显示答题者填写的内容）。
          </p>
          <div className="dd-connect-head">
            <span>引用</span>
            <Select
              aria-label="引用题目"
              style={{ width: 300 }}
              value={value.questionId || undefined}
              options={sources.map((s) => ({ value: s.id, label: s.label }))}
              onChange={(id: string) => setValue({ ...value, questionId: id })}
            />
            <span>的</span>
            <Radio.Group
              value={value.mode}
              onChange={(event) => setValue({ ...value, mode: event.target.value })}
            >
              <Radio value="selected">已选选项</Radio>
              <Radio value="unselected">未选选项</Radio>
            </Radio.Group>
          </div>
        </div>
      )}
    </Modal>
  );
}
