import type { SelectConnect } from "@wjgj/core";
import { Button, Empty, Modal, Radio, Select } from "antd";
import { useMemo, useState } from "react";
import { choicesOf } from "../../lib/condition-model.ts";
import { choiceSources } from "../../lib/logic-sources.ts";
import { optionListOf } from "../../lib/question-meta.ts";
import { indexSurvey, plainTitle, questionLabel } from "../../lib/survey-index.ts";
import { findQuestion } from "../../store/definition-ops.ts";
import { uiActions } from "../../store/ui-store.ts";
import { editorActions, editorStore } from "../../store/use-editor.ts";

/**
 * 选项关联: each option of this question is tied to options of an earlier question and shows only when
 * (not) one of them was chosen. Options left untied always show.
 */
export function SelectConnectDialog({ questionId }: { questionId: string }) {
  const [draft] = useState(() => editorStore.getState().draft);
  const question = draft ? findQuestion(draft, questionId) : undefined;
  const sources = useMemo(() => (draft ? choiceSources(draft, questionId) : []), [draft, questionId]);
  const [value, setValue] = useState<SelectConnect>(
    () => question?.selectConnect ?? { questionId: sources[0]?.id ?? "", mode: "chosen", links: [] },
  );
  if (!draft || !question) return null;
  const index = indexSurvey(draft);
  const options = optionListOf(question, "options") ?? [];
  const source = sources.find((candidate) => candidate.id === value.questionId);
  const sourceChoices = source ? (choicesOf(source.question) ?? []) : [];
  const linksOf = (optionId: string) =>
    value.links.find((link) => link.optionId === optionId)?.sourceOptionIds ?? [];
  const setLinks = (optionId: string, sourceOptionIds: string[]) =>
    setValue({
      ...value,
      links: [
        ...value.links.filter((link) => link.optionId !== optionId),
        ...(sourceOptionIds.length > 0 ? [{ optionId, sourceOptionIds }] : []),
      ].sort(
        (a, b) =>
          options.findIndex((o) => o.id === a.optionId) - options.findIndex((o) => o.id === b.optionId),
      ),
    });
  // Same-label options are the usual case (a follow-up lists what was chosen before): link them in one go.
  const linkByLabel = () =>
    setValue({
      ...value,
      links: options.flatMap((option) => {
        const match = sourceChoices.find((choice) => choice.label === plainTitle(option.label, 30));
        return match ? [{ optionId: option.id, sourceOptionIds: [match.id] }] : [];
      }),
    });
  const close = () => uiActions().closeDialog();
  const save = () => {
    editorActions().patchQuestion(questionId, { selectConnect: value.links.length > 0 ? value : undefined });
    close();
  };
  return (
    <Modal
      open
      width={720}
      title={`选项关联 · ${questionLabel(index, questionId)}`}
      onCancel={close}
      footer={[
        question.selectConnect && (
          <Button
            key="delete"
            danger
            onClick={() => {
              editorActions().patchQuestion(questionId, { selectConnect: undefined });
              close();
            }}
          >
            删除关联
          </Button>
        ),
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!source} onClick={save}>
          保存
        </Button>,
      ]}
    >
      {sources.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本题之前没有选择题，无法设置选项关联" />
      ) : (
        <>
          <div className="dd-connect-head">
            <span>关联</span>
            <Select
              aria-label="关联题目"
              style={{ width: 280 }}
              value={value.questionId || undefined}
              options={sources.map((s) => ({ value: s.id, label: s.label }))}
              onChange={(id: string) => setValue({ ...value, questionId: id, links: [] })}
            />
            <Radio.Group
              value={value.mode}
              onChange={(event) => setValue({ ...value, mode: event.target.value })}
            >
              <Radio value="chosen">选中时显示</Radio>
              <Radio value="notChosen">未选中时显示</Radio>
            </Radio.Group>
            <Button size="small" onClick={linkByLabel} disabled={!source}>
              按相同文字自动关联
            </Button>
          </div>
          <table className="dd-connect-table">
            <thead>
              <tr>
                <th>本题选项</th>
                <th>
                  {value.mode === "chosen" ? "当以下任一选项被选中时显示" : "当以下选项都未被选中时显示"}
                </th>
              </tr>
            </thead>
            <tbody>
              {options.map((option) => (
                <tr key={option.id}>
                  <td>{option.label}</td>
                  <td>
                    <Select
                      aria-label={`关联${option.label}`}
                      mode="multiple"
                      style={{ width: "100%" }}
                      placeholder="不关联（始终显示）"
                      value={linksOf(option.id)}
                      options={sourceChoices.map((choice) => ({ value: choice.id, label: choice.label }))}
                      onChange={(ids: string[]) => setLinks(option.id, ids)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Modal>
  );
}
