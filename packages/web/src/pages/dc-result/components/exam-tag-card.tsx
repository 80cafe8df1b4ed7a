import type { ExamTagMastery } from "@wjgj/core";
import { Alert, Card, Empty, Progress, Table, type TableColumnsType } from "antd";
import { useExamTagMastery } from "../../../api/results.ts";
import { useResults } from "../hooks/results-context.ts";
import { formatNumber, formatPercent } from "../lib/format.ts";

const columns: TableColumnsType<ExamTagMastery> = [
  {
    title: "知识点",
    dataIndex: "tag",
    render: (tag: string, row) => (
      <>
        <div className="wj-exam-tags__tag">{tag}</div>
        {/* On a phone the two count columns give way to this line. */}
        <div className="wj-muted wj-exam-tags__counts">
          {row.candidates}人 · {row.questions}题次
        </div>
      </>
    ),
  },
  { title: "参考人数", dataIndex: "candidates", width: 90, responsive: ["md"] },
  { title: "作答题次", dataIndex: "questions", width: 90, responsive: ["md"] },
  {
    title: "得分/满分",
    key: "score",
    width: 110,
    render: (_v, row) => `${formatNumber(row.score)} / ${formatNumber(row.maxScore)}`,
  },
  {
    title: "掌握率",
    dataIndex: "masteryRate",
    width: "38%",
    render: (rate: number, row) => (
      <div className="wj-count__bar">
        <Progress
          aria-label={`${row.tag}掌握率`}
          percent={rate}
          showInfo={false}
          size="small"
          strokeColor={rate < 60 ? "#f5455c" : "#22b07d"}
        />
        <span>{formatPercent(rate)}</span>
      </div>
    ),
  },
];

/**
 * 知识点掌握情况: per tag of the bank questions on the candidates' papers (随机组卷), the points scored of
 * full marks, weakest first; under the same filter as the rest of the report.
 */
export function ExamTagCard() {
  const { id, filter } = useResults();
  const query = useExamTagMastery(id, filter);
  const data = query.data;
  return (
    <Card title="知识点掌握情况" className="wj-exam-tags" data-testid="exam-tags">
      {query.isError && !data ? (
        <Alert type="error" showIcon title="知识点掌握情况加载失败，请稍后重试" />
      ) : data && data.tags.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={data.tagged ? "暂无计入统计的答卷" : "本考试的题目没有标签"}
        />
      ) : (
        <Table<ExamTagMastery>
          size="small"
          rowKey="tag"
          columns={columns}
          dataSource={data?.tags ?? []}
          loading={query.isFetching}
          pagination={false}
        />
      )}
    </Card>
  );
}
