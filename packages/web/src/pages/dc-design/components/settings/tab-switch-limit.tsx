import { useQuery } from "@tanstack/react-query";
import { InputNumber } from "antd";
import { questionaryApi } from "../../../../api/questionary.ts";
import { designerKeys } from "../../hooks/use-reload.ts";
import { settingsAutosave } from "../../hooks/use-settings-autosave.ts";
import { useEditor } from "../../store/use-editor.ts";

/**
 * 切屏次数限制: an exam rule, so it sits with the exam settings; it is stored with the 问卷设置 (it applies
 * without re-publishing) and saves itself like them.
 */
export function TabSwitchLimit() {
  const id = useEditor((state) => state.meta?.id ?? 0);
  const query = useQuery({
    queryKey: designerKeys.settings(id),
    queryFn: ({ signal }) => questionaryApi.getQuestionarySet(id, { signal }),
    enabled: id > 0,
  });
  return (
    <div className="dd-field">
      <span className="dd-field__label" id="tab-switch-limit-label">
        切屏次数限制
      </span>
      <InputNumber
        aria-labelledby="tab-switch-limit-label"
        min={0}
        max={100}
        precision={0}
        placeholder="不限"
        disabled={!query.data}
        // The cache holds the change at once (settingsAutosave), so the field stays controlled by it.
        value={query.data?.tabSwitchLimit || null}
        onChange={(limit) => settingsAutosave()?.change({ tabSwitchLimit: limit ?? 0 })}
      />
    </div>
  );
}
