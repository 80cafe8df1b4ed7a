import { useQueryClient } from "@tanstack/react-query";
import type { VoteQuestionResult } from "@wjgj/core";
import { Badge, Card, Empty } from "antd";
import { useEffect, useMemo } from "react";
import { resultsKeys, useVoteResults, votePollMs } from "../../../api/results.ts";
import { Chart } from "../../../components/charts/chart.tsx";
import { countChart } from "../../../components/charts/chart-options.ts";
import { useResults } from "../hooks/results-context.ts";
import { CountTable } from "./statistics/count-table.tsx";
import { TabLoading } from "./tab-loading.tsx";

function VoteCard({ question }: { question: VoteQuestionResult }) {
  // Ranked by votes: a vote is read as a leaderboard.
  const ranked = useMemo(() => [...question.options].sort((a, b) => b.count - a.count), [question]);
  const chart = useMemo(
    () =>
      countChart(
        "bar",
        ranked.map((o) => ({ label: o.label, value: o.count })),
        "票数",
      ),
    [ranked],
  );
  return (
    <Card
      title={question.title}
      extra={<span className="wj-muted">{question.answered} 人投票</span>}
      data-testid={`vote-${question.questionId}`}
    >
      <CountTable
        labelTitle="候选项"
        rows={ranked.map((o) => ({
          key: o.optionId,
          label: o.label,
          count: o.count,
          percentage: o.percentage,
        }))}
      />
      <Chart
        option={chart}
        label={`${question.title}投票结果图`}
        kind="bar"
        height={Math.max(200, ranked.length * 36 + 40)}
      />
    </Card>
  );
}

/** 投票结果: live counts, re-read every 3 seconds while the tab is open. */
export function VoteTab() {
  const { id } = useResults();
  const query = useVoteResults(id);
  const data = query.data;
  const queryClient = useQueryClient();
  const total = data?.total;
  // New votes also move the header's counts, which come from the overview.
  useEffect(() => {
    if (total !== undefined)
      void queryClient.invalidateQueries({ queryKey: [...resultsKeys.all(id), "overview"] });
  }, [total, id, queryClient]);
  if (!data) return <TabLoading error={query.error} title="投票结果加载失败" rows={8} />;
  return (
    <div className="wj-result__stack" data-testid="vote-tab">
      <div className="wj-result__bar">
        <span>
          <Badge status="processing" text="实时" /> 共 <b data-testid="vote-total">{data.total}</b> 人参与投票
        </span>
        <span className="wj-muted">
          每 {votePollMs / 1000} 秒自动刷新 · 更新于 {data.readAt}
        </span>
      </div>
      {data.questions.length === 0 ? (
        <Empty description="问卷中没有投票题" />
      ) : (
        data.questions.map((question) => <VoteCard key={question.questionId} question={question} />)
      )}
    </div>
  );
}
