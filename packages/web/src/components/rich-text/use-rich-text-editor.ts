import { type Editor, getHTMLFromFragment, isNodeEmpty } from "@tiptap/core";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { TextSelection } from "@tiptap/pm/state";
import { useEditor } from "@tiptap/react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { richTextExtensions } from "./extensions.ts";

export interface RichTextEditorOptions {
  kind: "article" | "inline";
  value: string;
  onChange: (html: string) => void;
  /** The allow-list applied to stored values before they are shown and to pasted HTML before it is parsed. */
  sanitize: (html: string) => string;
  ariaLabel: string;
  className: string;
  placeholder?: string;
  /** Single-line fields (titles) end editing on Enter; Shift+Enter still breaks the line. */
  onEnter?: () => void;
  autoFocus?: boolean;
  id?: string;
  /**
   * Report edits once typing pauses for this long (ms) instead of at every key: the designer re-renders a
   * large questionnaire on each reported edit, and doing it between keys would hold back the typed character's
   * paint (issue #37). Pending text is reported at once on blur, Enter, a shortcut (Ctrl/⌘+…, so undo sees it),
   * when the page is hidden and when the field goes away.
   */
  deferMs?: number;
}

const SINGLE_PARAGRAPH = /^<p>((?:(?!<\/?p>)[\s\S])*)<\/p>$/;

/**
 * The editor's HTML as the product stores it. Titles and descriptions that hold one paragraph are stored
 * without the <p> around it, as they always were, so a title edited here reads the same in statistics,
 * exports and piping as one typed before.
 */
function storedHtml(doc: ProseMirrorNode, kind: "article" | "inline"): string {
  if (isNodeEmpty(doc)) return "";
  const html = getHTMLFromFragment(doc.content, doc.type.schema);
  if (kind === "inline") {
    const single = SINGLE_PARAGRAPH.exec(html);
    if (single) return single[1] ?? "";
  }
  return html;
}

/**
 * One Tiptap editor for every rich-text field (the admin CMS and the designer). It reports each edit and is
 * rewritten only when the value changes from outside (undo, a reload), never by the echo of its own edit,
 * which would move the caret while the author types.
 */
export function useRichTextEditor(options: RichTextEditorOptions): Editor | null {
  const { kind, value, sanitize } = options;
  const latest = useRef(options);
  latest.current = options;
  const emitted = useRef<string>(value);
  // The document typed and not reported yet (deferMs), kept at each edit and turned into HTML only when it is
  // reported: serialising at every key cost the keystroke's frame time (issue #37). A document never
  // changes once made, and reads the same after the editor is gone.
  const pending = useRef<{ doc: ProseMirrorNode; timer: ReturnType<typeof setTimeout> } | null>(null);
  const report = (html: string) => {
    emitted.current = html;
    latest.current.onChange(html);
  };
  const drop = () => {
    const waiting = pending.current;
    pending.current = null;
    if (waiting) clearTimeout(waiting.timer);
    window.removeEventListener("pagehide", flush);
    return waiting;
  };
  /** Reports text still waiting (stable: also the page-hide listener). */
  const flush = useRef(() => {
    const waiting = drop();
    if (waiting) report(storedHtml(waiting.doc, latest.current.kind));
  }).current;

  const editor = useEditor({
    extensions: richTextExtensions(kind, options.placeholder),
    content: sanitize(value),
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-label": options.ariaLabel,
        "aria-multiline": String(!options.onEnter),
        class: options.className,
        spellcheck: "false",
        ...(options.id ? { id: options.id } : {}),
      },
      transformPastedHTML: (html) => latest.current.sanitize(html),
      handleKeyDown: (_view, event) => {
        if (event.ctrlKey || event.metaKey || event.key === "Enter") flush();
        const onEnter = latest.current.onEnter;
        if (event.key !== "Enter" || event.shiftKey || !onEnter || event.isComposing) return false;
        event.preventDefault();
        onEnter();
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      const doc = current.state.doc;
      const deferMs = latest.current.deferMs;
      if (!deferMs) return report(storedHtml(doc, latest.current.kind));
      if (pending.current) clearTimeout(pending.current.timer);
      else window.addEventListener("pagehide", flush);
      pending.current = { doc, timer: setTimeout(flush, deferMs) };
    },
    onBlur: flush,
  });

  // The field goes away (its card deselected, the page left): what was typed is reported first.
  useEffect(() => flush, [flush]);

  // Focus at the end in the same commit that mounts the editor (EditorContent attaches it in its own
  // componentDidMount, which runs first): Tiptap's autofocus waits for a frame, and keys typed right after
  // the click that opened the editor would be lost.
  const autoFocus = options.autoFocus;
  useLayoutEffect(() => {
    if (!autoFocus || !editor || editor.isDestroyed) return;
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.atEnd(editor.state.doc)));
    editor.view.focus();
  }, [autoFocus, editor]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: drop touches refs only (the same every render)
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    // Changed from outside (undo, a reload, another author): that value wins over text not yet reported.
    drop();
    emitted.current = value;
    editor.commands.setContent(sanitize(value), { emitUpdate: false });
  }, [editor, value, sanitize]);

  return editor;
}
