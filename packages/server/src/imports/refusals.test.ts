import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildDocx, zipOf } from "./fixtures/build-files.ts";
import { buildLss } from "./fixtures/lss-builder.ts";
import { lssFixtures } from "./fixtures/lss-specs.ts";
import { wordFixtures } from "./fixtures/word-specs.ts";
import { MAX_IMPORT_BYTES, previewImport } from "./index.ts";
import { importMessages as m } from "./messages.ts";
import { zipLimits } from "./zip.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const refused = async (fileName: string, bytes: Uint8Array | string) => {
  const preview = await previewImport({
    fileName,
    bytes: typeof bytes === "string" ? Buffer.from(bytes) : bytes,
  });
  if (preview.ok) throw new Error(`${fileName} was imported`);
  return preview.message;
};
const sampleLss = buildLss((lssFixtures[0] as (typeof lssFixtures)[number]).spec);

describe("files that are not what their name says", () => {
  it("answers each format's own message for a damaged file", async () => {
    const junk = Buffer.from("这不是一个文件 \u0000\u0001 garbage");
    expect(await refused("问卷.xlsx", junk)).toBe("无法读取该 Excel 文件：文件已损坏或不是 .xlsx 格式");
    expect(await refused("问卷.docx", junk)).toBe("无法读取该 Word 文件：文件已损坏或不是 .docx 格式");
    expect(await refused("问卷.json", "{ not json")).toBe(m.badJson());
    expect(await refused("问卷.lss", "<document><unclosed></document>")).toBe(m.badLss());
    expect(await refused("问卷.lsa", junk)).toBe(m.badLsa());
    // Well-formed, but something else: a zip that is no workbook, a LimeSurvey responses file, plain JSON.
    expect(await refused("问卷.docx", await zipOf({ "readme.txt": "hello" }))).toBe(m.badWord());
    expect(await refused("问卷.xlsx", await zipOf({ "readme.txt": "hello" }))).toBe(m.badExcel());
    expect(await refused("问卷.lss", sampleLss.replace(">Survey<", ">Responses<"))).toBe(m.badLss());
    expect(await refused("问卷.json", '{"name": "package", "version": "1.0.0"}')).toBe(m.notSurveyJs());
    expect(await refused("问卷.lsa", await zipOf({ "survey_1_responses.lsr": "<document/>" }))).toBe(
      m.lsaWithoutLss(),
    );
  });

  it("refuses a file over 5 MB, an empty one and unknown extensions before reading them", async () => {
    const big = Buffer.alloc(MAX_IMPORT_BYTES + 1, 0x20);
    for (const name of ["a.xlsx", "a.docx", "a.json", "a.lss", "a.lsa"])
      expect(await refused(name, big)).toBe("文件不能超过 5 MB");
    expect(await refused("a.json", "")).toBe(m.empty());
    const unknown = "不支持的文件格式，请上传 .xlsx、.docx、.json、.lss 或 .lsa 文件";
    for (const name of ["a.pdf", "a.txt", "问卷", "a.lss.exe"])
      expect(await refused(name, "{}")).toBe(unknown);
    expect(await refused("旧版.xls", "x")).toBe(m.oldExcel());
    expect(await refused("旧版.doc", "x")).toBe(m.oldWord());
  });

  it("reads a renamed .lsa given as .lss, and a .lss given inside an archive", async () => {
    const archive = await zipOf({ "survey_418731.lss": sampleLss });
    const preview = await previewImport({ fileName: "问卷.lss", bytes: archive });
    expect(preview.ok).toBe(true);
  });
});

describe("archives built to hurt", () => {
  it("stops inflating a zip bomb at the cap, for every zip-based format", async () => {
    const zeros = Buffer.alloc(zipLimits.maxTotalBytes + 1024 * 1024);
    const bomb = (name: string) => zipOf({ [name]: zeros });
    const message = m.zipTooLarge(zipLimits.maxTotalBytes / 1024 / 1024);
    const lsa = await bomb("survey_1.lss");
    expect(lsa.length).toBeLessThan(MAX_IMPORT_BYTES);
    expect(await refused("bomb.lsa", lsa)).toBe(message);
    expect(await refused("bomb.docx", await bomb("word/document.xml"))).toBe(message);
    expect(await refused("bomb.xlsx", await bomb("xl/worksheets/sheet1.xml"))).toBe(message);
    // Builds and inflates several archives just past the cap (hundreds of MB of zeros): CPU-bound, it took over
    // 30 s on PostgreSQL CI under load; a cap that failed would show as a wrong answer, not as time.
  }, 120_000);

  it("refuses an archive with too many entries", async () => {
    const entries = Object.fromEntries(
      Array.from({ length: zipLimits.maxEntries + 1 }, (_, i) => [`f${i}.txt`, "x"] as const),
    );
    const message = m.zipTooManyEntries(zipLimits.maxEntries);
    expect(await refused("many.lsa", await zipOf(entries))).toBe(message);
    expect(await refused("many.docx", await zipOf(entries))).toBe(message);
  });

  it("never reads entries whose names climb out of the archive, and writes nothing anywhere", async () => {
    const evil = sampleLss.replace("Customer Satisfaction Survey", "被篡改的问卷");
    const targets = ["../../etc/passwd.lss", "/tmp/absolute.lss", "C:/windows/evil.lss", "..\\..\\evil.lss"];
    const before = targets.map((name) => fs.existsSync(path.resolve(os.tmpdir(), name)));
    for (const name of targets)
      expect(await refused("evil.lsa", await zipOf({ [name]: evil }))).toBe(m.lsaWithoutLss());
    const mixed = await previewImport({
      fileName: "mixed.lsa",
      bytes: await zipOf({ "../../etc/passwd.lss": evil, "survey_418731.lss": sampleLss }),
    });
    expect(mixed.ok && mixed.title).toBe("Customer Satisfaction Survey");
    expect(targets.map((name) => fs.existsSync(path.resolve(os.tmpdir(), name)))).toEqual(before);
    expect(fs.existsSync(path.resolve(process.cwd(), "../../etc/passwd.lss"))).toBe(false);
    // Structural: the import code has no way to touch the file system (fixtures and tests aside).
    for (const file of fs
      .readdirSync(here)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
      const source = fs.readFileSync(path.join(here, file), "utf8");
      expect(source, file).not.toMatch(/from "(node:)?(fs|fs\/promises|child_process)"/);
    }
  });
});

