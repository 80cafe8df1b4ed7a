import {
  ArrowLeftOutlined,
  EyeOutlined,
  RedoOutlined,
  RollbackOutlined,
  SendOutlined,
  UndoOutlined,
} from "@ant-design/icons";
import { questionnaireKindNames, richTextToPlain, type TemplateCard } from "@wjgj/core";
import { App, Button, Input, Tag, Tooltip } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { templatesApi } from "../../api/templates.ts";
import { MY_TEMPLATES_PATH } from "../../components/save-as-template/index.tsx";
import { useApiError } from "../../hooks/use-api-error.ts";
import { useUserStore } from "../../stores/user-store.ts";
import { SaveIndicator } from "../dc-design/components/save-indicator.tsx";
import { autosave } from "../dc-design/hooks/use-autosave.ts";
import { saveIndicatorOf } from "../dc-design/store/save-state.ts";
import { editorActions, editorStore, useEditor } from "../dc-design/store/use-editor.ts";
import { useTemplateMeta } from "./template-store.ts";

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

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
  const navigate = useNavigate();
  const { message } = App.useApp();
  const showError = useApiError();
  const title = useEditor((state) => state.draft?.title ?? "");
  const canUndo = useEditor((state) => state.history.past.length > 0);
  const canRedo = useEditor((state) => state.history.future.length > 0);
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
      <Tooltip title="返回我的模板">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label="返回"
          onClick={() => navigate(MY_TEMPLATES_PATH)}
        />
      </Tooltip>
      <div className="dd-topbar__title">
        <Input
          variant="borderless"
          aria-label="模板名称"
          value={richTextToPlain(title)}
          maxLength={100}
          placeholder="请输入模板名称"
          onChange={(event) => editorActions().setTitle(escapeText(event.target.value))}
        />
      </div>
      <span className="dd-topbar__tags">
        <Tag color="blue">{questionnaireKindNames[card.kind]}模板</Tag>
        {card.official && <Tag color="purple">官方模板</Tag>}
        <Tag color={stateColors[card.reviewState]} data-testid="template-review-state">
          {card.reviewStateName}
        </Tag>
      </span>
      <SaveIndicator />
      <span className="dd-topbar__spacer" />
      <Tooltip title="撤销">
        <Button
          type="text"
          icon={<UndoOutlined />}
          aria-label="撤销"
          disabled={!canUndo}
          onClick={() => editorActions().undo()}
        />
      </Tooltip>
      <Tooltip title="重做">
        <Button
          type="text"
          icon={<RedoOutlined />}
          aria-label="重做"
          disabled={!canRedo}
          onClick={() => editorActions().redo()}
        />
      </Tooltip>
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
