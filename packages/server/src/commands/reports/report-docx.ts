import {
  overviewTables,
  questionChart,
  questionTable,
  type ReportTable,
  reading,
  shownQuestions,
  typeName,
} from "@wjgj/core/reports/report-content";
import type { ReportData } from "./report-data.ts";
import { chartPng } from "./report-render.ts";

/** Characters a Word table cell shows at most (a long answer label would stretch the table). */
const CELL_MAX = 60;
const clip = (text: string) => (text.length > CELL_MAX ? `${text.slice(0, CELL_MAX)}…` : text);

/**
 * The analysis report as Word (.docx, built by the `docx` library, loaded on first use): a cover, the overview,
 * then each question with its one-line reading, its table and its chart (a PNG of the page's chart). East Asian
 * text is set in 微软雅黑 (Word) with WenQuanYi as the fallback LibreOffice finds on Linux.
 */
export async function reportDocx(data: ReportData, onChart: () => Promise<void>): Promise<Buffer> {
  const docx = await import("docx");
  const {
    AlignmentType,
    Document,
    HeadingLevel,
    ImageRun,
    Packer,
    Paragraph,
    Table,
    TableCell,
    TableRow,
    TextRun,
    WidthType,
  } = docx;
  const table = (t: ReportTable) =>
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: [
        new TableRow({
          tableHeader: true,
          children: t.header.map(
            (text) =>
              new TableCell({
                shading: { fill: "EEF3FF" },
                children: [new Paragraph({ children: [new TextRun({ text: clip(text), bold: true })] })],
              }),
          ),
        }),
        ...t.rows.map(
          (row) =>
            new TableRow({
              children: row.map((text) => new TableCell({ children: [new Paragraph(clip(text))] })),
            }),
        ),
      ],
    });
  const children: (InstanceType<typeof Paragraph> | InstanceType<typeof Table>)[] = [
    new Paragraph({ text: data.title, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
    new Paragraph({ text: "数据分析报告", alignment: AlignmentType.CENTER }),
    new Paragraph({ text: `数据范围：${data.scope}`, alignment: AlignmentType.CENTER }),
    new Paragraph({ text: `生成时间：${data.generatedAt}`, alignment: AlignmentType.CENTER }),
  ];
  if (data.sections.has("overview")) {
    const overview = overviewTables(data.overview);
    children.push(
      new Paragraph({ text: "一、数据概况", heading: HeadingLevel.HEADING_1, pageBreakBefore: true }),
      table(overview.figures),
      new Paragraph({ text: "答卷来源", heading: HeadingLevel.HEADING_2 }),
      table(overview.sources),
    );
  }
  if (data.sections.has("questions") || data.sections.has("words")) {
    children.push(
      new Paragraph({ text: "二、分题统计", heading: HeadingLevel.HEADING_1, pageBreakBefore: true }),
    );
    for (const { stats, words } of shownQuestions(data.sections, data.questions)) {
      children.push(
        new Paragraph({
          text: `第${stats.number}题　${stats.title || "（无标题）"}【${typeName(stats)}】`,
          heading: HeadingLevel.HEADING_2,
        }),
        new Paragraph({ text: reading(stats, words) }),
      );
      const t = questionTable(stats, words);
      if (t) children.push(table(t));
      const chart = questionChart(stats, words);
      if (chart) {
        children.push(
          new Paragraph({
            children: [
              new ImageRun({
                type: "png",
                data: await chartPng(chart),
                transformation: {
                  width: Math.round(chart.width * 0.9),
                  height: Math.round(chart.height * 0.9),
                },
                altText: { name: `第${stats.number}题图表`, description: stats.title, title: stats.title },
              }),
            ],
          }),
        );
        await onChart();
      }
    }
  }
  if (data.sections.has("pinned") && data.pinned.length > 0) {
    children.push(
      new Paragraph({
        text: "三、交叉分析与统计分析",
        heading: HeadingLevel.HEADING_1,
        pageBreakBefore: true,
      }),
    );
    for (const pin of data.pinned) {
      children.push(
        new Paragraph({ text: pin.title, heading: HeadingLevel.HEADING_2 }),
        new Paragraph({ text: `${pin.scope}；固定于 ${pin.pinnedAt}` }),
        ...pin.reading.map((line) => new Paragraph({ text: line })),
      );
      for (const t of pin.tables) {
        children.push(new Paragraph({ children: [new TextRun({ text: t.title, bold: true })] }), table(t));
        for (const note of t.notes) children.push(new Paragraph({ text: `注：${note}` }));
      }
    }
  }
  const document = new Document({
    creator: "问卷管家",
    title: `${data.title} 数据分析报告`,
    styles: {
      default: {
        document: {
          run: { font: { ascii: "Arial", eastAsia: "Microsoft YaHei", hAnsi: "Arial" }, size: 21 },
        },
      },
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}
