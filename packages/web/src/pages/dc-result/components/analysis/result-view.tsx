import { FileExcelOutlined, FileWordOutlined } from "@ant-design/icons";
import type { AnalysisResult } from "@wjgj/core/api/analysis";
import { analysisReading } from "@wjgj/core/api/analysis-reading";
import { App, Button, Tag } from "antd";
import { useMemo, useState } from "react";
import { Chart } from "../../../../components/charts/chart.tsx";
import { methodLabel } from "./methods.ts";
import { outcomeChart, outcomeTables } from "./outcome-tables.ts";
import { downloadResult } from "./result-file.ts";
import { StatTableView } from "./stat-table.tsx";

/** One analysis as a paper would report it: what it says in words first, then its tables and a chart. */
export function ResultView({ result, actions }: { result: AnalysisResult; actions?: React.ReactNode }) {
  const { outcome } = result;
  const tables = useMemo(() => outcomeTables(outcome), [outcome]);
  const chart = useMemo(() => outcomeChart(outcome), [outcome]);
  const reading = useMemo(() => analysisReading(outcome), [outcome]);
  const { message } = App.useApp();
  const [saving, setSaving] = useState<"docx" | "xlsx" | null>(null);
  const weighting = result.weighted
    ? `加权（效率 ${result.efficiency === null ? "—" : `${result.efficiency}%`}）`
    : null;
  const save = async (format: "docx" | "xlsx") => {
    setSaving(format);
    try {
      await downloadResult(
        {
          title: methodLabel(outcome.method),
          summary: `筛选后答卷 ${result.responses} 份${weighting ? `，${weighting}` : ""}`,
          reading,
          tables,
        },
        format,
      );
    } catch {
      void message.error("文件生成失败，请重试或复制表格");
    } finally {
      setSaving(null);
    }
  };
  return (
    <div className="wj-analysis__result-body">
      <div className="wj-analysis__result-head">
        <h3 className="wj-analysis__result-title">{methodLabel(outcome.method)}</h3>
        <span className="wj-muted">筛选后答卷 {result.responses} 份</span>
        {weighting && (
          <Tag color="blue" data-testid="analysis-weighted">
            {weighting}
          </Tag>
        )}
        <span className="wj-analysis__result-files">
          <Button
            size="small"
            icon={<FileWordOutlined />}
            loading={saving === "docx"}
            onClick={() => void save("docx")}
          >
            下载Word
          </Button>
          <Button
            size="small"
            icon={<FileExcelOutlined />}
            loading={saving === "xlsx"}
            onClick={() => void save("xlsx")}
          >
            下载Excel
          </Button>
          {actions}
        </span>
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
          <Chart option={chart.option} label={chart.label} kind={chart.kind} height={chart.height} />
        </div>
      )}
    </div>
  );
}
