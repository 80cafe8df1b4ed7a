import {
  overviewTables,
  questionChart,
  questionTable,
  type ReportTable,
  reading,
  shownQuestions,
  typeName,
} from "@wjgj/core/reports/report-content";
import { cjkPdf } from "./cjk-pdf.ts";
import type { ReportData } from "./report-data.ts";
import { chartPng } from "./report-render.ts";
import { tableColumns } from "./table-columns.ts";

const MARGIN = 56;
/** Type size of table cells (a wide table's may shrink, table-columns.ts), and their inset on each side. */
const TABLE_TYPE = 9.5;
const CELL_INSET = 4;

/**
 * The analysis report as PDF (pdfkit, loaded on first use), laid out like the Word file: a cover, the overview,
 * each question with its reading, table and chart, in the product's Chinese font (as the 成绩单 uses).
 */
export async function reportPdf(data: ReportData, onChart: () => Promise<void>): Promise<Buffer> {
  const { doc, bytes } = await cjkPdf({ Title: `${data.title} 数据分析报告`, Creator: "问卷管家" }, MARGIN);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string, size: number) => {
    room(size * 3);
    doc.moveDown(0.6).fontSize(size).fillColor("#1f2d3d").text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.3).fontSize(10.5).fillColor("#333333");
  };
  const table = (t: ReportTable) => {
    doc.fontSize(TABLE_TYPE);
    const { widths, scale } = tableColumns([t.header, ...t.rows], width, (text) => doc.widthOfString(text), {
      padding: 2 * CELL_INSET,
      minScale: 0.75,
    });
    const row = (cells: string[], header: boolean) => {
      doc.fontSize(TABLE_TYPE * scale);
      const heights = cells.map((cell, i) =>
        doc.heightOfString(cell, { width: (widths[i] as number) - 2 * CELL_INSET }),
      );
      const height = Math.max(...heights) + 2 * CELL_INSET;
      room(height);
      const y = doc.y;
      let x = MARGIN;
      if (header) doc.rect(MARGIN, y, width, height).fill("#eef3ff");
      cells.forEach((cell, i) => {
        doc.fillColor("#333333").text(cell, x + CELL_INSET, y + CELL_INSET, {
          width: (widths[i] as number) - 2 * CELL_INSET,
        });
        x += widths[i] as number;
      });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + width, y + height)
        .lineWidth(0.5)
        .strokeColor("#d9d9d9")
        .stroke();
      doc.x = MARGIN;
      doc.y = y + height;
    };
    row(t.header, true);
    for (const cells of t.rows) row(cells, false);
    doc.moveDown(0.5).fontSize(10.5);
  };

  doc.moveDown(8).fontSize(24).fillColor("#1f2d3d").text(data.title, { align: "center", width });
  doc.moveDown(1).fontSize(16).text("数据分析报告", { align: "center", width });
  doc
    .moveDown(2)
    .fontSize(11)
    .fillColor("#555555")
    .text(`数据范围：${data.scope}`, { align: "center", width });
  doc.moveDown(0.5).text(`生成时间：${data.generatedAt}`, { align: "center", width });

  if (data.sections.has("overview")) {
    doc.addPage();
    heading("一、数据概况", 16);
    const overview = overviewTables(data.overview);
    table(overview.figures);
    heading("答卷来源", 12);
    table(overview.sources);
  }
  if (data.sections.has("questions") || data.sections.has("words")) {
    doc.addPage();
    heading("二、分题统计", 16);
    for (const { stats, words } of shownQuestions(data.sections, data.questions)) {
      heading(`第${stats.number}题　${stats.title || "（无标题）"}【${typeName(stats)}】`, 12);
      doc.text(reading(stats, words), MARGIN, doc.y, { width });
      doc.moveDown(0.4);
      const t = questionTable(stats, words);
      if (t) table(t);
      const chart = questionChart(stats, words);
      if (chart) {
        const w = Math.min(width, chart.width * 0.7);
        const h = (w / chart.width) * chart.height;
        room(h + 8);
        doc.image(await chartPng(chart), MARGIN, doc.y, { width: w, height: h });
        doc.y += h + 8;
        await onChart();
      }
    }
  }
  if (data.sections.has("pinned") && data.pinned.length > 0) {
    doc.addPage();
    heading("三、交叉分析与统计分析", 16);
    for (const pin of data.pinned) {
      heading(pin.title, 12);
      doc.fillColor("#555555").text(`${pin.scope}；固定于 ${pin.pinnedAt}`, MARGIN, doc.y, { width });
      doc.moveDown(0.4).fillColor("#333333");
      for (const line of pin.reading) doc.text(line, MARGIN, doc.y, { width });
      if (pin.reading.length > 0) doc.moveDown(0.4);
      for (const t of pin.tables) {
        room(40);
        doc.fontSize(10.5).text(t.title, MARGIN, doc.y, { width });
        doc.moveDown(0.2);
        table(t);
        for (const note of t.notes)
          doc.fontSize(9).fillColor("#555555").text(`注：${note}`, MARGIN, doc.y, { width });
        doc.moveDown(0.4).fontSize(10.5).fillColor("#333333");
      }
    }
  }
  doc.end();
  return bytes;
}
