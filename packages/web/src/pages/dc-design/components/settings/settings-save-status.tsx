import { CheckCircleFilled, ExclamationCircleFilled, LoadingOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Space } from "antd";
import { refreshSettings, settingsAutosave } from "../../hooks/use-settings-autosave.ts";
import { useSettingsSave } from "../../store/settings-autosave.ts";
import { useEditor } from "../../store/use-editor.ts";

/** Where 保存设置 used to be: settings save themselves, and this line says how far that got. */
export function SettingsSaveStatus() {
  const phase = useSettingsSave((state) => state.phase);
  const error = useSettingsSave((state) => state.error);
  const id = useEditor((state) => state.meta?.id ?? 0);
  const queryClient = useQueryClient();
  const text = {
    saved: "设置修改后自动保存",
    pending: "设置未保存，稍后自动保存",
    saving: "正在保存设置…",
    error: `设置保存失败${error ? `：${error}` : ""}`,
    conflict: error ?? "问卷设置已在其他窗口或设备上修改",
  }[phase];
  const icon = {
    saved: <CheckCircleFilled />,
    pending: <LoadingOutlined />,
    saving: <LoadingOutlined />,
    error: <ExclamationCircleFilled />,
    conflict: <ExclamationCircleFilled />,
  }[phase];
  return (
    <div
      className={`dd-settings-save dd-settings-save--${phase}`}
      data-testid="settings-save-status"
      data-state={phase}
      aria-live="polite"
    >
      <span>
        {icon} {text}
      </span>
      {phase === "conflict" && (
        // The same two ways out as a conflict on the questions: take theirs, or keep mine.
        <Space size={8} className="dd-settings-save__actions">
          <Button size="small" onClick={() => refreshSettings(queryClient, id)}>
            刷新
          </Button>
          <Button size="small" type="primary" danger onClick={() => void settingsAutosave()?.overwrite()}>
            覆盖
          </Button>
        </Space>
      )}
    </div>
  );
}
