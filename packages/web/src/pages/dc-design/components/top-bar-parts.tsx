import {
  ArrowLeftOutlined,
  DesktopOutlined,
  EyeOutlined,
  MobileOutlined,
  RedoOutlined,
  UndoOutlined,
} from "@ant-design/icons";
import { richTextToPlain } from "@wjgj/core";
import { Button, Dropdown, Input, Tooltip } from "antd";
import { useNavigate } from "react-router";
import { editorActions, useEditor } from "../store/use-editor.ts";

/*
 * The pieces both designers' top bars (questionnaire and template) share: they edit the same draft through
 * the same editor store, so going back, the name and undo/redo behave alike; what each bar offers besides
 * (发布 and 分享, or 提交审核) stays in its own bar.
 */

/** Plain text typed in the top bar is stored escaped, since the title field holds the rich-text subset. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const isMac = typeof navigator !== "undefined" && /Mac/i.test(navigator.platform);
const mod = isMac ? "⌘" : "Ctrl+";

export function TopBarBack({ tooltip, to }: { tooltip: string; to: string }) {
  const navigate = useNavigate();
  return (
    <Tooltip title={tooltip}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回" onClick={() => navigate(to)} />
    </Tooltip>
  );
}

/** The draft's title, typed in place. */
export function TopBarTitle({
  label,
  placeholder,
  maxLength,
}: {
  label: string;
  placeholder: string;
  maxLength: number;
}) {
  const title = useEditor((state) => state.draft?.title ?? "");
  return (
    <div className="dd-topbar__title">
      <Input
        variant="borderless"
        aria-label={label}
        value={richTextToPlain(title)}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(event) => editorActions().setTitle(escapeText(event.target.value))}
      />
    </div>
  );
}

/** 撤销 / 重做; the tooltips name the keys because both designers bind them (hooks/use-shortcuts.ts). */
export function UndoRedoButtons() {
  const canUndo = useEditor((state) => state.history.past.length > 0);
  const canRedo = useEditor((state) => state.history.future.length > 0);
  return (
    <>
      <Tooltip title={`撤销（${mod}Z）`}>
        <Button
          type="text"
          icon={<UndoOutlined />}
          aria-label="撤销"
          disabled={!canUndo}
          onClick={() => editorActions().undo()}
        />
      </Tooltip>
      <Tooltip title={`重做（${mod}Shift+Z）`}>
        <Button
          type="text"
          icon={<RedoOutlined />}
          aria-label="重做"
          disabled={!canRedo}
          onClick={() => editorActions().redo()}
        />
      </Tooltip>
    </>
  );
}

/** 预览: the questionnaire as respondents see it on a computer or a phone, in a new tab (/y/{id}/{type}). */
export function PreviewMenu({ publicId }: { publicId: string }) {
  return (
    <Dropdown
      menu={{
        items: [
          { key: "pc", icon: <DesktopOutlined />, label: "电脑端预览" },
          { key: "phone", icon: <MobileOutlined />, label: "手机端预览" },
        ],
        onClick: ({ key }) => window.open(`/y/${publicId}/${key}`, "_blank", "noopener"),
      }}
    >
      <Button icon={<EyeOutlined />} className="dd-topbar__action" aria-label="预览">
        预览
      </Button>
    </Dropdown>
  );
}
