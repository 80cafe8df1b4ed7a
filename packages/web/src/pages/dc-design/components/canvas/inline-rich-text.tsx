import { EditorContent } from "@tiptap/react";
import { sanitizeRichText } from "@wjgj/core";
import { useRichTextEditor } from "../../../../components/rich-text/use-rich-text-editor.ts";

/**
 * An edit reaches the designer's store once typing pauses this long: each reported edit re-renders the
 * questionnaire (1,000 questions and more), which between keys would hold back the typed character's paint.
 */
export const EDIT_REPORT_DELAY_MS = 150;

interface InlineRichTextProps {
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  className?: string;
  /** Single-line fields (option labels) end editing on Enter instead of inserting a line break. */
  onEnter?: () => void;
  autoFocus?: boolean;
  ariaLabel: string;
}

/**
 * Edits a title or description in place, in core's rich-text subset (Ctrl+B/I/U). The shared Tiptap editor
 * parses pasted HTML into that subset — paragraphs, lists, links, images and emphasis survive, Word's and
 * WeChat's styling does not.
 */
export function InlineRichText({
  value,
  onChange,
  placeholder,
  className,
  onEnter,
  autoFocus,
  ariaLabel,
}: InlineRichTextProps) {
  const editor = useRichTextEditor({
    kind: "inline",
    value,
    onChange,
    sanitize: sanitizeRichText,
    ariaLabel,
    className: `dd-editable ${className ?? ""}`.trim(),
    placeholder,
    onEnter,
    autoFocus,
    deferMs: EDIT_REPORT_DELAY_MS,
  });
  return <EditorContent editor={editor} className="dd-editable-host" />;
}
