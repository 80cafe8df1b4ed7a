import { PlusOutlined } from "@ant-design/icons";
import {
  type Condition,
  type ConditionSize,
  conditionLimitProblem,
  conditionLimits,
  measureCondition,
} from "@wjgj/core";
import { Button, Checkbox, Select, Space } from "antd";
import { defaultLeaf, type GroupCondition } from "../../lib/condition-model.ts";
import { RemoveButton } from "../remove-button.tsx";
import { type BuilderSources, LeafEditor } from "./condition-leaf.tsx";

export type { BuilderSources } from "./condition-leaf.tsx";

interface GroupEditorProps {
  group: GroupCondition;
  sources: BuilderSources;
  onChange: (group: GroupCondition) => void;
  depth?: number;
  /** Size of the whole tree, measured once by the outermost group. */
  size?: ConditionSize;
}

/** A nested AND/OR group: each row is a condition (optionally negated) or a sub-group. */
export function GroupEditor({ group, sources, onChange, depth = 0, size }: GroupEditorProps) {
  const first = sources.questions[0];
  // The server refuses conditions past core's limits: the builder stops there too and says why.
  const total = size ?? measureCondition(group);
  const full = total.nodes >= conditionLimits.maxNodes;
  const groupFull = total.nodes + 2 > conditionLimits.maxNodes;
  const problem = depth === 0 ? conditionLimitProblem(total) : null;
  const replace = (index: number, condition: Condition) =>
    onChange({ ...group, conditions: group.conditions.map((child, i) => (i === index ? condition : child)) });
  const remove = (index: number) =>
    onChange({ ...group, conditions: group.conditions.filter((_, i) => i !== index) });
  const add = (condition: Condition) => onChange({ ...group, conditions: [...group.conditions, condition] });
  return (
    <div className={`dd-cond-group${depth > 0 ? " dd-cond-group--nested" : ""}`}>
      {group.conditions.length > 1 && (
        <Select
          aria-label="条件关系"
          size="small"
          className="dd-cond-group__mode"
          value={group.kind}
          options={[
            { value: "all", label: "满足以下全部条件（且）" },
            { value: "any", label: "满足以下任一条件（或）" },
          ]}
          onChange={(kind: "all" | "any") => onChange({ ...group, kind })}
        />
      )}
      {group.conditions.map((child, index) => {
        const negated = child.kind === "not";
        const inner = child.kind === "not" ? child.condition : child;
        const wrap = (condition: Condition) =>
          replace(index, negated ? { kind: "not", condition } : condition);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; rows are edited by position.
          <div className="dd-cond-row" key={index}>
            {index > 0 && <span className="dd-cond-row__join">{group.kind === "all" ? "且" : "或"}</span>}
            <Checkbox
              checked={negated}
              onChange={(event) =>
                replace(index, event.target.checked ? { kind: "not", condition: inner } : inner)
              }
            >
              非
            </Checkbox>
            {inner.kind === "all" || inner.kind === "any" ? (
              <GroupEditor group={inner} sources={sources} depth={depth + 1} size={total} onChange={wrap} />
            ) : inner.kind === "not" ? (
              <span className="dd-hint">（多重取反，请删除后重建）</span>
            ) : (
              <LeafEditor leaf={inner} sources={sources} onChange={wrap} />
            )}
            <RemoveButton label="删除条件" onClick={() => remove(index)} />
          </div>
        );
      })}
      <Space size={8}>
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          disabled={!first || full}
          onClick={() => first && add(defaultLeaf(first.question))}
        >
          添加条件
        </Button>
        {depth < 2 && (
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            disabled={!first || groupFull}
            onClick={() =>
              first &&
              add({ kind: group.kind === "all" ? "any" : "all", conditions: [defaultLeaf(first.question)] })
            }
          >
            添加条件组
          </Button>
        )}
      </Space>
      {depth === 0 && (problem || full) && (
        <div className="dd-hint" role="alert">
          {problem ?? `已达上限：一个条件最多包含${conditionLimits.maxNodes}项（含条件组与取反）`}
        </div>
      )}
    </div>
  );
}
