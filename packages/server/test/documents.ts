import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Readers nobody here wrote for the documents the product makes: LibreOffice (Debian libreoffice-writer) opens a
 * .docx and converts it to PDF; poppler (Debian poppler-utils) renders PDF pages and reads their text and images.
 * Installed on demand where possible (root on Debian, as in CI); elsewhere the test fails saying how to install
 * them, never skips.
 */
function ensure(command: string, packages: string[]): void {
  if (spawnSync(command, ["--version"]).status === 0 || spawnSync(command, ["-v"]).status === 0) return;
  if (process.getuid?.() === 0 && fs.existsSync("/etc/debian_version")) {
    const install = () =>
      spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...packages], { stdio: "ignore" })
        .status;
    if (install() !== 0) {
      execFileSync("apt-get", ["update"], { stdio: "ignore" });
      install();
    }
    if (spawnSync("which", [command]).status === 0) return;
  }
  throw new Error(
    `这个测试需要 ${command}：请安装 ${packages.join(" ")}（Debian/Ubuntu: apt-get install -y ${packages.join(" ")}）`,
  );
}

/** The .docx converted to PDF by LibreOffice, headless, with a profile of its own; the PDF's path. */
export function docxToPdf(docxPath: string): string {
  ensure("libreoffice", ["libreoffice-writer"]);
  const dir = path.dirname(docxPath);
  const profile = fs.mkdtempSync(path.join(dir, "lo-profile-"));
  execFileSync(
    "libreoffice",
    [
      `-env:UserInstallation=file://${profile}`,
      "--headless",
      "--convert-to",
      "pdf",
      "--outdir",
      dir,
      docxPath,
    ],
    { stdio: "pipe", timeout: 120_000 },
  );
  const pdf = docxPath.replace(/\.docx$/, ".pdf");
  if (!fs.existsSync(pdf)) throw new Error("LibreOffice wrote no PDF");
  return pdf;
}

/** The PDF's text (pdftotext, layout kept per page). */
export function pdfText(pdfPath: string): string {
  ensure("pdftotext", ["poppler-utils"]);
  return execFileSync("pdftotext", ["-enc", "UTF-8", pdfPath, "-"], { encoding: "utf8" });
}

/**
 * How many images the PDF shows (pdfimages -list: two header lines, then a line per image object whose third
 * column is its type — "image", or "smask" for the transparency of one, not counted).
 */
export function pdfImageCount(pdfPath: string): number {
  ensure("pdfimages", ["poppler-utils"]);
  const list = execFileSync("pdfimages", ["-list", pdfPath], { encoding: "utf8" });
  return list
    .trim()
    .split("\n")
    .slice(2)
    .filter((line) => line.trim().split(/\s+/)[2] === "image").length;
}

/** Renders the first `pages` pages to PNG (pdftoppm); the files written. */
export function renderPages(pdfPath: string, pages: number): string[] {
  ensure("pdftoppm", ["poppler-utils"]);
  const prefix = pdfPath.replace(/\.pdf$/, "-page");
  execFileSync("pdftoppm", ["-png", "-r", "40", "-f", "1", "-l", String(pages), pdfPath, prefix]);
  const dir = path.dirname(pdfPath);
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(path.basename(prefix)) && name.endsWith(".png"))
    .map((name) => path.join(dir, name));
}
