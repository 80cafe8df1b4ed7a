import { Button, Empty, Modal } from "antd";
import { useMemo, useState } from "react";
import { defaultLeaf, fromGroup, isComplete, toGroup } from "../../lib/condition-model.ts";
import { describeShowIf } from "../../lib/condition-summary.ts";
import { conditionSources } from "../../lib/logic-sources.ts";
import { indexSurvey, questionLabel } from "../../lib/survey-index.ts";
import { findQuestion } from "../../store/definition-ops.ts";
import { uiActions } from "../../store/ui-store.ts";
import { editorActions, editorStore } from "../../store/use-editor.ts";
import { GroupEditor } from "./condition-builder.tsx";

/** 显示逻辑: the question shows only when the condition over earlier questions holds. */
export function ShowLogicDialog({ questionId }: { questionId: string }) {
  // The draft as it was when the dialog opened: the dialog edits a copy and commits once, as one undo step.
  const [draft] = useState(() => editorStore.getState().draft);
  const question = draft ? findQuestion(draft, questionId) : undefined;
  const sources = useMemo(
    () => (draft ? conditionSources(draft, questionId, false) : []),
    [draft, questionId],
  );
  // A new rule starts from the nearest earlier question, the one show logic most often depends on.
  const [group, setGroup] = useState(() => {
    const nearest = sources[sources.length - 1];
    return toGroup(question?.showIf ?? (nearest ? defaultLeaf(nearest.question) : undefined));
  });
  if (!draft || !question) return null;
  const index = indexSurvey(draft);
  const condition = fromGroup(group);
  const valid = !condition || isComplete(condition);
  const close = () => uiActions().closeDialog();
  const save = () => {
    editorActions().patchQuestion(questionId, { showIf: condition });
    close();
  };
  return (
    <Modal
      open
      width={760}
      title={`显示逻辑 · ${questionLabel(index, questionId)}`}
      onCancel={close}
      footer={[
        question.showIf && (
          <Button
            key="delete"
            danger
            onClick={() => {
              editorActions().patchQuestion(questionId, { showIf: undefined });
              close();
            }}
          >
            删除逻辑
          </Button>
        ),
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!valid} onClick={save}>
          保存
        </Button>,
      ]}
    >
      {sources.length === 0 ? (
        <Empty description="本题之前没有可作为条件的题目" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <>
          <p className="dd-dialog-hint">
            满足以下条件时才显示本题，否则本题隐藏且不计入答卷。条件只能引用本题之前的题目。
          </p>
          <GroupEditor
            group={group}
            sources={{ questions: sources, computed: draft.computed }}
            onChange={setGroup}
          />
          <div className="dd-dialog-summary" data-testid="logic-preview">
            {condition && valid ? describeShowIf({ definition: draft, index }, condition) : "尚未设置条件"}
          </div>
        </>
      )}
    </Modal>
  );
}
