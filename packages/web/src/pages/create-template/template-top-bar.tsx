import { EyeOutlined, RollbackOutlined, SendOutlined } from "@ant-design/icons";
import { questionnaireKindNames, type TemplateCard } from "@wjgj/core";
import { App, Button, Tag, Tooltip } from "antd";
import { useState } from "react";
import { templatesApi } from "../../api/templates.ts";
import { MY_TEMPLATES_PATH } from "../../components/save-as-template/index.tsx";
import { useApiError } from "../../hooks/use-api-error.ts";
import { useUserStore } from "../../stores/user-store.ts";
import { SaveIndicator } from "../dc-design/components/save-indicator.tsx";
import { TopBarBack, TopBarTitle, UndoRedoButtons } from "../dc-design/components/top-bar-parts.tsx";
import { autosave } from "../dc-design/hooks/use-autosave.ts";
import { saveIndicatorOf } from "../dc-design/store/save-state.ts";
import { editorStore } from "../dc-design/store/use-editor.ts";
import { useTemplateMeta } from "./template-store.ts";

const stateColors: Record<TemplateCard["reviewState"], string> = {
  draft: "default",
  pending: "gold",
  approved: "green",
  rejected: "red",
  withdrawn: "default",
};

/** Whether the card is offered to the public gallery (waiting for review or shown there). */
export function isSubmitted(card: TemplateCard): boolean {
  return card.visibility === "public" && (card.reviewState === "pending" || card.reviewState === "approved");
}

/**
 * The template designer's top bar: its name, kind and review state, save state, undo/redo, 预览 (the
 * template's own preview page), and 提交审核 / 撤回审核 in place of 发布 — a template is never answered.
 */
export function TemplateTopBar() {
  const { message } = App.useApp();
  const showError = useApiError();
  const card = useTemplateMeta((state) => state.card);
  const canSubmit = useUserStore(
    (state) => state.userInfo?.isTemplate === 1 || state.userInfo?.role === "admin",
  );
  const [busy, setBusy] = useState(false);

  if (!card) return null;
  const submitted = isSubmitted(card);

  const handleVisibility = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await autosave()?.flush();
      if (saveIndicatorOf(editorStore.getState()) !== "saved") {
        void message.warning("当前修改尚未保存成功，请先处理保存问题");
        return;
      }
      const next = await templatesApi.update({ id: card.id, visibility: submitted ? "private" : "public" });
      useTemplateMeta.getState().setCard(next);
      void message.success(submitted ? "已撤回，模板仅自己可见" : "已提交审核，审核通过后将出现在模板中心");
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const submitButton = (
    <Button
      type="primary"
      icon={submitted ? <RollbackOutlined /> : <SendOutlined />}
      loading={busy}
      disabled={!canSubmit && !submitted}
      className="dd-topbar__action"
      data-testid="template-submit"
      onClick={() => void handleVisibility()}
    >
      {submitted ? "撤回审核" : "提交审核"}
    </Button>
  );

  return (
    <header className="dd-topbar">
      <TopBarBack tooltip="返回我的模板" to={MY_TEMPLATES_PATH} />
      <TopBarTitle label="模板名称" placeholder="请输入模板名称" maxLength={100} />
      <span className="dd-topbar__tags">
        <Tag color="blue">{questionnaireKindNames[card.kind]}模板</Tag>
        {card.official && <Tag color="purple">官方模板</Tag>}
        <Tag color={stateColors[card.reviewState]} data-testid="template-review-state">
          {card.reviewStateName}
        </Tag>
      </span>
      <SaveIndicator />
      <span className="dd-topbar__spacer" />
      <UndoRedoButtons />
      <span className="dd-topbar__divider" />
      <Button
        icon={<EyeOutlined />}
        className="dd-topbar__action"
        aria-label="预览"
        onClick={() => window.open(`/questionnaireDetails?id=${card.id}`, "_blank", "noopener")}
      >
        预览
      </Button>
      {card.official ? null : canSubmit || submitted ? (
        submitButton
      ) : (
        <Tooltip title="开通模板作者后才能提交公开模板，请联系管理员">
          <span>{submitButton}</span>
        </Tooltip>
      )}
    </header>
  );
}
