import type { ReportChart } from "@wjgj/core/reports/report-content";
import { PDF_FONT } from "./cjk-pdf.ts";

/**
 * A chart of the report as PNG: the page's ECharts option rendered on the server to SVG (echarts' SSR, no DOM),
 * then rasterised at twice its size by resvg with the product's Chinese font (Word has no SVG fallback of its
 * own and pdfkit draws no SVG). Both libraries load on the first report.
 */
export async function chartPng(chart: ReportChart): Promise<Buffer> {
  const [echarts, { Resvg }] = await Promise.all([import("echarts"), import("@resvg/resvg-js")]);
  const instance = echarts.init(null, null, {
    renderer: "svg",
    ssr: true,
    width: chart.width,
    height: chart.height,
  });
  try {
    instance.setOption({ animation: false, ...chart.option });
    const svg = instance.renderToSVGString();
    const image = new Resvg(svg, {
      fitTo: { mode: "zoom", value: 2 },
      background: "#ffffff",
      font: {
        fontFiles: [PDF_FONT],
        loadSystemFonts: false,
        defaultFontFamily: "WenQuanYi Micro Hei",
      },
    });
    return image.render().asPng();
  } finally {
    instance.dispose();
  }
}
