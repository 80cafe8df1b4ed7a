import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { AnalysisMethod, AnalysisVariablesResult, PostHocMethod } from "@wjgj/core/api/analysis";
import { Button, Form, InputNumber, Segmented, Select } from "antd";
import { useMemo } from "react";
import type { AnalysisDraft } from "./methods.ts";
import { isCoded, isTestable, VariableSelect, VariablesSelect, variableOption } from "./variable-select.tsx";

interface MethodFormProps {
  method: AnalysisMethod;
  catalogue: AnalysisVariablesResult;
  draft: AnalysisDraft;
  onChange: (patch: Partial<AnalysisDraft>) => void;
}

const postHocOptions: { value: PostHocMethod; label: string }[] = [
  { value: "tukey", label: "Tukey法" },
  { value: "bonferroni", label: "Bonferroni法" },
];

const kindOptions: { value: "pearson" | "spearman"; label: string }[] = [
  { value: "pearson", label: "Pearson相关系数" },
  { value: "spearman", label: "Spearman相关系数" },
];

/** The two codes of the grouping variable to compare (blank for the first two answered). */
function GroupPair({ catalogue, draft, onChange }: Omit<MethodFormProps, "method">) {
  const codes = catalogue.variables.find((variable) => variable.name === draft.group)?.values ?? [];
  const options = codes.map((code) => ({ value: code.value, label: `${code.label}（${code.value}）` }));
  const [first, second] = draft.groups;
  return (
    <Form.Item label="比较的两组" extra="留空时比较前两个有人作答的组">
      <div className="wj-analysis__pair">
        <Select<number>
          aria-label="第一组"
          className="wj-analysis__select"
          placeholder="第一组"
          allowClear
          disabled={!draft.group}
          value={first}
          options={options}
          onChange={(value) => onChange({ groups: [value ?? undefined, second] })}
        />
        <span className="wj-muted">与</span>
        <Select<number>
          aria-label="第二组"
          className="wj-analysis__select"
          placeholder="第二组"
          allowClear
          disabled={!draft.group}
          value={second}
          options={options}
          onChange={(value) => onChange({ groups: [first, value ?? undefined] })}
        />
      </div>
    </Form.Item>
  );
}

