import { EditorContent } from "@tiptap/react";
import { Button, Input, Space, Tooltip } from "antd";
import { type MouseEvent, useState } from "react";
import { useRichTextEditor } from "../../../components/rich-text/use-rich-text-editor.ts";
import { cleanHtml } from "../lib/clean-html.ts";
import { PromptButton } from "./prompt-button.tsx";

interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  "aria-label"?: string;
}

const LINK = /^(?:https?:\/\/|mailto:)[^\s"'<>\\]+$/i;
const IMAGE = /^(?:https?:\/\/|\/)[^\s"'<>\\]+$/i;

/**
 * A formatting button must not take focus from the editor: if it did, the editor would blur on mousedown
 * and Tiptap's focus() would give focus back only in the next animation frame, so keys typed right after
 * the click (加粗, then 重点) were lost or landed before the previous character.
 */
const keepEditorFocus = (event: MouseEvent) => event.preventDefault();

/**
 * The admin's article editor (news, help articles): the shared Tiptap editor with headings, lists, links
 * and images by address, plus an HTML view. Stored content and pastes pass the editor's allow-list before
 * they are parsed, the parse keeps only what the schema holds, and the server sanitises again on save.
 */
export function RichTextEditor({ value = "", onChange, id, ...rest }: RichTextEditorProps) {
  const [source, setSource] = useState(false);
  const editor = useRichTextEditor({
    kind: "article",
    value,
    onChange: (html) => onChange?.(html),
    sanitize: cleanHtml,
    ariaLabel: rest["aria-label"] ?? "正文",
    className: "wj-rte__area",
    id,
  });

  const chain = () => editor?.chain().focus();

  const handleLink = (url: string) => {
    if (!LINK.test(url)) return "链接需以 http://、https:// 或 mailto: 开头";
    if (!editor) return null;
    if (editor.state.selection.empty) {
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
    }
    return null;
  };

  const handleImage = (url: string) => {
    if (!IMAGE.test(url)) return "图片地址需以 http:// 或 https:// 开头，或为本站路径";
    editor?.chain().focus().setImage({ src: url, alt: "" }).run();
    return null;
  };

  return (
    <div className="wj-rte" data-testid="rich-text-editor">
      <Space size={4} wrap className="wj-rte__toolbar">
        <Tooltip title="加粗">
          <Button
            size="small"
            disabled={source}
            onMouseDown={keepEditorFocus}
            onClick={() => chain()?.toggleBold().run()}
            aria-label="加粗"
          >
            <b>B</b>
          </Button>
        </Tooltip>
        <Tooltip title="斜体">
          <Button
            size="small"
            disabled={source}
            onMouseDown={keepEditorFocus}
            onClick={() => chain()?.toggleItalic().run()}
            aria-label="斜体"
          >
            <i>I</i>
          </Button>
        </Tooltip>
        <Button
          size="small"
          disabled={source}
          onMouseDown={keepEditorFocus}
          onClick={() => chain()?.toggleHeading({ level: 2 }).run()}
        >
          标题
        </Button>
        <Button
          size="small"
          disabled={source}
          onMouseDown={keepEditorFocus}
          onClick={() => chain()?.toggleHeading({ level: 3 }).run()}
        >
          小标题
        </Button>
        <Button
          size="small"
          disabled={source}
          onMouseDown={keepEditorFocus}
          onClick={() => chain()?.setParagraph().run()}
        >
          正文
        </Button>
        <Button
          size="small"
          disabled={source}
          onMouseDown={keepEditorFocus}
          onClick={() => chain()?.toggleBulletList().run()}
        >
          • 列表
        </Button>
        <Button
          size="small"
          disabled={source}
          onMouseDown={keepEditorFocus}
          onClick={() => chain()?.toggleOrderedList().run()}
        >
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
        <Button size="small" type={source ? "primary" : "default"} onClick={() => setSource(!source)}>
          HTML
        </Button>
      </Space>
      {source && (
        <Input.TextArea
          aria-label={`${rest["aria-label"] ?? "正文"} HTML`}
          className="wj-rte__source"
          value={value}
          autoSize={{ minRows: 10, maxRows: 24 }}
          onChange={(event) => onChange?.(event.target.value)}
        />
      )}
      {/* Kept mounted under the HTML view, so returning to it shows the edited source. */}
      <EditorContent editor={editor} hidden={source} />
    </div>
  );
}
