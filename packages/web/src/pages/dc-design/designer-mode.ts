import { createContext, type ReactNode, useContext } from "react";

/**
 * What the designer edits: a questionnaire (publishing, collection settings, sharing) or a template
 * (/dc/createTemplate: the same canvas and logic, no publishing or answering; its own settings panel).
 */
export interface DesignerMode {
  kind: "questionnaire" | "template";
  /** The settings tab's label and what it shows below the engine settings (collection or template info). */
  settingsLabel: string;
  settings: ReactNode;
}

export const DesignerModeContext = createContext<DesignerMode | null>(null);

/** Null inside the questionnaire designer, which provides no mode. */
export function useDesignerMode(): DesignerMode | null {
  return useContext(DesignerModeContext);
}
