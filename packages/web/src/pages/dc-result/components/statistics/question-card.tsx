import { CloudOutlined } from "@ant-design/icons";
import { getQuestionType, type QuestionStatistics } from "@wjgj/core";
import { Button, Card, Tag, Tooltip } from "antd";
import { memo, type ReactNode, useState } from "react";
import type { CountChartKind } from "../../../../components/charts/chart-options.ts";
import type { BodyProps } from "./body-props.ts";
import { BlanksBody, ChoiceBody, NpsBody, RatingBody, RegionBody } from "./count-bodies.tsx";
import { AllocationBody, DateBody, MatrixBody, NumericBody, RankingBody } from "./measure-bodies.tsx";
import { TextBody } from "./text-body.tsx";

function bodyOf(props: BodyProps<QuestionStatistics>): ReactNode {
  const { stats, defaultKind, onShowText } = props;
  const shared = { defaultKind, onShowText };
  switch (stats.family) {
    case "choice":
      return <ChoiceBody stats={stats} {...shared} />;
    case "rating":
      return <RatingBody stats={stats} {...shared} />;
    case "nps":
      return <NpsBody stats={stats} {...shared} />;
    case "numeric":
      return <NumericBody stats={stats} {...shared} />;
    case "date":
      return <DateBody stats={stats} {...shared} />;
    case "matrix":
      return <MatrixBody stats={stats} {...shared} />;
    case "ranking":
      return <RankingBody stats={stats} {...shared} />;
    case "allocation":
      return <AllocationBody stats={stats} {...shared} />;
    case "region":
      return <RegionBody stats={stats} {...shared} />;
    case "blanks":
      return <BlanksBody stats={stats} {...shared} />;
    default:
      return <TextBody stats={stats} {...shared} />;
  }
}

/**
 * 有效填写 / 未作答 / 跳过: a response that saw the question and left it empty is 未作答; one whose logic hid
 * or jumped over it is 跳过 — the two mean different things to the creator (a hard question vs. a branch).
 */
function Coverage({ stats, total }: { stats: QuestionStatistics; total: number }) {
  const empty = Math.max(0, total - stats.answered - stats.skipped);
  return (
    <span className="wj-muted wj-question-card__coverage" data-testid={`coverage-${stats.questionId}`}>
      <span>有效填写 {stats.answered} 人</span>
      {empty > 0 && <Explained text={`未作答 ${empty} 人`} meaning={coverageMeaning.empty} />}
      {stats.skipped > 0 && <Explained text={`跳过 ${stats.skipped} 人`} meaning={coverageMeaning.skipped} />}
    </span>
  );
}

/** What 未作答 and 跳过 count, told on hover, focus or a tap (a phone has no hover). */
export const coverageMeaning = {
  empty: "看到了这道题但没有填写（选填题留空）",
  skipped: "因跳题或显示逻辑没有看到这道题，不计入未作答",
};

function Explained({ text, meaning }: { text: string; meaning: string }) {
  // A click opens it rather than toggling: the pointer's hover has opened it already.
  const [open, setOpen] = useState(false);
  return (
    <Tooltip title={meaning} open={open} onOpenChange={setOpen} trigger={["hover", "focus"]}>
      <button type="button" className="wj-question-card__explained" onClick={() => setOpen(true)}>
        {text}
      </button>
    </Tooltip>
  );
}

/** One question's statistics, drawn by its type family. Memoised: 100 cards re-render only when theirs change. */
export const QuestionCard = memo(function QuestionCard(props: {
  stats: QuestionStatistics;
  /** Responses covered (after the filter): the base of 未作答. */
  total: number;
  defaultKind: CountChartKind;
  onShowText: (questionId: string, title: string) => void;
  /** Opens 文本分析 (词云, word frequencies) when the question has open texts (core's textAnalysable). */
  onAnalyseText?: ((questionId: string, title: string) => void) | undefined;
}) {
  const { stats, total, onAnalyseText } = props;
  const texts = stats.family === "choice" ? stats.otherTextCount : stats.answered;
  const typeName = getQuestionType(stats.type)?.name ?? stats.type;
  return (
    <Card
      className="wj-question-card"
      data-testid={`stats-${stats.questionId}`}
      title={
        <span className="wj-question-card__title">
          <span className="wj-question-card__number">第{stats.number}题</span>
          {stats.title || "（无标题）"}
          <Tag className="wj-question-card__type">{typeName}</Tag>
        </span>
      }
      extra={<Coverage stats={stats} total={total} />}
    >
      {bodyOf(props)}
      {onAnalyseText && texts > 0 && (
        <Button
          type="link"
          icon={<CloudOutlined />}
          className="wj-question-card__analyse"
          onClick={() => onAnalyseText(stats.questionId, stats.title || `第${stats.number}题`)}
        >
          词云分析
        </Button>
      )}
    </Card>
  );
});
