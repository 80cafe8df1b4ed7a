import type { ExamQuestionReport, ExamRankingItem, ExamWrongOption } from "@wjgj/core";
import { formatDuration } from "@wjgj/core/results/durations";
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Progress,
  Row,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
} from "antd";
import { useCallback, useMemo, useState } from "react";
import { ApiError } from "../../../api/errors.ts";
import { type AnswerListQuery, resultsApi, useExamReport } from "../../../api/results.ts";
import { Chart } from "../../../components/charts/chart.tsx";
import { countChart } from "../../../components/charts/chart-options.ts";
import { useResults } from "../hooks/results-context.ts";
import { formatNumber, formatPercent } from "../lib/format.ts";
import { AnswerDrawer } from "./answers/answer-drawer.tsx";
import { ExamItemCard } from "./exam-item-card.tsx";
import { ExamTagCard } from "./exam-tag-card.tsx";
import { RescoreBanner } from "./rescore-banner.tsx";
import { TabLoading } from "./tab-loading.tsx";

// The drawer steps through responses in ranking order.
const rankingOrder: AnswerListQuery = { sort: "scoreDesc", status: "valid" };

const questionColumns: TableColumnsType<ExamQuestionReport> = [
  { title: "题号", dataIndex: "number", width: 64, render: (n: number) => `第${n}题` },
  {
    title: "题目",
    dataIndex: "title",
    ellipsis: true,
    // A bank question drawn into random papers: candidates met it at places of their own.
    render: (title: string, row) =>
      row.drawn ? (
        <>
          <Tag>抽题</Tag>
          {title}
        </>
      ) : (
        title
      ),
  },
  { title: "满分", dataIndex: "maxScore", width: 70 },
  { title: "作答", dataIndex: "scored", width: 70 },
  { title: "答对", dataIndex: "correct", width: 70 },
  {
    title: "正确率",
    dataIndex: "correctRate",
    width: 200,
    render: (rate: number | null) =>
      rate === null ? (
        "-"
      ) : (
        <div className="wj-count__bar">
          <Progress
            aria-label="正确率"
            percent={rate}
            showInfo={false}
            size="small"
            strokeColor={rate < 60 ? "#f5455c" : "#22b07d"}
          />
          <span>{formatPercent(rate)}</span>
        </div>
      ),
  },
  {
    title: "最多错选",
    dataIndex: "topWrong",
    width: 150,
    ellipsis: true,
    render: (wrong: ExamWrongOption | null) =>
      wrong === null ? "-" : `${wrong.label}（${wrong.count}人，${formatPercent(wrong.rate)}）`,
  },
  { title: "平均得分", dataIndex: "averageScore", width: 90, render: (v: number | null) => formatNumber(v) },
  {
    title: "评分",
    dataIndex: "manual",
    width: 90,
    render: (manual: boolean) => (manual ? <Tag color="orange">人工评分</Tag> : "自动"),
  },
];

/**
 * 考试成绩: score statistics, bands, per-question correct rates, 试题分析 (difficulty, discrimination,
 * reliability), 知识点掌握 (随机组卷 from tagged banks), the ranking and manual grading.
 */
export function ExamTab() {
  const { id, filter } = useResults();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [openId, setOpenId] = useState<number | null>(null);
  const { message } = App.useApp();
  const query = useExamReport(id, page, filter);
  const report = query.data;
  const bands = useMemo(
    () =>
      report
        ? countChart(
            "column",
            report.bands.map((band) => ({ label: band.label, value: band.count })),
            "人数",
          )
        : null,
    [report],
  );
  const handleStep = useCallback((responseId: number) => setOpenId(responseId), []);
  const handleReportCard = (row: ExamRankingItem) =>
    void resultsApi
      .downloadReportCard(id, row.responseId, `成绩单-${row.name || row.responseId}.pdf`)
      .catch((error: unknown) =>
        message.error(error instanceof ApiError ? error.message : "成绩单下载失败，请稍后重试"),
      );
  if (!report) return <TabLoading error={query.error} title="成绩加载失败" rows={12} />;

  const rankingColumns: TableColumnsType<ExamRankingItem> = [
    { title: "名次", dataIndex: "rank", width: 70 },
    { title: "姓名", dataIndex: "name", render: (name: string, row) => name || `答卷 ${row.responseId}` },
    {
      title: "得分",
      dataIndex: "score",
      width: 110,
      render: (score: number, row) => `${score} / ${row.maxScore}`,
    },
    {
      title: "结果",
      dataIndex: "passed",
      width: 90,
      render: (passed: boolean | null) =>
        passed === null ? "-" : <Tag color={passed ? "green" : "red"}>{passed ? "及格" : "不及格"}</Tag>,
    },
    { title: "用时", dataIndex: "durationSeconds", width: 100, render: (s: number) => formatDuration(s) },
    { title: "提交时间", dataIndex: "submittedAt", width: 170 },
    {
      title: "操作",
      key: "open",
      width: 190,
      render: (_v, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpenId(row.responseId)}>
            {row.pendingManual > 0 ? `评分（${row.pendingManual}题）` : "查看答卷"}
          </Button>
          <Button
            type="link"
            size="small"
            aria-label={`下载${row.name || `答卷 ${row.responseId}`}的成绩单`}
            onClick={() => handleReportCard(row)}
          >
            成绩单PDF
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="wj-result__stack" data-testid="exam-tab">
      <RescoreBanner id={id} />
      {report.pendingManualCount > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`还有 ${report.pendingManualCount} 份答卷的主观题待评分，评分后总分与排名自动更新。`}
        />
      )}
      <Row gutter={[16, 16]}>
        {[
          { title: "参考人数", value: report.count },
          { title: "平均分", value: formatNumber(report.average) },
          { title: "最高分", value: formatNumber(report.highest) },
          { title: "最低分", value: formatNumber(report.lowest) },
          { title: "中位数", value: formatNumber(report.median) },
          {
            title: "及格率",
            value: formatPercent(report.passRate),
            hint:
              report.passMark === null
                ? "未设置及格线"
                : `及格线 ${report.passMark} 分 · ${report.passCount} 人及格`,
          },
        ].map((item) => (
          <Col key={item.title} xs={12} md={8} xl={4}>
            <Card size="small" className="wj-result__stat">
              <Statistic title={item.title} value={item.value} />
              {item.hint && <div className="wj-muted">{item.hint}</div>}
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={`分数段分布（满分 ${report.maxScore} 分）`}>
        {bands && <Chart option={bands} label="分数段分布图" kind="column" height={260} />}
      </Card>
      <Card title="各题正确率">
        <Table<ExamQuestionReport>
          size="small"
          rowKey="questionId"
          columns={questionColumns}
          dataSource={report.questions}
          pagination={false}
          // A phone scrolls the table in its card; wider screens keep the titles cut with an ellipsis.
          scroll={{ x: 910 }}
        />
      </Card>
      <ExamItemCard />
      <ExamTagCard />
      <Card title="成绩排名">
        <Table<ExamRankingItem>
          size="small"
          rowKey="responseId"
          columns={rankingColumns}
          dataSource={report.ranking.list}
          loading={query.isFetching}
          scroll={{ x: "max-content" }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: report.ranking.total,
            showTotal: (total) => `共 ${total} 人`,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
        />
      </Card>
      <AnswerDrawer
        responseId={openId}
        query={rankingOrder}
        onStep={handleStep}
        onClose={() => setOpenId(null)}
      />
    </div>
  );
}
