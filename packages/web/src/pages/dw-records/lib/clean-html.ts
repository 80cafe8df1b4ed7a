/**
 * The editor's copy of the server's rich-text allow-list (server security/sanitize.ts). The server's is
 * the one that protects the site; this one keeps pasted or hand-written HTML from running in the admin's
 * own page while it is edited: it is parsed in an inert document and only known-safe parts are moved in.
 */

const ALLOWED = new Set([
  "P",
  "H2",
  "H3",
  "H4",
  "UL",
  "OL",
  "LI",
  "BLOCKQUOTE",
  "STRONG",
  "EM",
  "U",
  "S",
  "CODE",
  "PRE",
  "HR",
  "BR",
  "TABLE",
  "THEAD",
  "TBODY",
  "TR",
  "TH",
  "TD",
  "A",
  "IMG",
]);

/** Dropped together with what they contain: code or foreign documents, not prose. */
const DROPPED = new Set([
  "SCRIPT",
  "STYLE",
  "TEXTAREA",
  "NOSCRIPT",
  "IFRAME",
  "OBJECT",
  "EMBED",
  "SVG",
  "MATH",
  "TEMPLATE",
  "TITLE",
  "HEAD",
]);

const RENAMED: Record<string, string> = {
  B: "STRONG",
  I: "EM",
  DEL: "S",
  STRIKE: "S",
  H1: "H2",
  H5: "H4",
  H6: "H4",
};

const LINK = /^(?:https?:\/\/|mailto:)[^\s"'<>\\]+$/i;
const IMAGE = /^(?:https?:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*)$/i;

function copyInto(source: Node, target: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ""));
      continue;
    }
    if (!(child instanceof Element)) continue;
    const tag = child.tagName.toUpperCase();
    if (DROPPED.has(tag)) continue;
    const name = RENAMED[tag] ?? tag;
    if (!ALLOWED.has(name)) {
      // Unknown wrappers (div, span, font…) give way to their content.
      copyInto(child, target, doc);
      continue;
    }
    const element = doc.createElement(name.toLowerCase());
    if (name === "A") {
      const href = child.getAttribute("href")?.trim() ?? "";
      if (!LINK.test(href)) {
        copyInto(child, target, doc);
        continue;
      }
      element.setAttribute("href", href);
      element.setAttribute("target", "_blank");
      element.setAttribute("rel", "noopener noreferrer nofollow");
    } else if (name === "IMG") {
      const src = child.getAttribute("src")?.trim() ?? "";
      if (!IMAGE.test(src)) continue;
      element.setAttribute("src", src);
      element.setAttribute("alt", child.getAttribute("alt") ?? "");
    }
    copyInto(child, element, doc);
    target.appendChild(element);
  }
}

/** Word marks list paragraphs with an mso-list style (or its list classes) instead of <ul>/<ol>. */
function isWordListItem(node: Element | null): node is HTMLElement {
  if (node?.tagName !== "P") return false;
  return /mso-list\s*:/i.test(node.getAttribute("style") ?? "") || /^MsoListParagraph/.test(node.className);
}

/**
 * Word's lists arrive as runs of paragraphs, each starting with a typed bullet or number in a span Word
 * marks `mso-list:Ignore`. Each run becomes a real list (ordered when its first marker is a number), so
 * pasting from Word keeps lists as lists.
 */
function wordListsToLists(body: HTMLElement): void {
  for (const first of Array.from(body.querySelectorAll("p"))) {
    if (!first.isConnected || !isWordListItem(first) || isWordListItem(first.previousElementSibling))
      continue;
    const run: HTMLElement[] = [];
    for (let node: Element | null = first; isWordListItem(node); node = node.nextElementSibling)
      run.push(node);
    const marker = first.querySelector('[style*="mso-list"]')?.textContent?.trim() ?? "";
    const list = body.ownerDocument.createElement(
      /^[(（]?[0-9a-zA-Z一二三四五六七八九十]+[.、)）]/.test(marker) ? "ol" : "ul",
    );
    first.before(list);
    for (const paragraph of run) {
      for (const ignored of Array.from(paragraph.querySelectorAll('[style*="mso-list"]'))) ignored.remove();
      const item = body.ownerDocument.createElement("li");
      item.append(...Array.from(paragraph.childNodes));
      list.append(item);
      paragraph.remove();
    }
  }
}

/** HTML limited to the allow-list: no scripts, handlers, styles or unsafe addresses. */
export function cleanHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  wordListsToLists(parsed.body);
  const out = document.implementation.createHTMLDocument("");
  const root = out.createElement("div");
  copyInto(parsed.body, root, out);
  return root.innerHTML;
}
