import type { ExamItemAnalysisResult, ExamItemReport } from "@wjgj/core";
import { formatStat } from "@wjgj/core/api/analysis-reading";
import { Alert, Card, Empty, Grid, Table, type TableColumnsType, Tag } from "antd";
import { useExamItemAnalysis } from "../../../api/results.ts";
import { useResults } from "../hooks/results-context.ts";

/** 难度 P in words: the share of full marks scored (the higher, the easier). */
export function difficultyLevel(p: number): string {
  if (p >= 0.7) return "容易";
  if (p >= 0.4) return "适中";
  return "较难";
}

/** 区分度 D as teachers grade it (Ebel 1965): 0.4 and above very good … under 0.2 to be revised. */
export function discriminationLevel(d: number): { text: string; color: string } {
  if (d >= 0.4) return { text: "很好", color: "green" };
  if (d >= 0.3) return { text: "良好", color: "blue" };
  if (d >= 0.2) return { text: "尚可", color: "gold" };
  return { text: "需改进", color: "red" };
}

const titleOf = (title: string, row: ExamItemReport) =>
  row.drawn ? (
    <>
      <Tag>抽题</Tag>
      {title}
    </>
  ) : (
    title
  );

/**
 * The table's columns. A phone keeps what the card is for — difficulty, discrimination, item-total r — in
 * sight without scrolling: the number and title share a cell, 满分 and 作答 go, each grade sits under its figure.
 */
function columnsFor(phone: boolean): TableColumnsType<ExamItemReport> {
  return [
    ...(phone
      ? [
          {
            title: "题目",
            dataIndex: "title",
            render: (title: string, row: ExamItemReport) => (
              <>
                <div>第{row.number}题</div>
                <div className="wj-muted wj-exam-items__title">{titleOf(title, row)}</div>
              </>
            ),
          },
        ]
      : [
          { title: "题号", dataIndex: "number", width: 64, render: (n: number) => `第${n}题` },
          { title: "题目", dataIndex: "title", ellipsis: true, render: titleOf },
          { title: "满分", dataIndex: "maxScore", width: 64 },
          { title: "作答", dataIndex: "scored", width: 64 },
        ]),
    {
      title: "难度",
      dataIndex: "difficulty",
      width: phone ? 64 : 110,
      render: (p: number | null) => {
        if (p === null) return "-";
        if (!phone) return `${formatStat(p)}（${difficultyLevel(p)}）`;
        return (
          <>
            <div>{formatStat(p)}</div>
            <div className="wj-muted">{difficultyLevel(p)}</div>
          </>
        );
      },
    },
    {
      title: "区分度",
      dataIndex: "discrimination",
      width: phone ? 72 : 120,
      render: (d: number | null) => {
        if (d === null) return "-";
        const grade = discriminationLevel(d);
        const tag = <Tag color={grade.color}>{grade.text}</Tag>;
        if (!phone)
          return (
            <>
              {formatStat(d)} {tag}
            </>
          );
        return (
          <>
            <div>{formatStat(d)}</div>
            {tag}
          </>
        );
      },
    },
    {
      title: "题总相关",
      dataIndex: "itemTotal",
      width: phone ? 72 : 90,
      render: (r: number | null) => (r === null ? "-" : formatStat(r)),
    },
  ];
}

/** What the line above the table says of the paper's reliability. */
function reliabilityText(data: ExamItemAnalysisResult): string {
  if (data.alpha === null) {
    return data.drawnPapers
      ? "试卷信度：随机组卷的考生试卷各不相同，不计算 Cronbach's α。"
      : "试卷信度：全部题目都已评分的答卷不足 2 份，暂不计算 Cronbach's α。";
  }
  const level = data.alpha >= 0.8 ? "信度很好" : data.alpha >= 0.7 ? "信度可以接受" : "信度偏低";
  return `试卷信度 Cronbach's α = ${formatStat(data.alpha)}（${level}；基于 ${data.alphaN} 份全部题目都已评分的答卷）。`;
}

/**
 * 试题分析: per scored question its difficulty, discrimination between the upper and lower 27 % of totals and
 * correlation with the rest of the paper, and the paper's reliability; under the same filter as the report.
 */
export function ExamItemCard() {
  const { id, filter } = useResults();
  const query = useExamItemAnalysis(id, filter);
  const phone = Grid.useBreakpoint().md === false;
  const data = query.data;
  return (
    <Card title="试题分析" className="wj-exam-items" data-testid="exam-items">
      {query.isError && !data ? (
        <Alert type="error" showIcon title="试题分析加载失败，请稍后重试" />
      ) : data && data.respondents === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无已评分的答卷" />
      ) : (
        <>
          {data ? (
            <p className="wj-exam-items__summary" data-testid="exam-items-reliability">
              {reliabilityText(data)}
              {data.groupSize === 0 ? "答卷少于 10 份，暂不计算区分度。" : ""}
            </p>
          ) : null}
          <Table<ExamItemReport>
            size="small"
            rowKey="questionId"
            columns={columnsFor(phone)}
            dataSource={data?.items ?? []}
            loading={query.isFetching}
            pagination={false}
            // Wider screens than a phone but narrower than the columns scroll the table in its card.
            scroll={phone ? undefined : { x: 640 }}
          />
          <p className="wj-muted wj-exam-items__note">
            {`难度 = 平均得分 ÷ 满分，越大越容易；区分度 = （高分组平均得分 − 低分组平均得分）÷ 满分，高、低分组各取总分最高和最低的 27%${data && data.groupSize > 0 ? `（各 ${data.groupSize} 人）` : ""}。区分度 0.4 及以上很好，0.3–0.39 良好，0.2–0.29 尚可，低于 0.2 建议修改题目。题总相关是该题得分与其余各题总分的相关系数，接近 0 或为负说明该题与整卷考查的能力不一致。`}
          </p>
        </>
      )}
    </Card>
  );
}
