import { PlusOutlined } from "@ant-design/icons";
import { type ComputedValue, parseExpression } from "@wjgj/core";
import { Button, Empty, Input, InputNumber, Modal, Select } from "antd";
import { useMemo, useState } from "react";
import { conditionSources } from "../../lib/logic-sources.ts";
import { collectIds, nextId } from "../../store/ids.ts";
import { uiActions } from "../../store/ui-store.ts";
import { editorActions, editorStore } from "../../store/use-editor.ts";
import { RemoveButton } from "../remove-button.tsx";

function syntaxError(expression: string): string | null {
  if (!expression.trim()) return "请填写表达式";
  const parsed = parseExpression(expression);
  return parsed.ok ? null : `第${parsed.at + 1}个字符处：${parsed.message}`;
}

/** 计算值: named expressions over answers (e.g. a total score), used by conditions and piped into titles. */
export function ComputedDialog() {
  const [draft] = useState(() => editorStore.getState().draft);
  const [items, setItems] = useState<ComputedValue[]>(() => draft?.computed ?? []);
  const sources = useMemo(() => (draft ? conditionSources(draft, "", true) : []), [draft]);
  if (!draft) return null;
  const update = (i: number, patch: Partial<ComputedValue>) =>
    setItems(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  const add = () => {
    const taken = collectIds(draft);
    for (const item of items) taken.add(item.id);
    setItems([...items, { id: nextId(taken, "c"), name: `计算值${items.length + 1}`, expression: "" }]);
  };
  const valid = items.every((item) => syntaxError(item.expression) === null);
  const close = () => uiActions().closeDialog();
  return (
    <Modal
      open
      width={760}
      title="计算值"
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={!valid}
          onClick={() => {
            editorActions().setComputed(items);
            close();
          }}
        >
          保存
        </Button>,
      ]}
    >
      <p className="dd-dialog-hint">
        用 $题目编号 引用答案（如 $q1、$q2.score），支持 + - * / 、比较、IF、SUM、ROUND 等函数；在题目标题中用{" "}
        {"{{编号}}"} 显示计算结果。
      </p>
      {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有计算值" />}
      {items.map((item, i) => {
        const error = item.expression ? syntaxError(item.expression) : null;
        return (
          <div className="dd-computed" key={item.id}>
            <div className="dd-computed__row">
              <Input
                style={{ width: 160 }}
                addonBefore={item.id}
                value={item.name}
                placeholder="名称"
                onChange={(e) => update(i, { name: e.target.value })}
              />
              <Select
                style={{ width: 200 }}
                placeholder="插入题目引用"
                showSearch
                optionFilterProp="label"
                value={null}
                options={sources.map((source) => ({ value: source.id, label: source.label }))}
                onChange={(id: string) => update(i, { expression: `${item.expression}$${id}` })}
              />
              <InputNumber
                style={{ width: 120 }}
                min={0}
                max={10}
                precision={0}
                placeholder="小数位"
                value={item.decimals ?? null}
                onChange={(decimals) => update(i, { decimals: decimals ?? undefined })}
              />
              <RemoveButton label="删除计算值" onClick={() => setItems(items.filter((_, j) => j !== i))} />
            </div>
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 4 }}
              placeholder="如 IF($q1.id = 'a', 10, 0) + $q2.score"
              value={item.expression}
              status={error ? "error" : undefined}
              onChange={(e) => update(i, { expression: e.target.value })}
            />
            {error && <div className="dd-issue dd-issue--error">{error}</div>}
          </div>
        );
      })}
      <Button type="dashed" block icon={<PlusOutlined />} onClick={add}>
        添加计算值
      </Button>
    </Modal>
  );
}
