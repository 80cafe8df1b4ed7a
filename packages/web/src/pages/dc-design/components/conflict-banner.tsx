import { Alert, App, Button, Space } from "antd";
import { autosave } from "../hooks/use-autosave.ts";
import { useKindNoun } from "../hooks/use-kind-noun.ts";
import { useReloadFromServer } from "../hooks/use-reload.ts";
import { useSaveAsNewDraft } from "../hooks/use-save-as-new-draft.ts";
import { useEditor } from "../store/use-editor.ts";

/**
 * A save that failed stays visible above the canvas until it is resolved. On a conflict the author picks:
 * 重新加载 loads the other version (after confirming that local edits go), 另存为新草稿 keeps the local
 * draft as a questionnaire of its own, 覆盖 saves the local draft over the other version.
 */
export function ConflictBanner() {
  const phase = useEditor((state) => state.save.phase);
  const error = useEditor((state) => state.save.error);
  const fieldErrors = useEditor((state) => state.save.fieldErrors);
  const reload = useReloadFromServer();
  const saveAsNew = useSaveAsNewDraft();
  const noun = useKindNoun();
  const { modal } = App.useApp();

  if (phase === "conflict") {
    const handleReload = () =>
      modal.confirm({
        title: "载入服务器上的版本？",
        content: "本页尚未保存的修改将被放弃，且无法撤销。",
        okText: "重新加载",
        okButtonProps: { danger: true },
        cancelText: "取消",
        onOk: reload,
      });
    return (
      <Alert
        className="dd-banner"
        type="warning"
        showIcon
        data-testid="conflict-banner"
        title={`${noun}已在其他窗口或设备上修改`}
        description={`您在此页的修改尚未保存。可以重新加载最新版本（放弃本页修改）、把本页内容另存为新的草稿${noun}，或用本页内容覆盖服务器上的版本。`}
        action={
          <Space orientation="vertical">
            <Button size="small" onClick={handleReload}>
              重新加载
            </Button>
            <Button
              size="small"
              loading={saveAsNew.saving}
              onClick={() => void saveAsNew.save()}
              data-testid="save-as-new-draft"
            >
              另存为新草稿
            </Button>
            <Button size="small" type="primary" danger onClick={() => void autosave()?.overwrite()}>
              覆盖
            </Button>
          </Space>
        }
      />
    );
  }
  if (phase === "error") {
    return (
      <Alert
        className="dd-banner"
        type="error"
        showIcon
        title={`保存失败：${error ?? "请稍后重试"}`}
        description={
          fieldErrors.length > 0
            ? fieldErrors.map((item) => item.message).join("；")
            : "修改仍保留在本页，恢复连接后会自动重试。"
        }
        action={
          <Button size="small" onClick={() => void autosave()?.flush()}>
            重试
          </Button>
        }
      />
    );
  }
  return null;
}
