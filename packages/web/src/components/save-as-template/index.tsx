import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type QuestionnaireKind, questionnaireKindNames, questionnaireKinds } from "@wjgj/core";
import { Button, Checkbox, Form, Input, Modal, Result, Select } from "antd";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { templateKeys, templatesApi } from "../../api/templates.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import { useUserStore } from "../../stores/user-store.ts";

/** The questionnaire being saved: its id, and the title and kind the form starts from. */
export interface TemplateSource {
  id: number;
  title: string;
  kind: QuestionnaireKind;
}

interface Values {
  title: string;
  description?: string;
  kind: QuestionnaireKind;
  professionId?: number;
  tags?: string[];
  submitForReview?: boolean;
}

export const MY_TEMPLATES_PATH = "/dc/template?tab=mine";

const kindOptions = questionnaireKinds.map((kind) => ({ value: kind, label: questionnaireKindNames[kind] }));

/**
 * 另存为模板 (designer top bar, 我的问卷 cards): a questionnaire saved as its author's private template,
 * after which the dialog points to 我的模板.
 */
export function SaveAsTemplateDialog({
  source,
  onClose,
}: {
  source: TemplateSource | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<{ title: string; submitted: boolean } | null>(null);
  // 模板作者 (isTemplate, granted in the user admin) and admins may offer a template to the public gallery.
  const canSubmit = useUserStore(
    (state) => state.userInfo?.isTemplate === 1 || state.userInfo?.role === "admin",
  );
  const professions = useQuery({
    queryKey: templateKeys.professions,
    queryFn: templatesApi.professions,
    enabled: source !== null,
  });
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
        kind: values.kind,
        ...(values.description?.trim() ? { description: values.description.trim() } : {}),
        ...(values.professionId ? { professionId: values.professionId } : {}),
        ...(values.tags?.length ? { tags: values.tags } : {}),
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
            <Input.TextArea rows={3} maxLength={500} showCount placeholder="这个模板适合什么场景（选填）" />
          </Form.Item>
          <Form.Item name="kind" label="模板类型" rules={[{ required: true, message: "请选择模板类型" }]}>
            <Select options={kindOptions} />
          </Form.Item>
          <Form.Item name="professionId" label="所属行业">
            <Select
              allowClear
              placeholder="选择行业（选填）"
              loading={professions.isLoading}
              options={(professions.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
          <Form.Item
            name="tags"
            label="标签"
            extra="输入后按回车添加，最多 5 个，每个不超过 10 个字"
            rules={[
              {
                validator: (_rule, tags?: string[]) =>
                  !tags || (tags.length <= 5 && tags.every((tag) => tag.trim().length <= 10))
                    ? Promise.resolve()
                    : Promise.reject(new Error("标签最多 5 个，每个不超过 10 个字")),
              },
            ]}
          >
            <Select mode="tags" open={false} suffixIcon={null} placeholder="例如：期末、满意度（选填）" />
          </Form.Item>
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
