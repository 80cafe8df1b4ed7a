import { formatDuration } from "@wjgj/core/results/durations";
import { Card, Col, Empty, Row, Segmented, Skeleton, Statistic } from "antd";
import { useMemo, useState } from "react";
import { useOverview } from "../../../api/results.ts";
import { Chart } from "../../../components/charts/chart.tsx";
import { countChart, trendChart } from "../../../components/charts/chart-options.ts";
import { useResults } from "../hooks/results-context.ts";
import { CountTable } from "./statistics/count-table.tsx";

const dayChoices = [
  { value: 7, label: "近7天" },
  { value: 30, label: "近30天" },
  { value: 90, label: "近90天" },
];

/** 概览: totals, the daily trend, answering time and where responses came from. */
export function OverviewTab() {
  const { id } = useResults();
  const [days, setDays] = useState(30);
  const overview = useOverview(id, days);
  const data = overview.data;
  const trend = useMemo(() => (data ? trendChart(data.trend) : null), [data]);
  const sources = useMemo(
    () =>
      data
        ? countChart(
            "pie",
            data.sources.map((s) => ({ label: s.name, value: s.count })),
            "答卷数",
          )
        : null,
    [data],
  );
  if (!data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <div className="wj-result__stack" data-testid="overview-tab">
      <Row gutter={[16, 16]}>
        {[
          { title: "有效答卷", value: data.total, suffix: "份" },
          { title: "今日答卷", value: data.today, suffix: "份" },
          { title: "平均用时", value: formatDuration(data.averageDurationSeconds) },
          { title: "无效答卷", value: data.invalidCount, suffix: "份" },
          { title: "回收站", value: data.deletedCount, suffix: "份" },
          { title: "最近提交", value: data.lastSubmittedAt || "-", text: true },
        ].map((item) => (
          <Col key={item.title} xs={12} md={8} xl={4}>
            <Card size="small" className={`wj-result__stat${item.text ? " wj-result__stat--text" : ""}`}>
              <Statistic title={item.title} value={item.value} suffix={item.suffix} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        title="答卷趋势"
        extra={
          <Segmented
            aria-label="答卷趋势的时间范围"
            size="small"
            value={days}
            options={dayChoices}
            onChange={(v) => setDays(Number(v))}
          />
        }
      >
        {trend && <Chart option={trend} label="每日答卷数趋势图" kind="line" height={300} />}
      </Card>
      <Card title="答卷来源">
        {data.sources.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无来源数据" />
        ) : (
          <Row gutter={24} align="middle">
            <Col xs={24} lg={12}>
              <CountTable
                rows={data.sources.map((s) => ({
                  key: s.source,
                  label: s.name,
                  count: s.count,
                  percentage: s.percentage,
                }))}
                labelTitle="来源"
              />
            </Col>
            <Col xs={24} lg={12}>
              {sources && <Chart option={sources} label="答卷来源分布图" kind="pie" height={260} />}
            </Col>
          </Row>
        )}
      </Card>
    </div>
  );
}
