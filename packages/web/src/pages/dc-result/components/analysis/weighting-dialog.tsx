import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { AnalysisVariablesResult, WeightingSummary } from "@wjgj/core/api/analysis";
import { Alert, App, Button, Descriptions, InputNumber, Modal, Popconfirm } from "antd";
import { useMemo, useState } from "react";
import { useDeleteWeightingMutation, useSaveWeightingMutation } from "../../../../api/analysis.ts";
import { Permitted, useAccess } from "../../../../components/permitted.tsx";
import { VariableSelect, variableOption } from "./variable-select.tsx";
import {
  MAX_MARGINS,
  type MarginDraft,
  marginDraft,
  marginsToSave,
  marginTotal,
  weightingCandidates,
} from "./weighting-model.ts";

/** What the saved weighting came to: how much precision it costs and how far the weights spread. */
export function WeightingSummaryView({ summary }: { summary: WeightingSummary }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      className="wj-weighting__summary"
      data-testid="weighting-summary"
      items={[
        { key: "efficiency", label: "加权效率", children: `${summary.efficiency}%` },
        {
          key: "range",
          label: "权重范围",
          children: `${summary.minWeight.toFixed(3)} ~ ${summary.maxWeight.toFixed(3)}`,
        },
        {
          key: "iterations",
          label: "迭代次数",
          children: `${summary.iterations}次（${summary.converged ? "已收敛" : "未完全收敛"}）`,
        },
        {
          key: "cases",
          label: "参与加权的答卷",
          children: `${summary.weighted}份${summary.unweighted ? `（另有${summary.unweighted}份未答全加权变量，权重为1）` : ""}`,
        },
      ]}
    />
  );
}

function MarginEditor({
  draft,
  index,
  catalogue,
  taken,
  onChange,
  onRemove,
}: {
  draft: MarginDraft;
  index: number;
  catalogue: AnalysisVariablesResult;
  taken: string[];
  onChange: (draft: MarginDraft) => void;
  onRemove: () => void;
}) {
  const candidates = useMemo(() => weightingCandidates(catalogue).map(variableOption), [catalogue]);
  const variable = catalogue.variables.find((v) => v.name === draft.variable);
  const total = marginTotal(draft);
  return (
    <div className="wj-weighting__margin" data-testid="weighting-margin">
      <div className="wj-weighting__margin-head">
        <VariableSelect
          label={`第${index + 1}个加权变量`}
          placeholder="选择加权变量（单选题）"
          options={candidates}
          exclude={taken}
          value={draft.variable}
          onChange={(name) => onChange({ ...draft, variable: name, percents: {} })}
        />
        <Button
          type="text"
          icon={<DeleteOutlined />}
          aria-label={`删除第${index + 1}个加权变量`}
          onClick={onRemove}
        />
      </div>
      {variable && (
        <>
          <div className="wj-weighting__targets">
            {variable.values.map((code) => (
              <div key={code.value} className="wj-weighting__target">
                <span className="wj-weighting__target-label">{code.label}</span>
                <InputNumber<number>
                  aria-label={`${code.label}的目标比例`}
                  min={0}
                  max={100}
                  step={0.1}
                  precision={1}
                  suffix="%"
                  value={draft.percents[code.value] ?? null}
                  onChange={(percent) =>
                    onChange({ ...draft, percents: { ...draft.percents, [code.value]: percent } })
                  }
                />
              </div>
            ))}
          </div>
          <div
            className={total === 100 ? "wj-weighting__total" : "wj-weighting__total wj-weighting__total--off"}
            data-testid="weighting-total"
          >
            合计 {total}%{total === 100 ? "" : `（还差 ${Math.round((100 - total) * 10) / 10}%）`}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * 设置加权: target shares per code of up to five single-choice variables (from a census or a quota), raked on
 * the server; the saved weighting's efficiency tells how much the sample had to be bent to meet them.
 */
export function WeightingDialog({
  id,
  catalogue,
  saved,
  onClose,
}: {
  id: number;
  catalogue: AnalysisVariablesResult;
  saved: WeightingSummary | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const save = useSaveWeightingMutation();
  const remove = useDeleteWeightingMutation();
  const [drafts, setDrafts] = useState<MarginDraft[]>(() =>
    saved?.margins.length ? saved.margins.map(marginDraft) : [marginDraft()],
  );
  const [problem, setProblem] = useState<string | null>(null);

  const handleSave = () => {
    const margins = marginsToSave(drafts, catalogue);
    if (typeof margins === "string") {
      setProblem(margins);
      return;
    }
    setProblem(null);
    save.mutate(
      { id, margins },
      { onSuccess: () => void message.success("加权已保存，分析时打开“加权”即可使用") },
    );
  };
  const handleDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        void message.success("已删除加权");
        onClose();
      },
    });
  const error = save.error ?? remove.error;
  const access = useAccess();
  const deleteButton = (
    <Button size="small" danger loading={remove.isPending} data-testid="weighting-delete">
      删除加权
    </Button>
  );

  return (
    <Modal
      open
      title="设置加权"
      width={640}
      onCancel={onClose}
      className="wj-weighting"
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Permitted key="save" action="manageResponses">
          <Button type="primary" loading={save.isPending} onClick={handleSave} data-testid="weighting-save">
            保存并计算权重
          </Button>
        </Permitted>,
      ]}
    >
      <p className="wj-muted">
        {"为样本结构与总体不一致的变量（如性别、年龄段）设定目标比例，"}
        {"系统按迭代比例拟合法计算每份答卷的权重。加权用于描述统计和交叉表。"}
      </p>
      {saved && (
        <div className="wj-weighting__saved">
          <div className="wj-weighting__saved-head">
            <b>当前加权</b>
            {access.may("manageResponses") ? (
              <Popconfirm
                title="删除后加权结果不再可用，确定删除吗？"
                okText="删除"
                cancelText="取消"
                onConfirm={handleDelete}
              >
                {deleteButton}
              </Popconfirm>
            ) : (
              <Permitted action="manageResponses">{deleteButton}</Permitted>
            )}
          </div>
          <WeightingSummaryView summary={saved} />
        </div>
      )}
      {drafts.map((draft, index) => (
        <MarginEditor
          key={draft.key}
          draft={draft}
          index={index}
          catalogue={catalogue}
          taken={drafts.flatMap((other) => (other !== draft && other.variable ? [other.variable] : []))}
          onChange={(next) => setDrafts(drafts.map((item) => (item === draft ? next : item)))}
          onRemove={() => setDrafts(drafts.filter((item) => item !== draft))}
        />
      ))}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={drafts.length >= MAX_MARGINS}
        onClick={() => setDrafts([...drafts, marginDraft()])}
      >
        添加加权变量（最多{MAX_MARGINS}个）
      </Button>
      {(problem || error) && (
        <Alert
          className="wj-gap-top"
          type="error"
          showIcon
          data-testid="weighting-problem"
          title={problem ?? error?.message}
        />
      )}
    </Modal>
  );
}