describe("XML with a DTD", () => {
  const laughs = `<?xml version="1.0"?>
<!DOCTYPE document [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY xxe SYSTEM "file:///etc/passwd">
]>
<document><LimeSurveyDocType>Survey</LimeSurveyDocType><title>&lol3;&xxe;</title></document>`;

  it("refuses entity declarations in an .lss and in a Word document part", async () => {
    expect(await refused("laughs.lss", laughs)).toBe(m.xmlDoctype());
    expect(await refused("laughs.lsa", await zipOf({ "survey_1.lss": laughs }))).toBe(m.xmlDoctype());
    const word = await buildDocx(wordFixtures[0] as (typeof wordFixtures)[number]);
    const JSZip = (await import("jszip")).default;
    const zip = await JSZip.loadAsync(word);
    const documentXml = await zip.file("word/document.xml")?.async("string");
    zip.file(
      "word/document.xml",
      (documentXml ?? "").replace("?>", `?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>`),
    );
    expect(await refused("xxe.docx", await zip.generateAsync({ type: "nodebuffer" }))).toBe(m.xmlDoctype());
  });

  it("decodes the predefined entities of text outside CDATA without expanding anything else", async () => {
    const lss = sampleLss.replace(
      "<![CDATA[Customer Satisfaction Survey]]>",
      "Fish &amp; Chips &#x2764; &quot;Q&quot; &#39;1&#39;",
    );
    const preview = await previewImport({ fileName: "amp.lss", bytes: Buffer.from(lss) });
    expect(preview.ok && preview.title).toBe(`Fish & Chips ❤ "Q" '1'`);
  });
});

describe("JSON built to hurt", () => {
  it("repairs thousands of broken conditions in a few passes, reporting each", async () => {
    // Every question compares the text before it as a number: each condition must go, each is reported.
    const elements = Array.from({ length: 1500 }, (_, i) => ({
      type: "text",
      name: `t${i}`,
      title: `第${i}个`,
      ...(i > 0 ? { visibleIf: `{t${i - 1}} > 3` } : {}),
    }));
    const preview = await previewImport({
      fileName: "many.json",
      bytes: Buffer.from(JSON.stringify({ title: "很多题", pages: [{ name: "p", elements }] })),
    });
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.counts.mapped).toBe(1500);
    expect(preview.report.filter((line) => line.includes("显示条件「{t"))).toHaveLength(1499);
  });

  it("drops NUL characters the API would refuse from every text", async () => {
    const survey = {
      title: "a\u0000b",
      pages: [{ elements: [{ type: "radiogroup", name: "q", title: "x\u0000y", choices: ["c\u0000d"] }] }],
    };
    const preview = await previewImport({ fileName: "nul.json", bytes: Buffer.from(JSON.stringify(survey)) });
    if (!preview.ok) throw new Error(preview.message);
    expect(JSON.stringify(preview.definition)).not.toContain("\\u0000");
    expect(preview.title).toBe("a b");
  });

  it("bounds nested panels and very long conditions instead of recursing without end", async () => {
    let panel: Record<string, unknown> = { type: "text", name: "deep", title: "最深处" };
    for (let i = 0; i < 200; i += 1) panel = { type: "panel", name: `p${i}`, elements: [panel] };
    const long = `${Array.from({ length: 3000 }, () => "{a} = 'x'").join(" or ")}`;
    const survey = {
      title: "嵌套",
      pages: [
        {
          name: "p",
          elements: [
            { type: "text", name: "a", title: "A" },
            { type: "text", name: "b", title: "B", visibleIf: long },
            panel,
          ],
        },
      ],
    };
    const preview = await previewImport({
      fileName: "deep.json",
      bytes: Buffer.from(JSON.stringify(survey)),
    });
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.report.some((line) => line.includes("嵌套超过 10 层的面板"))).toBe(true);
    expect(preview.report.some((line) => line.startsWith("第2题「B」：显示条件"))).toBe(true);
  });
});
