import { Tabs } from "antd";
import { type LeftTab, uiActions, useUi } from "../store/ui-store.ts";
import { OutlinePanel } from "./outline-panel.tsx";
import { PalettePanel } from "./palette-panel.tsx";

/** Left panel: the question types to add, and the outline (only rendered while open, it lists every question). */
export function LeftPanel() {
  const tab = useUi((state) => state.leftTab);
  return (
    <aside className="dd-left" aria-label="题型与大纲">
      <Tabs
        activeKey={tab}
        onChange={(key) => uiActions().setLeftTab(key as LeftTab)}
        centered
        destroyOnHidden
        items={[
          { key: "palette", label: "题型", children: <PalettePanel /> },
          { key: "outline", label: "大纲", children: <OutlinePanel /> },
        ]}
      />
    </aside>
  );
}
