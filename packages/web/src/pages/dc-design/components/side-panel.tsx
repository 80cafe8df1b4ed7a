import { Badge, Tabs } from "antd";
import { useDesignerMode } from "../designer-mode.ts";
import { type SideTab, uiActions, useUi } from "../store/ui-store.ts";
import { useEditor } from "../store/use-editor.ts";
import { ProblemsPanel } from "./problems-panel.tsx";
import { CollectSettings } from "./settings/collect-settings.tsx";
import { EngineSettings } from "./settings/engine-settings.tsx";
import { QuestionSettings } from "./settings/question-settings.tsx";

/** Right panel: the selected question's settings, the questionnaire's settings, and the problems list. */
export function SidePanel() {
  const tab = useUi((state) => state.sideTab);
  const mode = useDesignerMode();
  const errorCount = useEditor((state) => state.issues.filter((issue) => issue.level === "error").length);
  const warningCount = useEditor((state) => state.issues.length) - errorCount;
  return (
    <aside className="dd-side" aria-label="设置">
      <Tabs
        activeKey={tab}
        onChange={(key) => uiActions().setSideTab(key as SideTab)}
        centered
        destroyOnHidden
        items={[
          { key: "question", label: "题目设置", children: <QuestionSettings /> },
          {
            key: "survey",
            label: mode?.settingsLabel ?? "问卷设置",
            children: (
              <div className="dd-settings">
                {mode ? mode.settings : null}
                <EngineSettings />
                {mode ? null : <CollectSettings />}
              </div>
            ),
          },
          {
            key: "problems",
            label: (
              <Badge
                count={errorCount || warningCount}
                color={errorCount ? "#ff4d4f" : "#faad14"}
                size="small"
                offset={[8, -2]}
              >
                问题
              </Badge>
            ),
            children: <ProblemsPanel />,
          },
        ]}
      />
    </aside>
  );
}
