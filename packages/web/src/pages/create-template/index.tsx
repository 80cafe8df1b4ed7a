import { useQuery } from "@tanstack/react-query";
import type { TemplateDetail } from "@wjgj/core";
import { Button, Result, Spin } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { templateKeys, templatesApi } from "../../api/templates.ts";
import { MY_TEMPLATES_PATH } from "../../components/save-as-template/index.tsx";
import { type DesignerMode, DesignerModeContext } from "../dc-design/designer-mode.ts";
import { useAutosave } from "../dc-design/hooks/use-autosave.ts";
import { useLeaveGuard } from "../dc-design/hooks/use-leave-guard.ts";
import { useUndoShortcuts } from "../dc-design/hooks/use-shortcuts.ts";
import { useValidation } from "../dc-design/hooks/use-validation.ts";
import { DesignerWorkspace } from "../dc-design/index.tsx";
import type { DesignerSource } from "../dc-design/store/editor-store.ts";
import { uiActions } from "../dc-design/store/ui-store.ts";
import { editorActions, useEditor } from "../dc-design/store/use-editor.ts";
import { NewTemplate } from "./new-template.tsx";
import { TemplateInfo } from "./template-info.tsx";
import { saveTemplateDraft } from "./template-save.ts";
import { useTemplateMeta } from "./template-store.ts";
import { TemplateTopBar } from "./template-top-bar.tsx";
import "./create-template.css";

/** A template as the editor loads it: no public link, never published. */
function asSource(detail: TemplateDetail): DesignerSource {
  return {
    id: detail.id,
    publicId: "",
    kind: detail.kind,
    status: "draft",
    hasUnpublishedChanges: false,
    definition: detail.definition,
    version: 0,
    updatedAt: detail.updatedAt,
    issues: [],
  };
}

function TemplateEffects() {
  useAutosave(true, saveTemplateDraft);
  useValidation(true);
  useUndoShortcuts(true);
  useLeaveGuard();
  return null;
}

const templateMode: DesignerMode = {
  kind: "template",
  settingsLabel: "模板设置",
  settings: <TemplateInfo />,
};

/**
 * 创建模板 (/dc/createTemplate, ?id=… to edit): the questionnaire designer in template mode. The questions
 * autosave through template/updateTemplate; 模板设置 holds the metadata; 提交审核 replaces 发布.
 */
export function CreateTemplatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hasId = params.has("id");
  const id = Number(params.get("id"));
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [...templateKeys.detail(id), "designer"],
    queryFn: () => templatesApi.detail(id),
    enabled: valid,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const [loadedAt, setLoadedAt] = useState(0);
  const loadedId = useEditor((state) => state.meta?.id);
  const card = useTemplateMeta((state) => state.card);
  const topBar = useMemo(() => <TemplateTopBar />, []);
  const effects = useMemo(() => <TemplateEffects />, []);

  useEffect(() => {
    if (!query.data?.editable || query.dataUpdatedAt === loadedAt) return;
    const { definition: _definition, editable: _editable, ...meta } = query.data;
    useTemplateMeta.getState().setCard(meta);
    editorActions().load(asSource(query.data));
    uiActions().closeDialog();
    setLoadedAt(query.dataUpdatedAt);
  }, [query.data, query.dataUpdatedAt, loadedAt]);

  useEffect(() => () => useTemplateMeta.getState().setCard(null), []);

  const back = (
    <Button type="primary" onClick={() => navigate(MY_TEMPLATES_PATH)}>
      返回我的模板
    </Button>
  );
  let content: React.ReactNode;
  if (!hasId) {
    return <NewTemplate />;
  } else if (!valid || (query.error instanceof ApiError && query.error.code === 404)) {
    content = (
      <Result status="404" title="模板不存在" subTitle="链接可能有误，或模板已被删除。" extra={back} />
    );
  } else if (query.data && !query.data.editable) {
    content = <Result status="403" title="无法编辑该模板" subTitle="只能编辑自己创建的模板。" extra={back} />;
  } else if (query.error) {
    content = (
      <Result
        status="error"
        title="模板加载失败"
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>重试</Button>}
      />
    );
  } else if (!query.data || loadedId !== id || loadedAt === 0 || card?.id !== id) {
    content = (
      <Spin size="large" className="dd-loading" tip="正在打开模板…">
        <div />
      </Spin>
    );
  } else {
    content = (
      <DesignerModeContext.Provider value={templateMode}>
        <DesignerWorkspace topBar={topBar} effects={effects} />
      </DesignerModeContext.Provider>
    );
  }
  return (
    <div className="dd-root" data-testid="designer">
      {content}
    </div>
  );
}
