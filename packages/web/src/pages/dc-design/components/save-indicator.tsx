import {
  CheckCircleFilled,
  CloudSyncOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
} from "@ant-design/icons";
import { saveIndicatorOf } from "../store/save-state.ts";
import { useEditor } from "../store/use-editor.ts";

const texts = {
  saved: "已保存",
  dirty: "未保存",
  saving: "保存中…",
  conflict: "保存冲突",
  error: "保存失败",
} as const;

/** The save state, always visible in the top bar. */
export function SaveIndicator() {
  const indicator = useEditor(saveIndicatorOf);
  const savedAt = useEditor((state) => state.save.savedAt);
  const icon = {
    saved: <CheckCircleFilled />,
    dirty: <CloudSyncOutlined />,
    saving: <LoadingOutlined />,
    conflict: <ExclamationCircleFilled />,
    error: <ExclamationCircleFilled />,
  }[indicator];
  return (
    <span
      className={`dd-save dd-save--${indicator}`}
      data-testid="save-indicator"
      data-state={indicator}
      title={indicator === "saved" && savedAt ? `保存于 ${savedAt}` : undefined}
      aria-live="polite"
    >
      {icon} <span className="dd-save__text">{texts[indicator]}</span>
    </span>
  );
}
