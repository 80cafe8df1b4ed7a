/**
 * The rich-text subset allowed in titles and descriptions. Designers paste HTML; before it is stored or shown
 * it goes through this whitelist. No DOM needed, so the server and the browser sanitise identically.
 */
const allowedTags: Record<string, readonly string[]> = {
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  br: [],
  p: [],
  div: [],
  span: ["style"],
  font: ["color"],
  sub: [],
  sup: [],
  ul: [],
  ol: [],
  li: [],
  a: ["href"],
  img: ["src", "alt", "width", "height"],
};
const voidTags = new Set(["br", "img"]);
const droppedWithContent = /<(script|style|iframe|object|embed|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
// One declaration at a time, without nested quantifiers, so hostile input cannot cause backtracking blow-ups.
const safeDeclaration =
  /^\s*(color|background-color|font-weight|font-style|text-decoration|font-size)\s*:\s*[#\w .,%()-]+$/i;

function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-z]+|#\d+|#x[0-9a-f]+);)/gi, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

function safeAttribute(tag: string, name: string, value: string): boolean {
  if (name === "href" || name === "src") {
    return (
      /^(https?:)?\/\//i.test(value) || (tag === "img" && /^data:image\/(png|jpe?g|gif|webp);/i.test(value))
    );
  }
  if (name === "style") {
    const declarations = value.split(";").filter((part) => part.trim() !== "");
    return (
      declarations.length <= 10 &&
      declarations.every((part) => safeDeclaration.test(part) && !/url|expression/i.test(part))
    );
  }
  return /^[^"<>]*$/.test(value);
}

function rebuildTag(raw: string): string {
  const match = /^<\s*(\/)?\s*([a-z][a-z0-9]*)([\s\S]*?)\/?\s*>$/i.exec(raw);
  if (!match) return "";
  const closing = match[1] === "/";
  const tag = (match[2] ?? "").toLowerCase();
  const allowed = allowedTags[tag];
  if (!allowed) return "";
  if (closing) return voidTags.has(tag) ? "" : `</${tag}>`;
  const attributes: string[] = [];
  const attributePattern = /([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
  for (const found of (match[3] ?? "").matchAll(attributePattern)) {
    const name = (found[1] ?? "").toLowerCase();
    const value = found[2] ?? found[3] ?? "";
    if (allowed.includes(name) && safeAttribute(tag, name, value)) attributes.push(` ${name}="${value}"`);
  }
  return `<${tag}${attributes.join("")}>`;
}

export function sanitizeRichText(html: string): string {
  const withoutDangerous = html.replace(droppedWithContent, "").replace(/<!--[\s\S]*?-->/g, "");
  let out = "";
  let last = 0;
  for (const found of withoutDangerous.matchAll(/<\/?[a-z][^<>]*>/gi)) {
    const index = found.index ?? 0;
    out += escapeText(withoutDangerous.slice(last, index)) + rebuildTag(found[0]);
    last = index + found[0].length;
  }
  return out + escapeText(withoutDangerous.slice(last));
}

/** Plain text of a rich title, for option labels in statistics and for piping into other titles. */
export function richTextToPlain(html: string): string {
  return html
    .replace(droppedWithContent, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/**
 * One line of a rich text's plain text, at most `max` characters (… at the cut): page heads, share cards.
 * Markup with no text at all (`<script>…`) is kept as typed, for the caller to escape.
 */
export function plainExcerpt(html: string, max: number): string {
  const text = (richTextToPlain(html).trim() || html).replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
