import { readFile } from "node:fs/promises";

/** The Chinese font the machine carries (Debian fonts-wqy-microhei); read once, on the first PDF. */
export const PDF_FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";
let fontData: Promise<Buffer> | undefined;

/**
 * An A4 pdfkit document set in the Chinese font (pdfkit and the font load on the first PDF: 成绩单, 分析报告),
 * and its bytes once `doc.end()` is called.
 */
export async function cjkPdf(info: { Title: string; Subject?: string; Creator?: string }, margin = 56) {
  fontData ??= readFile(PDF_FONT);
  const [{ default: PDFDocument }, font] = await Promise.all([import("pdfkit"), fontData]);
  const doc = new PDFDocument({ size: "A4", margin, info });
  // fontkit opens the collection's first face by its PostScript name.
  doc.registerFont("cjk", font, "WenQuanYiMicroHei");
  doc.font("cjk");
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}
