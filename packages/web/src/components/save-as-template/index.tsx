import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { QuestionnaireKind } from "@wjgj/core";
import { Button, Checkbox, Form, Modal, Result } from "antd";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { templatesApi } from "../../api/templates.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import { useUserStore } from "../../stores/user-store.ts";
import { TemplateMetaFields } from "../template-fields/index.tsx";
import { type TemplateFieldValues, templateMetadataOf } from "../template-fields/template-values.ts";

/** The questionnaire being saved: its id, and the title and kind the form starts from. */
export interface TemplateSource {
  id: number;
  title: string;
  kind: QuestionnaireKind;
}

type Values = TemplateFieldValues & { title: string; submitForReview?: boolean };

export const MY_TEMPLATES_PATH = "/dc/template?tab=mine";

/**
 * 另存为模板 (designer top bar, 我的问卷 cards): a questionnaire saved as its author's private template,
 * after which the dialog points to 我的模板.
 */
export interface SaveAsTemplateDialogProps {
  source: TemplateSource | null;
  onClose: () => void;
}

export function SaveAsTemplateDialog({ source, onClose }: SaveAsTemplateDialogProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<{ title: string; submitted: boolean } | null>(null);
  // 模板作者 (isTemplate, granted in the user admin) and admins may offer a template to the public gallery.
  const canSubmit = useUserStore(
    (state) => state.userInfo?.isTemplate === 1 || state.userInfo?.role === "admin",
  );
  const save = useMutation({
    mutationFn: templatesApi.saveFromQuestionnaire,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["templates"] }),
  });

  useEffect(() => {
    if (!source) return;
    setSaved(null);
    form.resetFields();
    form.setFieldsValue({ title: source.title.slice(0, 100), kind: source.kind });
  }, [source, form]);

  const handleOk = async () => {
    if (!source) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const card = await save.mutateAsync({
        questionaryId: source.id,
        title: values.title.trim(),
        ...templateMetadataOf(values),
        ...(canSubmit && values.submitForReview ? { visibility: "public" as const } : {}),
      });
      setSaved({
        title: card.title,
        submitted: card.reviewState === "pending" || card.reviewState === "approved",
      });
    } catch (error) {
      showError(error, form);
    }
  };

  const handleOpenMine = () => {
    onClose();
    navigate(MY_TEMPLATES_PATH);
  };

  return (
    <Modal
      open={source !== null}
      title="另存为模板"
      okText="保存为模板"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={handleOk}
      onCancel={onClose}
      footer={saved === null ? undefined : null}
      forceRender
    >
      {saved !== null ? (
        <Result
          status="success"
          title={saved.submitted ? "已提交审核" : "已保存为模板"}
          subTitle={
            saved.submitted
              ? `「${saved.title}」已保存到我的模板并提交审核，审核通过后将出现在模板中心。`
              : `「${saved.title}」已保存到我的模板，仅自己可见，可随时用它创建新问卷。`
          }
          extra={[
            <Button key="mine" type="primary" onClick={handleOpenMine}>
              查看我的模板
            </Button>,
            <Button key="close" onClick={onClose}>
              关闭
            </Button>,
          ]}
        />
      ) : (
        <Form form={form} layout="vertical" data-testid="save-as-template-form">
          <TemplateMetaFields withTitle loadProfessions={source !== null} />
          {canSubmit && (
            <Form.Item
              name="submitForReview"
              valuePropName="checked"
              extra="审核通过后，所有用户都能在模板中心看到并使用这个模板"
            >
              <Checkbox>同时提交到公共模板库审核</Checkbox>
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
