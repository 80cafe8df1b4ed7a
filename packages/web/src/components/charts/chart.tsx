import { Skeleton } from "antd";
import type { EChartsType } from "echarts/core";
import { useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "../../lib/reduced-motion.tsx";
import type { ChartOption } from "./chart-options.ts";
import { loadEcharts } from "./load-echarts.ts";
import "./chart.css";

export interface ChartProps {
  option: ChartOption;
  height?: number;
  /** Read by screen readers in place of the canvas; also names the chart in tests. */
  label: string;
  /** Which kind is drawn (bar, pie, …), exposed as data-kind for journeys. */
  kind?: string;
  /** Called with the name of the data item clicked (a bar's category, a word of the cloud). */
  onItemClick?: ((name: string) => void) | undefined;
}

/**
 * One ECharts canvas. echarts loads lazily on first use; until then (and if it fails) a skeleton or a
 * note stands in. Pass a memoised option: each new object redraws the chart.
 */
export function Chart({ option, height = 280, label, kind, onItemClick }: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const clicked = useRef(onItemClick);
  clicked.current = onItemClick;
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  // Bars that grow and pies that sweep are motion like any other (WCAG 2.3.3): drawn at once when asked.
  const reduceMotion = usePrefersReducedMotion();

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    loadEcharts().then(
      (echarts) => {
        const element = host.current;
        if (disposed || !element) return;
        const instance = echarts.init(element, null, { renderer: "canvas" });
        chart.current = instance;
        instance.on("click", (params) => clicked.current?.(String(params.name)));
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(element);
        setState("ready");
      },
      () => !disposed && setState("failed"),
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (state === "ready")
      chart.current?.setOption(reduceMotion ? { ...option, animation: false } : option, { notMerge: true });
  }, [option, state, reduceMotion]);

  return (
    <div className="wj-chart" role="img" aria-label={label} data-kind={kind} data-state={state}>
      <div ref={host} className="wj-chart__canvas" style={{ height }} />
      {state === "loading" && (
        <div className="wj-chart__overlay">
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </div>
      )}
      {state === "failed" && <div className="wj-chart__overlay">图表加载失败，请刷新页面重试</div>}
    </div>
  );
}
