import type { CrossAnalysisResult, CrossRow, CrossTable, QuestionStatistics } from "@wjgj/core";
import { Alert, Card, Empty, Form, Grid, Segmented, Select, Table, type TableColumnsType } from "antd";
import { useMemo, useState } from "react";
import { useAnalysisVariables } from "../../../api/analysis.ts";
import { preparingProgress, useCrossAnalysis, useQuestionStatistics } from "../../../api/results.ts";
import { Chart } from "../../../components/charts/chart.tsx";
import { groupedBarChart } from "../../../components/charts/chart-options.ts";
import { useResults } from "../hooks/results-context.ts";
import { formatPercent } from "../lib/format.ts";
import { PinToReportButton } from "./pin-to-report.tsx";
import { TabLoading } from "./tab-loading.tsx";

type Show = "all" | "count" | "row" | "column";

const showOptions: { value: Show; label: string }[] = [
  { value: "all", label: "全部" },
  { value: "count", label: "计数" },
  { value: "row", label: "行百分比" },
  { value: "column", label: "列百分比" },
];

const MAX_ROWS = 5;

/** Matrices whose rows each read as one choice (or several) among the columns or points. */
const crossMatrices = new Set(["matrixSingle", "matrixMultiple", "matrixScale"]);

/**
 * What the cross-analysis can take as a row or a column: every choice question (多级联动 aside: its levels
 * are no single choice), every scale (星级, 量表, NPS), each row of a 矩阵单选/多选/量表 (`<question>.<row>`)
 * and 省市区 (by province); an open question with 编码 offers its codes (a response may have several).
 */
export function crossCandidates(
  questions: readonly QuestionStatistics[],
  /** Open questions with 编码 (ids): each offers its codes as one axis, `codes:<question>`. */
  coded: ReadonlySet<string> = new Set(),
) {
  return questions.flatMap((q) => {
    const label = `第${q.number}题 ${q.title}`;
    const codes = coded.has(q.questionId)
      ? [{ value: `codes:${q.questionId}`, label: `${label} · 编码类别` }]
      : [];
    if (q.family === "matrix" && crossMatrices.has(q.type))
      return q.rows.map((row) => ({
        value: `${q.questionId}.${row.rowId}`,
        label: `${label} · ${row.label}`,
      }));
    const usable =
      (q.family === "choice" && q.type !== "cascader") ||
      q.family === "rating" ||
      q.family === "nps" ||
      q.family === "region";
    return [...(usable ? [{ value: q.questionId, label }] : []), ...codes];
  });
}

function Cell({ count, row, column, show }: { count: number; row: number; column: number; show: Show }) {
  if (show === "count") return <span>{count}</span>;
  if (show === "row") return <span>{formatPercent(row)}</span>;
  if (show === "column") return <span>{formatPercent(column)}</span>;
  return (
    <span className="wj-cross__cell">
      <b>{count}</b>
      <span className="wj-muted">行 {formatPercent(row)}</span>
      <span className="wj-muted">列 {formatPercent(column)}</span>
    </span>
  );
}

