import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type QuestionnaireKind,
  questionaryKindInfos,
  questionnaireKindNames,
  questionnaireKinds,
  type TemplateCard,
} from "@wjgj/core";
import { App, Form, Input, Modal, Select } from "antd";
import { useEffect } from "react";
import { adminTemplatesApi, templateKeys, templatesApi } from "../../../api/templates.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";

interface Values {
  title: string;
  description?: string;
  kind: QuestionnaireKind;
  categoryId?: string;
  professionId?: number;
  tags?: string[];
  cover?: string;
}

const kindOptions = questionnaireKinds.map((kind) => ({ value: kind, label: questionnaireKindNames[kind] }));

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
  const kind = Form.useWatch("kind", form);
  const professions = useQuery({
    queryKey: templateKeys.professions,
    queryFn: templatesApi.professions,
    enabled: card !== null,
  });
  useEffect(() => {
    if (!card) return;
    form.resetFields();
    form.setFieldsValue({
      title: card.title,
      description: card.description,
      kind: card.kind,
      categoryId: card.categoryId || undefined,
      professionId: card.professionId ?? undefined,
      tags: card.tags,
      cover: card.cover || undefined,
    });
  }, [card, form]);
  const categories = questionaryKindInfos.find((info) => info.kind === kind)?.categories ?? [];

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !card) return;
    try {
      await save.mutateAsync({
        id: card.id,
        title: values.title.trim(),
        kind: values.kind,
        categoryId: values.categoryId ?? "",
        tags: values.tags ?? [],
        ...(values.description?.trim() ? { description: values.description.trim() } : {}),
        ...(values.professionId ? { professionId: values.professionId } : {}),
        ...(values.cover?.trim() ? { cover: values.cover.trim() } : {}),
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
        <Form.Item
          name="title"
          label="模板名称"
          rules={[
            { required: true, whitespace: true, message: "请填写模板名称" },
            { max: 100, message: "模板名称最多 100 个字" },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="模板简介" rules={[{ max: 500, message: "简介最多 500 个字" }]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Form.Item name="kind" label="模板类型" rules={[{ required: true, message: "请选择模板类型" }]}>
          <Select options={kindOptions} onChange={() => form.setFieldValue("categoryId", undefined)} />
        </Form.Item>
        <Form.Item name="categoryId" label="场景分类">
          <Select allowClear options={categories.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="professionId" label="所属行业">
          <Select
            allowClear
            options={(professions.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="tags" label="标签" extra="输入后按回车添加，最多 5 个">
          <Select mode="tags" open={false} suffixIcon={null} />
        </Form.Item>
        <Form.Item name="cover" label="封面图片地址">
          <Input allowClear placeholder="/template-covers/survey.svg 或 https://…" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
