import { useQuery } from "@tanstack/react-query";
import { Switch, Typography } from "antd";
import { questionaryApi } from "../../../../api/questionary.ts";
import { designerKeys } from "../../hooks/use-reload.ts";
import { settingsAutosave } from "../../hooks/use-settings-autosave.ts";
import { useEditor } from "../../store/use-editor.ts";

/**
 * 开放练习 (刷题): anyone with the practice link answers the published questions one at a time and sees the
 * correct answer and 答案解析 after each. A 问卷设置 like 切屏次数限制: it applies without re-publishing.
 */
export function PracticeShare() {
  const id = useEditor((state) => state.meta?.id ?? 0);
  const publicId = useEditor((state) => state.meta?.publicId ?? "");
  const query = useQuery({
    queryKey: designerKeys.settings(id),
    queryFn: ({ signal }) => questionaryApi.getQuestionarySet(id, { signal }),
    enabled: id > 0,
  });
  const open = query.data?.practiceOpen ?? false;
  const link = `${window.location.origin}/practice/${publicId}`;
  return (
    <>
      <div className="dd-field">
        <span className="dd-field__label" id="practice-open-label">
          开放练习
        </span>
        <Switch
          size="small"
          aria-labelledby="practice-open-label"
          disabled={!query.data}
          checked={open}
          onChange={(on) => settingsAutosave()?.change({ practiceOpen: on })}
        />
      </div>
      <p className="dd-hint">开放后，任何人可通过练习链接逐题作答，并立即看到正确答案和解析（需先发布）。</p>
      {open && publicId && (
        <Typography.Paragraph
          className="dd-hint"
          copyable={{ text: link, tooltips: ["复制练习链接", "已复制"] }}
        >
          练习链接：{link}
        </Typography.Paragraph>
      )}
    </>
  );
}
