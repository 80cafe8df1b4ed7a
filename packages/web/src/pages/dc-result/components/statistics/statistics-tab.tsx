import { questionnaireKindNouns, textAnalysable } from "@wjgj/core";
import { Empty, Segmented } from "antd";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useQuestionStatistics } from "../../../../api/results.ts";
import { type CountChartKind, countChartKinds } from "../../../../components/charts/chart-options.ts";
import { useResults } from "../../hooks/results-context.ts";
import { PreparingNotice, TabLoading } from "../tab-loading.tsx";
import { QuestionCard } from "./question-card.tsx";
import { TextAnswersDrawer } from "./text-answers.tsx";

const TextAnalysisDrawer = lazy(() => import("../text-analysis/text-analysis-drawer.tsx"));

/** 分题统计: one card per answerable question of the published revision, recomputed under the 筛选. */
export function StatisticsTab() {
  const { id, filter, questionary } = useResults();
  const query = useQuestionStatistics(id, filter);
  const [analysis, setAnalysis] = useState<{ questionId: string; title: string } | null>(null);
  /** 文本分析 once opened: its drawer stays mounted, so that it closes with its motion and hands focus back. */
  const [analysed, setAnalysed] = useState(false);
  const handleAnalyse = useCallback((questionId: string, title: string) => {
    setAnalysis({ questionId, title });
    setAnalysed(true);
  }, []);
  /** Questions with open texts: 文本分析 is offered on their cards. */
  const analysable = useMemo(
    () =>
      new Set(
        questionary.definition.pages
          .flatMap((page) => page.questions)
          .filter(textAnalysable)
          .map((q) => q.id),
      ),
    [questionary.definition],
  );
  const [kind, setKind] = useState<CountChartKind>("column");
  const [drawer, setDrawer] = useState<{ questionId: string; title: string } | null>(null);
  const handleShowText = useCallback(
    (questionId: string, title: string) => setDrawer({ questionId, title }),
    [],
  );
  const data = query.data;
  if (!data)
    return <TabLoading error={query.error} reason={query.failureReason} title="统计数据加载失败" rows={12} />;
  return (
    <div className="wj-result__stack" data-testid="stats-tab">
      {query.isPlaceholderData && <PreparingNotice reason={query.failureReason} />}
      <div className="wj-result__bar">
        <span>
          共统计 <b data-testid="stats-total">{data.total}</b> 份有效答卷
          {data.filtered && <span className="wj-muted">（已按筛选条件）</span>}
        </span>
        <span className="wj-result__bar-right">
          <span className="wj-muted">全部切换为</span>
          <Segmented<CountChartKind>
            aria-label="全部切换为"
            size="small"
            value={kind}
            options={countChartKinds}
            onChange={setKind}
          />
        </span>
      </div>
      {data.questions.length === 0 ? (
        <Empty description={`${questionnaireKindNouns[questionary.kind]}中没有可统计的题目`} />
      ) : (
        data.questions.map((stats) => (
          // Keyed by the tab's kind too, so 全部切换为 resets every card's own switch.
          <QuestionCard
            key={`${stats.questionId}:${kind}`}
            stats={stats}
            total={data.total}
            defaultKind={kind}
            onShowText={handleShowText}
            onAnalyseText={analysable.has(stats.questionId) ? handleAnalyse : undefined}
          />
        ))
      )}
      <TextAnswersDrawer target={drawer} onClose={() => setDrawer(null)} />
      {analysed && (
        <Suspense fallback={null}>
          <TextAnalysisDrawer target={analysis} onClose={() => setAnalysis(null)} />
        </Suspense>
      )}
    </div>
  );
}
