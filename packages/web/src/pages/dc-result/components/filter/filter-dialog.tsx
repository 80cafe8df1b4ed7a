import { type ResponseSource, type ResultsFilter, responseSourceNames, responseSources } from "@wjgj/core";
import { Alert, DatePicker, Form, Modal, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import { GroupEditor } from "../../../dc-design/components/logic/condition-builder.tsx";
import { fromGroup, isComplete, toGroup } from "../../../dc-design/lib/condition-model.ts";
import { conditionSources } from "../../../dc-design/lib/logic-sources.ts";
import { useResults } from "../../hooks/results-context.ts";
import { unsupportedFilterReason } from "../../lib/filter-model.ts";
import "../../../../styles/condition-builder.css";

type Range = [Dayjs | null, Dayjs | null] | null;

/**
 * 筛选 dialog: answer conditions with the logic editor's own builder, the submission dates and the
 * source. Nothing applies until 应用筛选, and an incomplete or unsupported condition is said here.
 */
export function FilterDialog({
  filter,
  onApply,
  onClose,
}: {
  filter: ResultsFilter;
  onApply: (filter: ResultsFilter) => void;
  onClose: () => void;
}) {
  const { questionary } = useResults();
  const definition = questionary.definition;
  const sources = useMemo(() => {
    const lastId = definition.pages.at(-1)?.questions.at(-1)?.id ?? "";
    return { questions: conditionSources(definition, lastId, true), computed: [] };
  }, [definition]);
  const [group, setGroup] = useState(() => toGroup(filter.condition));
  const [range, setRange] = useState<Range>(
    filter.dateFrom || filter.dateTo
      ? [filter.dateFrom ? dayjs(filter.dateFrom) : null, filter.dateTo ? dayjs(filter.dateTo) : null]
      : null,
  );
  const [source, setSource] = useState<ResponseSource | undefined>(filter.source);
  const [problem, setProblem] = useState<string | null>(null);

  const handleApply = () => {
    const condition = fromGroup(group);
    if (condition && !isComplete(condition)) {
      setProblem("请完善筛选条件：选择题目，选择题还需选择选项");
      return;
    }
    const unsupported = unsupportedFilterReason(condition);
    if (unsupported) {
      setProblem(unsupported);
      return;
    }
    onApply({
      condition,
      dateFrom: range?.[0]?.format("YYYY-MM-DD"),
      dateTo: range?.[1]?.format("YYYY-MM-DD"),
      source,
    });
  };

  return (
    <Modal
      open
      title="筛选答卷"
      width={820}
      okText="应用筛选"
      cancelText="取消"
      onOk={handleApply}
      onCancel={onClose}
      className="wj-filter-dialog"
    >
      <Form layout="vertical">
        <Form.Item label="答题条件" help="例如：第1题 选中「男」，且第3题 已作答">
          <div className="wj-filter-dialog__builder wj-cond-layout" data-testid="filter-builder">
            <GroupEditor group={group} sources={sources} onChange={setGroup} />
          </div>
        </Form.Item>
        <Form.Item label="提交时间">
          <DatePicker.RangePicker
            value={range}
            allowEmpty={[true, true]}
            onChange={(value) => setRange(value)}
            placeholder={["开始日期", "结束日期"]}
          />
        </Form.Item>
        <Form.Item label="答卷来源">
          <Select<ResponseSource>
            allowClear
            placeholder="全部来源"
            style={{ width: 200 }}
            value={source}
            onChange={(value) => setSource(value)}
            options={responseSources.map((value) => ({ value, label: responseSourceNames[value] ?? value }))}
          />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon title={problem} />}
    </Modal>
  );
}
