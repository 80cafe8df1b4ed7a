import { XMLParser, XMLValidator } from "fast-xml-parser";
import { importMessages as m } from "./messages.ts";
import { ImportRefusal } from "./zip.ts";

/**
 * XML from uploads (.lss, the parts of a .docx) is parsed with entity processing off: no DTD is read, no
 * entity is declared or expanded, so "billion laughs" and external entities have nothing to work with.
 * A document that declares a DTD or entities at all is refused outright (LimeSurvey and Word never write
 * one). The five predefined entities and character references are decoded here, by a bounded replace.
 */
export function refuseDoctype(text: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new ImportRefusal(m.xmlDoctype());
}

const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return named[body] ?? whole;
  });
}

interface XmlOptions {
  /** Keep document order (a .docx body interleaves paragraphs and tables). */
  preserveOrder?: boolean;
  /** Element names that are always lists, however many there are. */
  arrays?: ReadonlySet<string>;
  trim?: boolean;
}

/** The parsed document, or null when the text is not well-formed XML. */
export function parseXml(text: string, options: XmlOptions = {}): unknown {
  refuseDoctype(text);
  if (XMLValidator.validate(text) !== true) return null;
  const arrays = options.arrays;
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: options.trim ?? true,
    preserveOrder: options.preserveOrder ?? false,
    ...(arrays ? { isArray: (name: string) => arrays.has(name) } : {}),
  });
  try {
    return parser.parse(text);
  } catch {
    return null;
  }
}
