import { importMessages as m } from "./messages.ts";
import { decodeXmlEntities, parseXml } from "./xml.ts";
import { ImportRefusal, type SafeZip } from "./zip.ts";

/** A node of fast-xml-parser's ordered output: `{ tag: children, ":@": attributes }` or `{ "#text": text }`. */
type XmlNode = Record<string, unknown>;

function tagOf(node: XmlNode): string | undefined {
  return Object.keys(node).find((key) => key !== ":@");
}

function childrenOf(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  const children = tag ? node[tag] : undefined;
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

function attribute(node: XmlNode | undefined, name: string): string | undefined {
  const attributes = node?.[":@"] as Record<string, unknown> | undefined;
  const value = attributes?.[`@_${name}`];
  return typeof value === "string" ? value : undefined;
}

function child(node: XmlNode | undefined, tag: string): XmlNode | undefined {
  return node ? childrenOf(node).find((candidate) => tagOf(candidate) === tag) : undefined;
}

/** A list level's look: its number format, its text (`%1.`), where it starts. */
interface Level {
  format: string;
  text: string;
  start: number;
}

/** A list instance (w:num): its abstract list, whose counters it shares, and levels it restarts. */
interface ListInstance {
  abstractId: string;
  levels: Map<number, Level>;
  /** ilvl → the number it starts again from (w:lvlOverride/w:startOverride). */
  restarts: Map<number, number>;
}

/** numId → its list, read from word/numbering.xml. */
type Numbering = Map<string, ListInstance>;

function readNumbering(xml: string | null): Numbering {
  const numbering: Numbering = new Map();
  if (!xml) return numbering;
  const root = parseXml(xml, { preserveOrder: true, trim: false }) as XmlNode[] | null;
  const top = root?.find((node) => tagOf(node) === "w:numbering");
  if (!top) return numbering;
  const abstracts = new Map<string, Map<number, Level>>();
  for (const node of childrenOf(top)) {
    if (tagOf(node) !== "w:abstractNum") continue;
    const levels = new Map<number, Level>();
    for (const level of childrenOf(node)) {
      if (tagOf(level) !== "w:lvl") continue;
      levels.set(Number(attribute(level, "w:ilvl") ?? 0), {
        format: attribute(child(level, "w:numFmt"), "w:val") ?? "decimal",
        text: attribute(child(level, "w:lvlText"), "w:val") ?? "%1.",
        start: Number(attribute(child(level, "w:start"), "w:val") ?? 1),
      });
    }
    abstracts.set(attribute(node, "w:abstractNumId") ?? "", levels);
  }
  for (const node of childrenOf(top)) {
    if (tagOf(node) !== "w:num") continue;
    const abstractId = attribute(child(node, "w:abstractNumId"), "w:val") ?? "";
    const levels = abstracts.get(abstractId);
    if (!levels) continue;
    const restarts = new Map<number, number>();
    for (const override of childrenOf(node)) {
      const start = attribute(child(override, "w:startOverride"), "w:val");
      if (tagOf(override) === "w:lvlOverride" && start !== undefined)
        restarts.set(Number(attribute(override, "w:ilvl") ?? 0), Number(start));
    }
    numbering.set(attribute(node, "w:numId") ?? "", { abstractId, levels, restarts });
  }
  return numbering;
}

/** Paragraph style id → its list (numId, ilvl), from word/styles.xml (Word's 列表编号 styles). */
function readStyleLists(xml: string | null): Map<string, { numId: string; level: number }> {
  const lists = new Map<string, { numId: string; level: number }>();
  if (!xml) return lists;
  const root = parseXml(xml, { preserveOrder: true, trim: false }) as XmlNode[] | null;
  const top = root?.find((node) => tagOf(node) === "w:styles");
  for (const style of top ? childrenOf(top) : []) {
    if (tagOf(style) !== "w:style") continue;
    const numPr = child(child(style, "w:pPr"), "w:numPr");
    const numId = attribute(child(numPr, "w:numId"), "w:val");
    if (numId)
      lists.set(attribute(style, "w:styleId") ?? "", {
        numId,
        level: Number(attribute(child(numPr, "w:ilvl"), "w:val") ?? 0),
      });
  }
  return lists;
}

const chineseDigits = "〇一二三四五六七八九";

function chineseNumber(n: number): string {
  if (n <= 10) return n === 10 ? "十" : (chineseDigits[n] ?? String(n));
  if (n < 20) return `十${chineseDigits[n - 10]}`;
  if (n < 100) return `${chineseDigits[Math.floor(n / 10)]}十${n % 10 === 0 ? "" : chineseDigits[n % 10]}`;
  return String(n);
}

function letter(n: number): string {
  let out = "";
  let rest = n;
  while (rest > 0) {
    rest -= 1;
    out = String.fromCharCode(65 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  }
  return out;
}

function roman(n: number): string {
  const table: [number, string][] = [
    [1000, "M"],
    [900, "CM"],
    [500, "D"],
    [400, "CD"],
    [100, "C"],
    [90, "XC"],
    [50, "L"],
    [40, "XL"],
    [10, "X"],
    [9, "IX"],
    [5, "V"],
    [4, "IV"],
    [1, "I"],
  ];
  let out = "";
  let rest = n;
  for (const [value, symbol] of table) {
    while (rest >= value) {
      out += symbol;
      rest -= value;
    }
  }
  return out;
}

function formatNumber(format: string, n: number): string {
  switch (format) {
    case "upperLetter":
      return letter(n);
    case "lowerLetter":
      return letter(n).toLowerCase();
    case "upperRoman":
      return roman(n);
    case "lowerRoman":
      return roman(n).toLowerCase();
    case "chineseCounting":
    case "chineseCountingThousand":
    case "ideographTraditional":
    case "japaneseCounting":
      return chineseNumber(n);
    case "decimalEnclosedCircle":
    case "decimalEnclosedCircleChinese":
      return n <= 20 ? String.fromCharCode(0x2460 + n - 1) : String(n);
    default:
      return String(n);
  }
}

/**
 * Counts list items as Word numbers them: instances of one abstract list continue each other's numbers unless
 * an instance restarts a level (startOverride, applied when the instance is first used); deeper levels start
 * again under a new item.
 */
class ListCounter {
  private readonly counters = new Map<string, number[]>();
  private readonly used = new Set<string>();

  constructor(private readonly numbering: Numbering) {}

  prefix(numId: string, level: number): string {
    const list = this.numbering.get(numId);
    const current = list?.levels.get(level);
    if (!list || !current || current.format === "none" || current.format === "bullet") return "";
    const counts = this.counters.get(list.abstractId) ?? [];
    if (!this.used.has(numId)) {
      this.used.add(numId);
      for (const [at, start] of list.restarts) counts[at] = start - 1;
    }
    counts[level] = (counts[level] ?? current.start - 1) + 1;
    counts.length = level + 1;
    this.counters.set(list.abstractId, counts);
    return current.text.replace(/%([1-9])/g, (_, digit: string) => {
      const at = Number(digit) - 1;
      const shown = list.levels.get(at);
      return formatNumber(shown?.format ?? "decimal", counts[at] ?? shown?.start ?? 1);
    });
  }
}

/** The text of a paragraph (or any run container): runs, tabs, line breaks; deleted text left out. */
function textOf(node: XmlNode): string {
  let out = "";
  for (const item of childrenOf(node)) {
    const tag = tagOf(item);
    // Text sits in w:t only; whitespace between elements of a pretty-printed part is not content.
    if (tag === "w:t")
      out += childrenOf(item)
        .map((text) => decodeXmlEntities(String(text["#text"] ?? "")))
        .join("");
    else if (tag === "w:tab") out += "\t";
    else if (tag === "w:br" || tag === "w:cr") out += attribute(item, "w:type") === "page" ? "" : "\n";
    else if (tag === "w:noBreakHyphen") out += "-";
    else if (
      tag &&
      !["w:pPr", "w:rPr", "w:del", "w:delText", "w:instrText", "w:sectPr", "w:drawing", "w:pict"].includes(
        tag,
      )
    )
      out += textOf(item);
  }
  return out;
}

/** One line of the extracted text and the paragraph (1-based, tables' rows counted) it came from. */
export interface DocLine {
  text: string;
  paragraph: number;
}

const MAX_LINES = 20_000;

class DocWalker {
  readonly lines: DocLine[] = [];
  private paragraph = 0;

  constructor(
    private readonly counter: ListCounter,
    private readonly styleLists: ReturnType<typeof readStyleLists>,
  ) {}

  private push(text: string): void {
    if (this.lines.length >= MAX_LINES) return;
    for (const line of text.split("\n"))
      this.lines.push({ text: line.replace(/\s+$/, ""), paragraph: this.paragraph });
  }

  walk(nodes: readonly XmlNode[]): void {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === "w:p") this.paragraphNode(node);
      else if (tag === "w:tbl") this.table(node);
      else if (tag === "w:sdt") this.walk(childrenOf(child(node, "w:sdtContent") ?? {}));
      else if (tag === "w:customXml" || tag === "w:sdtContent") this.walk(childrenOf(node));
    }
  }

  private listOf(node: XmlNode): { numId: string; level: number } | undefined {
    const properties = child(node, "w:pPr");
    const numPr = child(properties, "w:numPr");
    const numId = attribute(child(numPr, "w:numId"), "w:val");
    if (numId)
      return numId === "0"
        ? undefined
        : { numId, level: Number(attribute(child(numPr, "w:ilvl"), "w:val") ?? 0) };
    const style = attribute(child(properties, "w:pStyle"), "w:val");
    return style ? this.styleLists.get(style) : undefined;
  }

  private paragraphNode(node: XmlNode): void {
    this.paragraph += 1;
    const text = textOf(node);
    const list = this.listOf(node);
    const prefix = list && text.trim() ? this.counter.prefix(list.numId, list.level) : "";
    this.push(prefix ? `${prefix} ${text.trimStart()}` : text);
  }

  /** A grid (header row of columns, a label per row) becomes 行：/列： lines a matrix question reads. */
  private table(node: XmlNode): void {
    const rows = childrenOf(node)
      .filter((row) => tagOf(row) === "w:tr")
      .map((row) =>
        childrenOf(row)
          .filter((cell) => tagOf(cell) === "w:tc")
          .map((cell) =>
            childrenOf(cell)
              .filter((p) => tagOf(p) === "w:p")
              .map((p) => textOf(p).trim())
              .filter(Boolean)
              .join(" "),
          ),
      );
    this.paragraph += 1;
    const [head, ...body] = rows;
    const isGrid =
      head !== undefined && head.length >= 3 && body.length > 0 && body.every((row) => (row[0] ?? "") !== "");
    if (!isGrid) {
      for (const row of rows) this.push(row.filter(Boolean).join(" "));
      return;
    }
    const last = [...this.lines].reverse().find((line) => line.text.trim() !== "");
    if (last && /^\s*\d+\s*[.、．]/.test(last.text) && !/矩阵/.test(last.text)) last.text += "[矩阵单选题]";
    this.push(`行：${body.map((row) => row[0]).join("|")}`);
    this.push(`列：${head.slice(1).filter(Boolean).join("|")}`);
  }
}

/** The text of a .docx body, one line per paragraph (list numbers written out as Word shows them). */
export async function docxLines(zip: SafeZip): Promise<DocLine[]> {
  const documentXml = await zip.readText("word/document.xml");
  if (!documentXml) throw new ImportRefusal(m.badWord());
  const root = parseXml(documentXml, { preserveOrder: true, trim: false }) as XmlNode[] | null;
  const document = root?.find((node) => tagOf(node) === "w:document");
  const body = child(document, "w:body");
  if (!body) throw new ImportRefusal(m.badWord());
  const numbering = readNumbering(await zip.readText("word/numbering.xml"));
  const styles = readStyleLists(await zip.readText("word/styles.xml"));
  const walker = new DocWalker(new ListCounter(numbering), styles);
  walker.walk(childrenOf(body));
  return walker.lines;
}
