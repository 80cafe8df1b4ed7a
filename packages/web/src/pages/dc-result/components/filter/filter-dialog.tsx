import {
  CODE_FILTER_MAX,
  type CodeFilterMatch,
  codeFilterMatches,
  type ResponseSource,
  type ResultsFilter,
  type ReviewState,
  responseSourceNames,
  responseSources,
  type TextCodeListItem,
} from "@wjgj/core";
import { Alert, DatePicker, Form, Modal, Radio, Select, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import { useReviewInUse } from "../../../../api/reviews.ts";
import { useTextCodeList } from "../../../../api/text-analysis.ts";
import { GroupEditor } from "../../../dc-design/components/logic/condition-builder.tsx";
import {
  fromGroup,
  isComplete,
  type SourceQuestion,
  toGroup,
} from "../../../dc-design/lib/condition-model.ts";
import { conditionSources } from "../../../dc-design/lib/logic-sources.ts";
import { useResults } from "../../hooks/results-context.ts";
import { unsupportedFilterReason } from "../../lib/filter-model.ts";
import { ReviewStateFilter } from "../answers/review-controls.tsx";
import "../../../../styles/condition-builder.css";

type Range = [Dayjs | null, Dayjs | null] | null;

const matchLabels: Record<CodeFilterMatch, string> = { any: "含任一", all: "含全部", none: "都不含" };

/** The codes as the picker groups them: under their question's label, in question order. */
function codeGroups(codes: readonly TextCodeListItem[], questions: readonly SourceQuestion[]) {
  return questions.flatMap((question) => {
    const mine = codes.filter((code) => code.questionId === question.id);
    return mine.length === 0
      ? []
      : [{ label: question.label, options: mine.map((code) => ({ value: code.id, label: code.name })) }];
  });
}

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
  const [review, setReview] = useState<ReviewState | undefined>(filter.review);
  const reviewing = useReviewInUse(questionary.id) || filter.review !== undefined;
  const codeList = useTextCodeList(questionary.id);
  const groups = useMemo(
    () => codeGroups(codeList.data?.codes ?? [], sources.questions),
    [codeList.data, sources.questions],
  );
  // A code deleted since the filter was applied is left out (the server would find no response with it).
  const [codeIds, setCodeIds] = useState<number[]>(filter.codes?.codeIds ?? []);
  const known = new Set(groups.flatMap((group) => group.options.map((option) => option.value)));
  const chosenCodes = codeList.data ? codeIds.filter((id) => known.has(id)) : codeIds;
  const [match, setMatch] = useState<CodeFilterMatch>(filter.codes?.match ?? "any");
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
      codes: chosenCodes.length > 0 ? { codeIds: chosenCodes, match } : undefined,
      dateFrom: range?.[0]?.format("YYYY-MM-DD"),
      dateTo: range?.[1]?.format("YYYY-MM-DD"),
      source,
      review,
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
        <Form.Item
          label="编码"
          htmlFor={groups.length > 0 ? "wj-filter-codes" : undefined}
          help={groups.length > 0 ? `最多选择 ${CODE_FILTER_MAX} 个类别` : undefined}
        >
          {codeList.isPending ? (
            <Typography.Text type="secondary">正在读取类别…</Typography.Text>
          ) : groups.length === 0 ? (
            <Typography.Text type="secondary" data-testid="filter-codes-none">
              还没有类别：在开放题的「文本分析 · 编码」中设置类别后，可按类别筛选答卷
            </Typography.Text>
          ) : (
            <div className="wj-filter-dialog__codes">
              <Radio.Group
                optionType="button"
                aria-label="类别的匹配方式"
                value={match}
                onChange={(event) => setMatch(event.target.value as CodeFilterMatch)}
                options={codeFilterMatches.map((value) => ({ value, label: matchLabels[value] }))}
              />
              <Select<number[]>
                id="wj-filter-codes"
                mode="multiple"
                allowClear
                placeholder="选择类别"
                aria-label="筛选的类别"
                style={{ minWidth: 260, flex: 1 }}
                value={chosenCodes}
                maxCount={CODE_FILTER_MAX}
                onChange={(value) => setCodeIds(value)}
                options={groups}
                optionFilterProp="label"
              />
            </div>
          )}
        </Form.Item>
        <Form.Item label="提交时间">
          <DatePicker.RangePicker
            value={range}
            allowEmpty={[true, true]}
            onChange={(value) => setRange(value)}
            placeholder={["开始日期", "结束日期"]}
          />
        </Form.Item>
        <Form.Item label="答卷来源" htmlFor="wj-filter-source">
          <Select<ResponseSource>
            id="wj-filter-source"
            allowClear
            placeholder="全部来源"
            style={{ width: 200 }}
            value={source}
            onChange={(value) => setSource(value)}
            options={responseSources.map((value) => ({ value, label: responseSourceNames[value] ?? value }))}
          />
        </Form.Item>
        {reviewing && (
          <Form.Item label="审核状态">
            <ReviewStateFilter value={review} onChange={setReview} />
          </Form.Item>
        )}
      </Form>
      {problem && <Alert type="error" showIcon title={problem} />}
    </Modal>
  );
}
