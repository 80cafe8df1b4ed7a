import { AppstoreAddOutlined, FileTextOutlined, SettingOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { useKindNoun } from "../hooks/use-kind-noun.ts";
import { type MobilePane, uiActions, useUi } from "../store/ui-store.ts";

/** The three panes; the canvas is named after what is edited (编辑考试). */
const panesFor = (noun: string): { key: MobilePane; label: string; icon: ReactNode }[] => [
  { key: "palette", label: "添加题目", icon: <AppstoreAddOutlined aria-hidden /> },
  { key: "canvas", label: `编辑${noun}`, icon: <FileTextOutlined aria-hidden /> },
  { key: "settings", label: "设置", icon: <SettingOutlined aria-hidden /> },
];

/**
 * The designer's bottom bar on a phone (as on wjx): the palette, the canvas and the settings each take the
 * whole screen, one at a time. Hidden by CSS on wider screens, where all three sit side by side.
 */
export function MobileBar() {
  const pane = useUi((state) => state.mobilePane);
  const noun = useKindNoun();
  return (
    <nav className="dd-mobile-bar" aria-label="切换设计区域" data-testid="designer-mobile-bar">
      {panesFor(noun).map((item) => (
        <button
          key={item.key}
          type="button"
          className={`dd-mobile-bar__item${pane === item.key ? " dd-mobile-bar__item--active" : ""}`}
          aria-pressed={pane === item.key}
          onClick={() => uiActions().setMobilePane(item.key)}
        >
          {item.icon}
          <span>{item.label}</span>
        </button>
      ))}
    </nav>
  );
}
