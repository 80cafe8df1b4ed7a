import type { CompareOp, ComputedValue, Condition } from "@wjgj/core";
import { Input, InputNumber, Select, Space } from "antd";
import {
  choicesOf,
  defaultLeaf,
  keysOf,
  pickedOptions,
  type SourceQuestion,
  valueTypeOf,
} from "../../lib/condition-model.ts";
import { compareOpNames } from "../../lib/condition-summary.ts";

export interface BuilderSources {
  questions: SourceQuestion[];
  computed: ComputedValue[];
}

export type Leaf = Exclude<Condition, { kind: "all" | "any" | "not" }>;
type LeafOp = "selected" | "notSelected" | "answered" | "notAnswered" | CompareOp;

const compareOps = Object.keys(compareOpNames) as CompareOp[];

function subjectOf(leaf: Leaf): string {
  if (leaf.kind === "computed") return `c:${leaf.computedId}`;
  if (leaf.kind === "expression") return "expr";
  return `q:${leaf.questionId}`;
}

function opOf(leaf: Leaf): LeafOp | null {
  if (leaf.kind === "compare" || leaf.kind === "computed") return leaf.op;
  if (leaf.kind === "expression") return null;
  return leaf.kind;
}

function ValueInput({
  numeric,
  value,
  onChange,
}: {
  numeric: boolean;
  value: number | string;
  onChange: (v: number | string) => void;
}) {
  if (numeric)
    return (
      <InputNumber
        style={{ width: 110 }}
        placeholder="数值"
        value={typeof value === "number" ? value : null}
        onChange={(next) => onChange(next ?? "")}
      />
    );
  return (
    <Input
      style={{ width: 140 }}
      placeholder="内容"
      value={String(value)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** One condition: what it reads (question, calculated value or expression), the operator and the value. */
export function LeafEditor({
  leaf,
  sources,
  onChange,
}: {
  leaf: Leaf;
  sources: BuilderSources;
  onChange: (c: Leaf) => void;
}) {
  const subjects = [
    ...sources.questions.map((source) => ({ value: `q:${source.id}`, label: source.label })),
    ...sources.computed.map((computed) => ({
      value: `c:${computed.id}`,
      label: `计算值：${computed.name || computed.id}`,
    })),
    { value: "expr", label: "自定义表达式" },
  ];
  const handleSubject = (subject: string) => {
    if (subject === "expr") return onChange({ kind: "expression", expression: "" });
    if (subject.startsWith("c:"))
      return onChange({ kind: "computed", computedId: subject.slice(2), op: "ge", value: 0 });
    const source = sources.questions.find((candidate) => candidate.id === subject.slice(2));
    if (source) onChange(defaultLeaf(source.question) as Leaf);
  };
  const source =
    "questionId" in leaf
      ? sources.questions.find((candidate) => candidate.id === leaf.questionId)
      : undefined;
  const choices = source ? choicesOf(source.question) : null;
  const keys = source && !choices ? keysOf(source.question) : [];

  const opOptions: { value: LeafOp; label: string }[] =
    leaf.kind === "computed"
      ? compareOps.map((op) => ({ value: op, label: compareOpNames[op] }))
      : [
          ...(choices
            ? [
                { value: "selected" as const, label: "选中" },
                { value: "notSelected" as const, label: "未选中" },
              ]
            : []),
          { value: "answered", label: "已作答" },
          { value: "notAnswered", label: "未作答" },
          ...(choices ? [] : compareOps.map((op) => ({ value: op, label: compareOpNames[op] }))),
        ];

  const handleOp = (op: LeafOp) => {
    if (leaf.kind === "computed") return onChange({ ...leaf, op: op as CompareOp });
    if (!source) return;
    const questionId = source.id;
    if (op === "selected" || op === "notSelected") {
      const optionIds =
        leaf.kind === "selected" || leaf.kind === "notSelected" ? leaf.optionIds : [choices?.[0]?.id ?? ""];
      return onChange({ kind: op, questionId, optionIds, match: op === "selected" ? "any" : "all" });
    }
    if (op === "answered" || op === "notAnswered") return onChange({ kind: op, questionId });
    onChange({
      kind: "compare",
      questionId,
      op,
      value: leaf.kind === "compare" ? leaf.value : "",
      key: leaf.kind === "compare" ? leaf.key : undefined,
    });
  };

  const op = opOf(leaf);
  return (
    <Space wrap size={6} className="dd-cond-leaf">
      <Select
        aria-label="条件题目"
        style={{ width: 220 }}
        showSearch
        optionFilterProp="label"
        value={subjectOf(leaf)}
        options={subjects}
        onChange={handleSubject}
      />
      {leaf.kind === "compare" && keys.length > 0 && (
        <Select
          style={{ width: 110 }}
          allowClear
          placeholder="整题"
          value={leaf.key}
          options={keys.map((key) => ({ value: key.key, label: key.label }))}
          onChange={(key?: string) => onChange({ ...leaf, key })}
        />
      )}
      {op && (
        <Select
          aria-label="条件运算"
          style={{ width: 110 }}
          value={op}
          options={opOptions}
          onChange={handleOp}
        />
      )}
      {(leaf.kind === "selected" || leaf.kind === "notSelected") && (
        <>
          <Select
            aria-label="条件选项"
            mode="multiple"
            style={{ minWidth: 180 }}
            placeholder="选择选项"
            value={leaf.optionIds.filter(Boolean)}
            options={(choices ?? []).map((choice) => ({ value: choice.id, label: choice.label }))}
            onChange={(optionIds: string[]) =>
              onChange({ ...leaf, optionIds: pickedOptions(leaf, optionIds) })
            }
          />
          {leaf.optionIds.length > 1 && (
            <Select
              style={{ width: 130 }}
              value={leaf.match}
              options={
                leaf.kind === "selected"
                  ? [
                      { value: "any", label: "其中任一项" },
                      { value: "all", label: "全部同时" },
                    ]
                  : [
                      { value: "all", label: "全部都未选" },
                      { value: "any", label: "至少一项未选" },
                    ]
              }
              onChange={(match: "any" | "all") => onChange({ ...leaf, match })}
            />
          )}
        </>
      )}
      {(leaf.kind === "compare" || leaf.kind === "computed") && (
        <ValueInput
          numeric={
            leaf.kind === "computed"
              ? typeof leaf.value === "number"
              : source
                ? valueTypeOf(source.question, leaf.key) === "number"
                : false
          }
          value={leaf.value}
          onChange={(value) => onChange({ ...leaf, value })}
        />
      )}
      {leaf.kind === "expression" && (
        <Input
          style={{ width: 260 }}
          placeholder="如 $q1 + $q2 > 10"
          value={leaf.expression}
          onChange={(event) => onChange({ ...leaf, expression: event.target.value })}
        />
      )}
    </Space>
  );
}
