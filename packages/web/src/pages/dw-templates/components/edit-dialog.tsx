import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TemplateCard } from "@wjgj/core";
import { App, Form, Input, Modal } from "antd";
import { useEffect } from "react";
import { adminTemplatesApi } from "../../../api/templates.ts";
import { TemplateMetaFields } from "../../../components/template-fields/index.tsx";
import {
  type TemplateFieldValues,
  templateFieldsOf,
  templateMetadataOf,
} from "../../../components/template-fields/template-values.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";

type Values = TemplateFieldValues & { title: string };

/** 编辑信息: an admin corrects a template's metadata; its questions stay as reviewed. */
export function EditDialog({ card, onClose }: { card: TemplateCard | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: adminTemplatesApi.update,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["templates"] }),
  });
  useEffect(() => {
    if (!card) return;
    form.resetFields();
    form.setFieldsValue({ title: card.title, ...templateFieldsOf(card) });
  }, [card, form]);

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !card) return;
    try {
      await save.mutateAsync({
        id: card.id,
        title: values.title.trim(),
        ...templateMetadataOf(values),
        categoryId: values.categoryId ?? "",
      });
      void message.success("模板信息已保存");
      onClose();
    } catch (error) {
      showError(error, form);
    }
  };

  return (
    <Modal
      open={card !== null}
      title="编辑模板信息"
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical">
        <TemplateMetaFields withTitle withCategory loadProfessions={card !== null} />
        <Form.Item name="cover" label="封面图片地址">
          <Input allowClear placeholder="/template-covers/survey.svg 或 https://…" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
