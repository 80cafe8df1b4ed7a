import type { AnalysisResult } from "@wjgj/core/api/analysis";
import { analysisReading } from "@wjgj/core/api/analysis-reading";
import { Tag } from "antd";
import { useMemo } from "react";
import { Chart } from "../../../../components/charts/chart.tsx";
import { methodLabel } from "./methods.ts";
import { outcomeChart, outcomeTables } from "./outcome-tables.ts";
import { StatTableView } from "./stat-table.tsx";

/** One analysis as a paper would report it: what it says in words first, then its tables and a chart. */
export function ResultView({ result }: { result: AnalysisResult }) {
  const { outcome } = result;
  const tables = useMemo(() => outcomeTables(outcome), [outcome]);
  const chart = useMemo(() => outcomeChart(outcome), [outcome]);
  const reading = useMemo(() => analysisReading(outcome), [outcome]);
  return (
    <div className="wj-analysis__result-body">
      <div className="wj-analysis__result-head">
        <h3 className="wj-analysis__result-title">{methodLabel(outcome.method)}</h3>
        <span className="wj-muted">筛选后答卷 {result.responses} 份</span>
        {result.weighted && (
          <Tag color="blue" data-testid="analysis-weighted">
            加权（效率 {result.efficiency === null ? "—" : `${result.efficiency}%`}）
          </Tag>
        )}
      </div>
      {reading.length > 0 && (
        <div className="wj-analysis__reading" data-testid="analysis-reading">
          <div className="wj-analysis__reading-title">分析结论</div>
          <ul>
            {reading.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {tables.map((table) => (
        <StatTableView key={table.key} table={table} />
      ))}
      {chart && (
        <div className="wj-analysis__chart">
          <Chart option={chart.option} label={chart.label} kind="grouped-bar" height={280} />
        </div>
      )}
    </div>
  );
}