/** The variable pickers each method needs, filtered by what the method can use. */
export function MethodForm({ method, catalogue, draft, onChange }: MethodFormProps) {
  const lists = useMemo(() => {
    const testable = catalogue.variables.filter(isTestable).map(variableOption);
    const coded = catalogue.variables.filter(isCoded).map(variableOption);
    return {
      all: catalogue.variables.map(variableOption),
      testable,
      coded,
      crossable: [...coded, ...catalogue.sets.map(variableOption)],
    };
  }, [catalogue]);

  const testVariables = (label = "检验变量") => (
    <Form.Item label={label} extra="量表题或有序变量，可选择多个">
      <VariablesSelect
        label={label}
        options={lists.testable}
        exclude={draft.group ? [draft.group] : undefined}
        value={draft.variables}
        onChange={(variables) => onChange({ variables })}
      />
    </Form.Item>
  );
  /** A model's 因变量 (from `dependents`) and 自变量 (numeric), each excluded from the other's list. */
  const modelFields = (dependents: typeof lists.testable, dependentHint?: string) => (
    <>
      <Form.Item label="因变量（Y）" extra={dependentHint}>
        <VariableSelect
          label="因变量"
          options={dependents}
          exclude={draft.independents}
          value={draft.dependent}
          onChange={(dependent) => onChange({ dependent })}
        />
      </Form.Item>
      <Form.Item label="自变量（X）" extra="可选择多个">
        <VariablesSelect
          label="自变量"
          options={lists.testable}
          exclude={draft.dependent ? [draft.dependent] : undefined}
          value={draft.independents}
          onChange={(independents) => onChange({ independents })}
        />
      </Form.Item>
    </>
  );
  const groupVariable = (
    <Form.Item label="分组变量" extra="选择题等有选项的变量">
      <VariableSelect
        label="分组变量"
        options={lists.coded}
        exclude={draft.variables}
        value={draft.group}
        onChange={(group) => onChange({ group, groups: [undefined, undefined] })}
      />
    </Form.Item>
  );

  switch (method) {
    case "descriptives":
      return (
        <Form.Item label="分析变量" extra="可多选，量表题与选择题均可">
          <VariablesSelect
            label="分析变量"
            options={lists.all}
            value={draft.variables}
            onChange={(variables) => onChange({ variables })}
          />
        </Form.Item>
      );
    case "crosstab":
      return (
        <>
          <Form.Item label="行变量（X）" extra="选择题、量表题或多选题">
            <VariableSelect
              label="行变量"
              options={lists.crossable}
              exclude={draft.column ? [draft.column] : undefined}
              value={draft.row}
              onChange={(row) => onChange({ row })}
            />
          </Form.Item>
          <Form.Item label="列变量（Y）">
            <VariableSelect
              label="列变量"
              options={lists.crossable}
              exclude={draft.row ? [draft.row] : undefined}
              value={draft.column}
              onChange={(column) => onChange({ column })}
            />
          </Form.Item>
        </>
      );
    case "independentT":
    case "mannWhitney":
      return (
        <>
          {testVariables()}
          {groupVariable}
          <GroupPair catalogue={catalogue} draft={draft} onChange={onChange} />
        </>
      );
    case "anova":
      return (
        <>
          {testVariables()}
          {groupVariable}
          <Form.Item label="事后多重比较">
            <Segmented<PostHocMethod>
              aria-label="事后多重比较"
              value={draft.postHoc}
              options={postHocOptions}
              onChange={(postHoc) => onChange({ postHoc })}
            />
          </Form.Item>
        </>
      );
    case "kruskalWallis":
      return (
        <>
          {testVariables()}
          {groupVariable}
        </>
      );
    case "pairedT":
      return <PairsField options={lists.testable} draft={draft} onChange={onChange} />;
    case "correlation":
      return (
        <>
          {testVariables("分析变量")}
          <Form.Item label="相关系数">
            <Segmented<"pearson" | "spearman">
              aria-label="相关系数"
              value={draft.kind}
              options={kindOptions}
              onChange={(kind) => onChange({ kind })}
            />
          </Form.Item>
        </>
      );
    case "regression":
      return modelFields(lists.testable);
    case "logistic":
      return modelFields(lists.coded, "两类的分类变量：编码较大的一类为事件（记为1）");
    case "reliability":
      return (
        <>
          {testVariables("量表题项")}
          <Form.Item label="反向计分题" extra="从已选题项中选择，计算前按“最小值+最大值−得分”反向计分">
            <VariablesSelect
              label="反向计分题"
              placeholder="没有反向题可不选"
              options={lists.testable.filter((option) => draft.variables.includes(option.value))}
              value={draft.reverse.filter((name) => draft.variables.includes(name))}
              onChange={(reverse) => onChange({ reverse })}
            />
          </Form.Item>
        </>
      );
    case "factor":
      return (
        <>
          {testVariables("量表题项")}
          <Form.Item label="因子个数" extra="留空时按特征根大于1提取">
            <InputNumber<number>
              aria-label="因子个数"
              placeholder="自动"
              min={1}
              max={Math.max(1, draft.variables.length)}
              precision={0}
              value={draft.factors ?? null}
              onChange={(factors) => onChange({ factors: factors ?? undefined })}
            />
          </Form.Item>
        </>
      );
  }
}

/** 配对t检验: one row per pair (前测 × 后测), added and removed freely. */
function PairsField({
  options,
  draft,
  onChange,
}: {
  options: ReturnType<typeof variableOption>[];
  draft: AnalysisDraft;
  onChange: (patch: Partial<AnalysisDraft>) => void;
}) {
  const setPair = (index: number, side: 0 | 1, value: string | undefined) =>
    onChange({
      pairs: draft.pairs.map((pair, i) => {
        if (i !== index) return pair;
        return side === 0 ? [value, pair[1]] : [pair[0], value];
      }),
    });
  return (
    <Form.Item label="配对变量" extra="每一对比较同一批答卷在两个题上的平均值">
      <div className="wj-analysis__pairs">
        {draft.pairs.map((pair, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: pairs have no identity but their place.
          <div className="wj-analysis__pair" key={index}>
            <VariableSelect
              label={`第${index + 1}对第一项`}
              placeholder="第一项"
              options={options}
              value={pair[0]}
              onChange={(value) => setPair(index, 0, value)}
            />
            <span className="wj-muted">与</span>
            <VariableSelect
              label={`第${index + 1}对第二项`}
              placeholder="第二项"
              options={options}
              value={pair[1]}
              onChange={(value) => setPair(index, 1, value)}
            />
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={`删除第${index + 1}对`}
              disabled={draft.pairs.length === 1}
              onClick={() => onChange({ pairs: draft.pairs.filter((_, i) => i !== index) })}
            />
          </div>
        ))}
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => onChange({ pairs: [...draft.pairs, [undefined, undefined]] })}
        >
          添加一对
        </Button>
      </div>
    </Form.Item>
  );
}
