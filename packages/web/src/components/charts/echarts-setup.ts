import { BarChart, HeatmapChart, LineChart, PieChart, ScatterChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

// Only what the result screens draw: the whole of echarts would triple the chunk.
echarts.use([
  BarChart,
  HeatmapChart,
  LineChart,
  PieChart,
  // The 词云 (core text/word-cloud-option.ts): words as labels of invisible rectangles.
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { echarts };
