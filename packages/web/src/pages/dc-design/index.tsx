import { useQuery } from "@tanstack/react-query";
import { questionnaireKindNouns } from "@wjgj/core";
import { Button, Result, Spin } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { questionaryApi } from "../../api/questionary.ts";
import { usePageTitle } from "../../website/use-page-title.ts";
import { Canvas } from "./components/canvas/canvas.tsx";
import { DesignerDnd } from "./components/canvas/designer-dnd.tsx";
import { DialogHost } from "./components/dialog-host.tsx";
import { LeftPanel } from "./components/left-panel.tsx";
import { MobileBar } from "./components/mobile-bar.tsx";
import { ReadOnlyDesigner } from "./components/read-only-designer.tsx";
import { SidePanel } from "./components/side-panel.tsx";
import { TopBar } from "./components/top-bar.tsx";
import { useAutosave } from "./hooks/use-autosave.ts";
import { useLeaveGuard } from "./hooks/use-leave-guard.ts";
import { designerKeys } from "./hooks/use-reload.ts";
import { useSettingsAutosave } from "./hooks/use-settings-autosave.ts";
import { useUndoShortcuts } from "./hooks/use-shortcuts.ts";
import { useValidation } from "./hooks/use-validation.ts";
import { uiActions, useUi } from "./store/ui-store.ts";
import { editorActions, useEditor } from "./store/use-editor.ts";
import "./dc-design.css";
import "./dc-design-phone.css";

/**
 * Autosave, re-checking, shortcuts and the leave guard. A component of its own that renders nothing, so
 * their state (dirty, saved) never re-renders the workspace — and with it 500 sortable cards.
 */
function DesignerEffects() {
  useAutosave(true);
  useSettingsAutosave();
  useValidation(true);
  useUndoShortcuts(true);
  useLeaveGuard();
  return null;
}

/**
 * Subscribes to nothing that changes per keystroke: only the canvas and panels re-render while typing.
 * The template designer passes its own top bar and effects (autosave through template/updateTemplate).
 */
export function DesignerWorkspace({
  topBar = <TopBar />,
  effects = <DesignerEffects />,
}: {
  topBar?: ReactNode;
  effects?: ReactNode;
}) {
  // Only the phone layout reads it (CSS): which of the three columns fills the screen.
  const pane = useUi((state) => state.mobilePane);
  return (
    <>
      {effects}
      {topBar}
      <div className="dd-body" data-pane={pane}>
        <DesignerDnd>
          <LeftPanel />
          <Canvas />
        </DesignerDnd>
        <SidePanel />
      </div>
      <MobileBar />
      <DialogHost />
    </>
  );
}

/** 设计问卷 (/dc/dcDesign?id=…): the questionnaire editor, full screen above the console layout. */
export function DcDesignPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get("id"));
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: designerKeys.detail(id),
    queryFn: ({ signal }) => questionaryApi.getQuestionaryDetail(id, { signal }),
    enabled: valid,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [loadedAt, setLoadedAt] = useState(0);
  const loadedId = useEditor((state) => state.meta?.id);
  // A member whose role may not edit gets the questionnaire read-only, never loaded into the editor.
  const readOnly = query.data !== undefined && !query.data.permissions.includes("edit");
  // The tab names what is edited: 设计考试, or 查看表单 for a member who may only look.
  usePageTitle(query.data ? `${readOnly ? "查看" : "设计"}${questionnaireKindNouns[query.data.kind]}` : null);

  useEffect(() => {
    // Loaded once per fetch: later refetches (刷新 after a conflict) load explicitly.
    if (!query.data || readOnly || query.dataUpdatedAt === loadedAt) return;
    editorActions().load(query.data);
    uiActions().closeDialog();
    setLoadedAt(query.dataUpdatedAt);
  }, [query.data, query.dataUpdatedAt, loadedAt, readOnly]);

  let content: React.ReactNode;
  if (!valid || (query.error instanceof ApiError && query.error.code === 404)) {
    content = (
      <Result
        status="404"
        title="问卷不存在"
        subTitle="链接可能有误，或问卷已被删除。"
        extra={
          <Button type="primary" onClick={() => navigate("/dc/dclist")}>
            返回我的问卷
          </Button>
        }
      />
    );
  } else if (query.error) {
    content = (
      <Result
        status="error"
        title="问卷加载失败"
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>重试</Button>}
      />
    );
  } else if (query.data && readOnly) {
    content = <ReadOnlyDesigner detail={query.data} />;
  } else if (!query.data || loadedId !== id || loadedAt === 0) {
    content = (
      <Spin size="large" className="dd-loading" tip="正在打开问卷…">
        <div />
      </Spin>
    );
  } else {
    content = <DesignerWorkspace />;
  }
  return (
    <div className="dd-root" data-testid="designer">
      {content}
    </div>
  );
}
