import type { Extensions } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";

/** Links may only point at web pages or mail; anything else (javascript:, data:) is not a link. */
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

function link(kind: "article" | "inline") {
  return {
    openOnClick: false,
    autolink: true,
    defaultProtocol: "https",
    // Articles open links in a new tab, as the server's sanitiser writes them; titles and descriptions
    // carry the address only (core's subset allows nothing else on a link).
    HTMLAttributes:
      kind === "article"
        ? { target: "_blank", rel: "noopener noreferrer nofollow", class: null }
        : { target: null, rel: null, class: null },
    isAllowedUri: (url: string) => SAFE_LINK.test(url),
  };
}

/**
 * What each editor's document may hold. Pasted HTML (Word, WeChat articles, web pages) is parsed into this
 * schema, so everything outside it — styles, classes, spans, fonts, tables, scripts — is dropped by the parse
 * itself; the server's allow-list still sanitises what is saved.
 */
export function richTextExtensions(kind: "article" | "inline", placeholder?: string): Extensions {
  const common = {
    link: link(kind),
    // The designer has its own undo history (one step per typing burst) and the CMS form has none to keep
    // in step: the editor must not swallow Ctrl+Z.
    undoRedo: false as const,
    code: false as const,
    codeBlock: false as const,
    trailingNode: false as const,
  };
  const kit =
    kind === "article"
      ? StarterKit.configure({ ...common, heading: { levels: [2, 3, 4] } })
      : StarterKit.configure({
          ...common,
          heading: false,
          blockquote: false,
          horizontalRule: false,
        });
  const extensions: Extensions = [kit, Image.configure({ inline: kind === "inline", allowBase64: false })];
  if (placeholder) extensions.push(Placeholder.configure({ placeholder }));
  return extensions;
}
