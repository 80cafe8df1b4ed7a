import { type Eligibility, questionnaireKindNouns, type SurveyDefinition } from "@wjgj/core";
import { Alert, Button, InputNumber, Modal, Select, Typography } from "antd";
import { useMemo, useState } from "react";
import { GroupEditor } from "../../dc-design/components/logic/condition-builder.tsx";
import { fromGroup, isComplete, toGroup } from "../../dc-design/lib/condition-model.ts";
import { describeCondition } from "../../dc-design/lib/condition-summary.ts";
import { conditionSources } from "../../dc-design/lib/logic-sources.ts";
import { indexSurvey } from "../../dc-design/lib/survey-index.ts";
import "../../../styles/condition-builder.css";

type Kind = Eligibility["kind"];

/** The form rule of an EligibilityInput: a condition must be complete before it is saved. */
export const eligibilityRules = [
  {
    validator: async (_: unknown, value: Eligibility | undefined) => {
      if (value?.kind === "condition" && !isComplete(value.condition))
        throw new Error("请设置完整的答题条件");
    },
  },
];

/** 设置条件: the logic editor's condition builder over every question of the questionnaire. */
function ConditionDialog(props: {
  definition: SurveyDefinition;
  initial: Extract<Eligibility, { kind: "condition" }> | null;
  onSave: (value: Eligibility) => void;
  onClose: () => void;
}) {
  const { definition } = props;
  const sources = useMemo(() => {
    const lastId = definition.pages.at(-1)?.questions.at(-1)?.id ?? "";
    return { questions: conditionSources(definition, lastId, true), computed: definition.computed };
  }, [definition]);
  const [group, setGroup] = useState(() => toGroup(props.initial?.condition));
  const [problem, setProblem] = useState<string | null>(null);

  const handleSave = () => {
    const condition = fromGroup(group);
    if (!condition || !isComplete(condition)) {
      setProblem("请完善条件：选择题目，选择题还需选择选项");
      return;
    }
    props.onSave({ kind: "condition", condition });
  };

  return (
    <Modal
      open
      title="设置答题条件"
      width={820}
      okText="确定"
      cancelText="取消"
      onOk={handleSave}
      onCancel={props.onClose}
      className="wj-rewards-condition"
    >
      <p className="wj-rewards-condition__hint">
        答卷满足以下条件时才可参与，例如：第1题 选中「是」，且第3题 已作答。
      </p>
      {sources.questions.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`${questionnaireKindNouns[definition.kind]}还没有可作为条件的题目`}
        />
      ) : (
        <div className="wj-rewards-condition__builder wj-cond-layout" data-testid="eligibility-builder">
          <GroupEditor group={group} sources={sources} onChange={setGroup} />
        </div>
      )}
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}

/**
 * 谁可以参与 (a form control): everyone who submits, exams at or above a score, or answers meeting a
 * condition built with the logic editor's builder. The server decides with the same logic engine.
 */
export function EligibilityInput(props: {
  definition: SurveyDefinition;
  value?: Eligibility;
  onChange?: (value: Eligibility) => void;
  id?: string;
}) {
  const value = props.value ?? { kind: "all" };
  const [editing, setEditing] = useState(false);
  const summary = useMemo(
    () =>
      value.kind === "condition"
        ? describeCondition(
            { definition: props.definition, index: indexSurvey(props.definition) },
            value.condition,
          )
        : "",
    [value, props.definition],
  );

  const handleKind = (kind: Kind) => {
    if (kind === "all") props.onChange?.({ kind: "all" });
    if (kind === "score") props.onChange?.({ kind: "score", minScore: 60 });
    if (kind === "condition") setEditing(true);
  };

  return (
    <div className="wj-rewards-eligibility">
      <Select<Kind>
        id={props.id}
        value={value.kind}
        onChange={handleKind}
        options={[
          { value: "all", label: "所有提交答卷的人" },
          { value: "score", label: "考试成绩达到分数线的人" },
          { value: "condition", label: "答卷满足条件的人" },
        ]}
      />
      {value.kind === "score" ? (
        <InputNumber
          aria-label="最低分数"
          prefix="最低分数"
          min={0}
          max={100000}
          value={value.minScore}
          onChange={(minScore) => props.onChange?.({ kind: "score", minScore: minScore ?? 0 })}
          style={{ width: "100%" }}
        />
      ) : null}
      {value.kind === "condition" ? (
        <div className="wj-rewards-eligibility__condition">
          <Typography.Text data-testid="eligibility-summary">{`条件：${summary}`}</Typography.Text>
          <Button size="small" onClick={() => setEditing(true)}>
            修改条件
          </Button>
        </div>
      ) : null}
      {editing ? (
        <ConditionDialog
          definition={props.definition}
          initial={value.kind === "condition" ? value : null}
          onSave={(next) => {
            props.onChange?.(next);
            setEditing(false);
          }}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </div>
  );
}
