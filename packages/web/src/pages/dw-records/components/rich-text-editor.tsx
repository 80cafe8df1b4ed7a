import { Button, Input, Space, Tooltip } from "antd";
import { type ClipboardEvent, useEffect, useRef, useState } from "react";
import { cleanHtml } from "../lib/clean-html.ts";
import { PromptButton } from "./prompt-button.tsx";

interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  "aria-label"?: string;
}

type Block = "h2" | "h3" | "p";

/** Runs one of the browser's editing commands on the selection inside the editor. */
function exec(command: string, argument?: string): void {
  document.execCommand(command, false, argument);
}

/**
 * A small rich-text editor without dependencies: a contenteditable area with bold, italic, headings,
 * lists, links and images by address, plus an HTML view. Everything that enters (stored content, paste,
 * the HTML view) passes the editor's allow-list first; the server sanitises again on save.
 */
export function RichTextEditor({ value = "", onChange, id, ...rest }: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(false);
  // What the area holds now, so a value that merely echoes our own edit does not reset the caret.
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const element = area.current;
    if (!element || source || value === shown.current) return;
    const clean = cleanHtml(value);
    element.innerHTML = clean;
    shown.current = value;
  }, [value, source]);

  const emit = () => {
    const html = area.current?.innerHTML ?? "";
    shown.current = html;
    onChange?.(html);
  };

  const run = (command: string, argument?: string) => {
    area.current?.focus();
    exec(command, argument);
    emit();
  };

  const handleBlock = (block: Block) => run("formatBlock", `<${block}>`);

  const handlePaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData("text/html");
    if (html) exec("insertHTML", cleanHtml(html));
    else exec("insertText", event.clipboardData.getData("text/plain"));
    emit();
  };

  const handleSourceToggle = () => {
    if (source) shown.current = null;
    setSource(!source);
  };

  // The caret's place is lost while a prompt has focus; it is kept here and put back before inserting.
  const saved = useRef<Range | null>(null);
  const keepSelection = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    saved.current = range && area.current?.contains(range.commonAncestorContainer) ? range : null;
  };
  const restoreSelection = () => {
    area.current?.focus();
    const selection = window.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
  };

  const handleLink = (url: string) => {
    restoreSelection();
    const clean = cleanHtml(`<a href="${url.replace(/"/g, "")}">${url.replace(/[<>&]/g, "")}</a>`);
    if (!clean.startsWith("<a ")) return "链接需以 http://、https:// 或 mailto: 开头";
    const selected = window.getSelection()?.toString() ?? "";
    if (selected) exec("createLink", url);
    else exec("insertHTML", clean);
    emit();
    return null;
  };

  const handleImage = (url: string) => {
    restoreSelection();
    const clean = cleanHtml(`<img src="${url.replace(/"/g, "")}" alt="">`);
    if (!clean) return "图片地址需以 http:// 或 https:// 开头，或为本站路径";
    exec("insertHTML", clean);
    emit();
    return null;
  };

  return (
    <div className="wj-rte" data-testid="rich-text-editor">
      <Space size={4} wrap className="wj-rte__toolbar" onMouseDown={keepSelection}>
        <Tooltip title="加粗">
          <Button size="small" disabled={source} onClick={() => run("bold")} aria-label="加粗">
            <b>B</b>
          </Button>
        </Tooltip>
        <Tooltip title="斜体">
          <Button size="small" disabled={source} onClick={() => run("italic")} aria-label="斜体">
            <i>I</i>
          </Button>
        </Tooltip>
        <Button size="small" disabled={source} onClick={() => handleBlock("h2")}>
          标题
        </Button>
        <Button size="small" disabled={source} onClick={() => handleBlock("h3")}>
          小标题
        </Button>
        <Button size="small" disabled={source} onClick={() => handleBlock("p")}>
          正文
        </Button>
        <Button size="small" disabled={source} onClick={() => run("insertUnorderedList")}>
          • 列表
        </Button>
        <Button size="small" disabled={source} onClick={() => run("insertOrderedList")}>
          1. 列表
        </Button>
        <PromptButton
          label="链接"
          title="插入链接"
          placeholder="https://"
          disabled={source}
          onSubmit={handleLink}
        />
        <PromptButton
          label="图片"
          title="插入图片（填写图片地址）"
          placeholder="https://…/image.png"
          disabled={source}
          onSubmit={handleImage}
        />
        <Button size="small" type={source ? "primary" : "default"} onClick={handleSourceToggle}>
          HTML
        </Button>
      </Space>
      {source ? (
        <Input.TextArea
          id={id}
          aria-label={rest["aria-label"] ?? "正文 HTML"}
          className="wj-rte__source"
          value={value}
          autoSize={{ minRows: 10, maxRows: 24 }}
          onChange={(event) => onChange?.(event.target.value)}
        />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a contenteditable area is the editor's text box
        <div
          id={id}
          ref={area}
          role="textbox"
          aria-multiline="true"
          aria-label={rest["aria-label"] ?? "正文"}
          tabIndex={0}
          className="wj-rte__area"
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          onBlur={emit}
          onPaste={handlePaste}
        />
      )}
    </div>
  );
}
