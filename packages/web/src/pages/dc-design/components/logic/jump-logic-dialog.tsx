import { PlusOutlined } from "@ant-design/icons";
import type { Condition, Jump } from "@wjgj/core";
import { Button, Checkbox, Empty, Modal, Select } from "antd";
import { useMemo, useState } from "react";
import { defaultLeaf, fromGroup, isComplete, toGroup } from "../../lib/condition-model.ts";
import { describeJump } from "../../lib/condition-summary.ts";
import { conditionSources, jumpTargets } from "../../lib/logic-sources.ts";
import { indexSurvey, questionLabel } from "../../lib/survey-index.ts";
import { findQuestion } from "../../store/definition-ops.ts";
import { uiActions } from "../../store/ui-store.ts";
import { editorActions, editorStore } from "../../store/use-editor.ts";
import { RemoveButton } from "../remove-button.tsx";
import { GroupEditor } from "./condition-builder.tsx";

function encodeTarget(target: Jump["target"]): string {
  if (target.kind === "question") return `q:${target.questionId}`;
  if (target.kind === "page") return `p:${target.pageId}`;
  return target.kind;
}

function decodeTarget(value: string): Jump["target"] {
  if (value.startsWith("q:")) return { kind: "question", questionId: value.slice(2) };
  if (value.startsWith("p:")) return { kind: "page", pageId: value.slice(2) };
  return { kind: value === "screenOut" ? "screenOut" : "submit" };
}

/** 跳题逻辑: rules tried in order; the first that holds decides where the respondent goes next. */
export function JumpLogicDialog({ questionId }: { questionId: string }) {
  const [draft] = useState(() => editorStore.getState().draft);
  const question = draft ? findQuestion(draft, questionId) : undefined;
  const [rules, setRules] = useState<Jump[]>(() => question?.jumps ?? []);
  const sources = useMemo(
    () => (draft ? conditionSources(draft, questionId, true) : []),
    [draft, questionId],
  );
  const targets = useMemo(() => (draft ? jumpTargets(draft, questionId) : []), [draft, questionId]);
  if (!draft || !question) return null;
  const index = indexSurvey(draft);
  const self = sources.find((source) => source.id === questionId);
  const close = () => uiActions().closeDialog();
  const update = (i: number, rule: Jump) => setRules(rules.map((r, j) => (j === i ? rule : r)));
  const valid = rules.every((rule) => !rule.when || isComplete(rule.when));
  const addRule = () =>
    setRules([
      ...rules,
      {
        when: self ? defaultLeaf(self.question) : undefined,
        target: decodeTarget(targets[0]?.value ?? "submit"),
      },
    ]);
  const save = () => {
    editorActions().patchQuestion(questionId, { jumps: rules.length > 0 ? rules : undefined });
    close();
  };
  return (
    <Modal
      open
      width={820}
      title={`跳题逻辑 · ${questionLabel(index, questionId)}`}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!valid} onClick={save}>
          保存
        </Button>,
      ]}
    >
      <p className="dd-dialog-hint">
        作答本题后按顺序检查以下规则，第一条满足的规则决定跳转去向；只能向后跳转。
      </p>
      {rules.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有跳题规则" />}
      {rules.map((rule, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rules are positional (order decides which fires).
        <div className="dd-jump-rule" key={i} data-testid="jump-rule">
          <div className="dd-jump-rule__head">
            <span className="dd-jump-rule__no">规则 {i + 1}</span>
            <Checkbox
              checked={!rule.when}
              onChange={(event) =>
                update(i, {
                  ...rule,
                  when: event.target.checked ? undefined : self ? defaultLeaf(self.question) : undefined,
                })
              }
            >
              无条件跳转
            </Checkbox>
            <RemoveButton label="删除规则" onClick={() => setRules(rules.filter((_, j) => j !== i))} />
          </div>
          {rule.when && (
            <GroupEditor
              group={toGroup(rule.when)}
              sources={{ questions: sources, computed: draft.computed }}
              onChange={(group) => update(i, { ...rule, when: fromGroup(group) as Condition | undefined })}
            />
          )}
          <div className="dd-jump-rule__target">
            <span>跳转到</span>
            <Select
              aria-label="跳转到"
              style={{ width: 320 }}
              showSearch
              optionFilterProp="label"
              value={encodeTarget(rule.target)}
              options={targets}
              onChange={(value: string) => update(i, { ...rule, target: decodeTarget(value) })}
            />
          </div>
          {(!rule.when || isComplete(rule.when)) && (
            <div className="dd-dialog-summary">{describeJump({ definition: draft, index }, rule)}</div>
          )}
        </div>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} block onClick={addRule}>
        添加跳题规则
      </Button>
    </Modal>
  );
}
