import { sanitizeRichText } from "@wjgj/core";
import { type ClipboardEvent, type KeyboardEvent, useLayoutEffect, useRef } from "react";

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

/** contentEditable leaves a lone <br> behind when emptied; that is an empty title, not a line break. */
function normalise(html: string): string {
  return html === "<br>" || html === "<div><br></div>" ? "" : html;
}

/**
 * Edits a title in place, in the rich-text subset core allows (Ctrl+B/I/U work natively). The element is
 * uncontrolled while typing — re-rendering it from props would move the caret — and is rewritten only
 * when the value changes from outside (undo, redo, a reload).
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
  const ref = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || value === emitted.current) return;
    // Drafts come from the server and from other clients: only core's subset ever reaches the DOM.
    element.innerHTML = sanitizeRichText(value);
    emitted.current = value;
  }, [value]);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!autoFocus || !element) return;
    element.focus();
    // Put the caret at the end, where one continues typing.
    const range = document.createRange();
    range.selectNodeContents(element);
    range.collapse(false);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }, [autoFocus]);

  const handleInput = () => {
    const html = normalise(ref.current?.innerHTML ?? "");
    emitted.current = html;
    onChange(html);
  };

  const handleBlur = () => {
    const html = emitted.current ?? value;
    const clean = sanitizeRichText(html);
    if (clean !== html) {
      emitted.current = null;
      onChange(clean);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLDivElement>) => {
    // Pasted HTML from Word or web pages carries styles and tags outside the subset: keep the text only.
    event.preventDefault();
    document.execCommand("insertText", false, event.clipboardData.getData("text/plain"));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Enter" && onEnter && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onEnter();
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a rich-text field has no native element.
    <div
      ref={ref}
      role="textbox"
      tabIndex={0}
      aria-label={ariaLabel}
      aria-multiline={!onEnter}
      contentEditable
      suppressContentEditableWarning
      spellCheck={false}
      data-placeholder={placeholder}
      className={`dd-editable ${className ?? ""}`}
      onInput={handleInput}
      onBlur={handleBlur}
      onPaste={handlePaste}
      onKeyDown={handleKeyDown}
    />
  );
}