function CrossTableCard({
  table,
  result,
  show,
}: {
  table: CrossTable;
  result: CrossAnalysisResult;
  show: Show;
}) {
  // On a phone the row labels keep to a narrow column (their text wraps), so the counts start on screen.
  const phone = Grid.useBreakpoint().md === false;
  const columns: TableColumnsType<CrossRow> = [
    {
      title: `${table.title} \\ ${result.column.title}`,
      dataIndex: "label",
      fixed: "left",
      ...(phone ? { width: 112 } : {}),
    },
    ...result.column.options.map((option, i) => ({
      title: option.label,
      key: option.optionId,
      render: (_v: unknown, row: CrossRow) => {
        const cell = row.cells[i];
        return cell ? (
          <Cell count={cell.count} row={cell.rowPercent} column={cell.columnPercent} show={show} />
        ) : (
          0
        );
      },
    })),
    { title: "小计", dataIndex: "total", width: 80 },
  ];
  const chart = useMemo(
    () =>
      groupedBarChart(
        table.rows.map((row) => row.label),
        result.column.options.map((option, i) => ({
          name: option.label,
          values: table.rows.map(
            (row) => (show === "row" ? row.cells[i]?.rowPercent : row.cells[i]?.count) ?? 0,
          ),
        })),
      ),
    [table, result, show],
  );
  return (
    <Card title={`${table.title} × ${result.column.title}`} data-testid={`cross-${table.questionId}`}>
      <Table<CrossRow>
        size="small"
        bordered
        rowKey="optionId"
        columns={columns}
        dataSource={table.rows}
        pagination={false}
        scroll={{ x: "max-content" }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <b>合计</b>
            </Table.Summary.Cell>
            {table.columnTotals.map((total, i) => (
              <Table.Summary.Cell key={result.column.options[i]?.optionId ?? i} index={i + 1}>
                {total}
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={table.columnTotals.length + 1}>
              <b>{table.total}</b>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Chart
        option={chart}
        label={`${table.title}与${result.column.title}交叉分析图`}
        kind="grouped-bar"
        height={300}
      />
    </Card>
  );
}

/** 交叉分析: up to five row questions against one column question, counts with row and column shares. */
export function CrossTab() {
  const { id, filter } = useResults();
  const statistics = useQuestionStatistics(id, filter);
  const [rows, setRows] = useState<string[]>([]);
  const [column, setColumn] = useState("");
  const [show, setShow] = useState<Show>("all");
  const cross = useCrossAnalysis(id, rows, column, filter);
  // 编码 are 统计分析's variables `code<id>`: the questions having any are offered by their codes.
  const variables = useAnalysisVariables(id, { silent: true });
  const coded = useMemo(
    () =>
      new Set(
        (variables.data?.variables ?? [])
          .filter((v) => /^code\d+$/.test(v.name) && v.questionId)
          .map((v) => v.questionId),
      ),
    [variables.data],
  );
  const candidates = useMemo(
    () => crossCandidates(statistics.data?.questions ?? [], coded),
    [statistics.data, coded],
  );
  if (!statistics.data)
    return <TabLoading error={null} reason={statistics.failureReason} title="统计数据加载失败" rows={6} />;
  if (candidates.length < 2)
    return (
      <Empty
        description="交叉分析需要至少两道选择题、量表题、矩阵行或省市区题"
        className="wj-result__empty"
      />
    );
  return (
    <div className="wj-result__stack" data-testid="cross-tab">
      <Card>
        <Form layout="inline" className="wj-cross__form">
          <Form.Item label="行（自变量）">
            <Select
              mode="multiple"
              aria-label="行题目"
              placeholder="选择 1-5 道题"
              style={{ minWidth: 280 }}
              value={rows}
              maxCount={MAX_ROWS}
              options={candidates.map((c) => ({ ...c, disabled: c.value === column }))}
              onChange={setRows}
            />
          </Form.Item>
          <Form.Item label="列（因变量）">
            <Select
              aria-label="列题目"
              placeholder="选择一道题"
              style={{ minWidth: 240 }}
              value={column || undefined}
              options={candidates.map((c) => ({ ...c, disabled: rows.includes(c.value) }))}
              onChange={setColumn}
            />
          </Form.Item>
          <Form.Item label="显示">
            <Segmented<Show> aria-label="显示" value={show} options={showOptions} onChange={setShow} />
          </Form.Item>
        </Form>
      </Card>
      {rows.length === 0 || !column ? (
        <Empty description="请选择行题目和列题目，查看两题之间的交叉统计" />
      ) : cross.error ? (
        <Alert type="error" showIcon title="交叉分析失败" description={cross.error.message} />
      ) : !cross.data || (cross.isPlaceholderData && preparingProgress(cross.failureReason) !== null) ? (
        <TabLoading error={null} reason={cross.failureReason} title="交叉分析失败" rows={6} />
      ) : (
        <>
          <div className="wj-cross__actions">
            <PinToReportButton
              pin={{ kind: "cross", rowQuestionIds: rows, columnQuestionId: column, filter }}
            />
          </div>
          {cross.data.tables.map((table) => (
            <CrossTableCard key={table.questionId} table={table} result={cross.data} show={show} />
          ))}
        </>
      )}
    </div>
  );
}
