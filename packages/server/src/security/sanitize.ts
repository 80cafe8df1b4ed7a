import sanitizeHtml from "sanitize-html";

/** An absolute http(s) address or a path on this site; never `//host` (protocol-relative) or `/\host`. */
export const SAFE_URL = /^(?:https?:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*)$/i;

const LINK_HREF = /^(?:https?:\/\/|mailto:)[^\s"'<>\\]+$/i;
const IMAGE_SIZE = /^\d{1,4}$/;

/**
 * The allow-list for stored rich text (news, help articles). Whatever is not named here is dropped:
 * script/style and their content, event handlers, style attributes, iframes, svg, forms, and any URL
 * whose scheme is not http(s) (or mailto for links). Editors' synonyms are mapped onto the allowed tags.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "blockquote",
    "strong",
    "em",
    "u",
    "s",
    "code",
    "pre",
    "hr",
    "br",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "a",
    "img",
  ],
  allowedAttributes: {
    a: ["href", "rel", "target"],
    img: ["src", "alt", "width", "height"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Dropped together with their text: what they contain is code or a foreign document, not prose.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "svg",
    "math",
    "template",
    "title",
  ],
  transformTags: {
    b: "strong",
    i: "em",
    del: "s",
    strike: "s",
    // The page owns h1; deeper headings fold into the nearest allowed level.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? "";
      // A link to anything else keeps its text but stops being a link (see exclusiveFilter). Renaming
      // it to a dropped tag instead would trip a sanitize-html bug that misnames later closing tags.
      if (!LINK_HREF.test(href)) return { tagName: "a", attribs: {} };
      return { tagName: "a", attribs: { href, rel: "noopener noreferrer nofollow", target: "_blank" } };
    },
    img: (_tag, attribs): sanitizeHtml.Tag => {
      const src = attribs.src?.trim() ?? "";
      if (!SAFE_URL.test(src)) return { tagName: "img", attribs: {} };
      const kept: sanitizeHtml.Attributes = { src, alt: attribs.alt ?? "" };
      for (const size of ["width", "height"] as const) {
        const value = attribs[size]?.trim();
        if (value && IMAGE_SIZE.test(value)) kept[size] = value;
      }
      return { tagName: "img", attribs: kept };
    },
    td: keepSpans("td"),
    th: keepSpans("th"),
  },
  // An image whose address was refused is removed rather than left as an empty box; a link whose
  // address was refused loses its tags and keeps its text.
  exclusiveFilter: (frame) => {
    if (frame.tag === "img" && !frame.attribs.src) return true;
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    return false;
  },
};

function keepSpans(tagName: "td" | "th"): sanitizeHtml.Transformer {
  return (_tag, attribs) => {
    const kept: sanitizeHtml.Attributes = {};
    for (const span of ["colspan", "rowspan"] as const) {
      const value = attribs[span]?.trim();
      if (value && /^\d{1,2}$/.test(value)) kept[span] = value;
    }
    return { tagName, attribs: kept };
  };
}

// NUL and other C0 controls have no place in stored text (PostgreSQL refuses NUL outright).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Rich text as it may be stored and later rendered as HTML on any page. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html.replace(CONTROL, ""), RICH_TEXT).trim();
}

const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre|tr|td|th|div)>|<br\s*\/?>|<hr\s*\/?>/gi;

/** The readable text of (sanitised) HTML: for search, excerpts and the "is it empty" check. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(BLOCK_END, " "), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether sanitised HTML shows anything: some text or at least one image. */
export function hasVisibleContent(html: string): boolean {
  return htmlToText(html) !== "" || /<img\s/i.test(html);
}
