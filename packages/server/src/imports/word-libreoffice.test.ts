import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildDocx } from "./fixtures/build-files.ts";
import { wordFixtures } from "./fixtures/word-specs.ts";
import { previewImport } from "./index.ts";

/**
 * Word files come from many writers. The fixtures are written by the `docx` package; here LibreOffice Writer
 * (a writer nobody here wrote, with its own numbering and table markup) saves each of them again as .docx,
 * and the import must read the same questions from its version.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-word-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function resaveWithLibreOffice(files: string[]): string {
  if (spawnSync("libreoffice", ["--version"]).status !== 0)
    throw new Error(
      "这个测试需要 LibreOffice：请安装 libreoffice-writer（Debian/Ubuntu: apt-get install -y libreoffice-writer）",
    );
  const out = path.join(dir, "out");
  fs.mkdirSync(out, { recursive: true });
  execFileSync(
    "libreoffice",
    [
      `-env:UserInstallation=file://${path.join(dir, "profile")}`,
      "--headless",
      "--convert-to",
      "docx:MS Word 2007 XML",
      "--outdir",
      out,
      ...files,
    ],
    { stdio: "pipe", timeout: 180_000 },
  );
  return out;
}

describe("Word files saved by LibreOffice", () => {
  it("import to the same questions as the originals", async () => {
    const names = wordFixtures.map((_, i) => path.join(dir, `fixture-${i}.docx`));
    await Promise.all(
      wordFixtures.map(async (spec, i) => fs.writeFileSync(names[i] as string, await buildDocx(spec))),
    );
    const out = resaveWithLibreOffice(names);
    for (const [i, spec] of wordFixtures.entries()) {
      const original = await previewImport({ fileName: spec.file, bytes: await buildDocx(spec) });
      const resaved = await previewImport({
        fileName: spec.file,
        bytes: fs.readFileSync(path.join(out, `fixture-${i}.docx`)),
      });
      if (!original.ok || !resaved.ok) throw new Error(`${spec.file} was refused`);
      const shape = (preview: typeof original) =>
        preview.definition.pages.flatMap((page) => page.questions).map((q) => [q.id, q.type, q.title]);
      expect(shape(resaved), spec.file).toEqual(shape(original));
      expect(resaved.counts, spec.file).toEqual(original.counts);
    }
  }, 240_000);
});
