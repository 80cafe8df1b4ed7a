import { useQuery } from "@tanstack/react-query";
import {
  type QuestionnaireKind,
  questionaryKindInfos,
  questionnaireKindNames,
  questionnaireKinds,
} from "@wjgj/core";
import { App, Button, Form, Input, Select } from "antd";
import { useEffect, useState } from "react";
import { templateKeys, templatesApi } from "../../api/templates.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import { editorStore } from "../dc-design/store/use-editor.ts";
import { useTemplateMeta } from "./template-store.ts";

interface Values {
  description?: string;
  kind: QuestionnaireKind;
  categoryId?: string;
  professionId?: number;
  tags?: string[];
  cover?: string;
}

const kindOptions = questionnaireKinds.map((kind) => ({ value: kind, label: questionnaireKindNames[kind] }));

/** The kind changed on the server: the draft follows without an undo step (it is not a question edit). */
function adoptKind(kind: QuestionnaireKind): void {
  const { draft, save, meta } = editorStore.getState();
  if (!draft || draft.kind === kind) return;
  editorStore.setState({
    draft: { ...draft, kind },
    save: { ...save, saved: save.saved === draft ? { ...draft, kind } : save.saved },
    meta: meta ? { ...meta, kind } : meta,
  });
}

/**
 * 模板信息 in the template designer's settings tab: description, kind and scene, profession, tags and a
 * cover from the stock covers (questionary/getQuestionaryCoverList) or an image address. Saved with
 * 保存模板信息; the questions autosave on their own.
 */
export function TemplateInfo() {
  const card = useTemplateMeta((state) => state.card);
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const showError = useApiError();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch("kind", form) ?? card?.kind;
  const cover = Form.useWatch("cover", form);
  const professions = useQuery({ queryKey: templateKeys.professions, queryFn: templatesApi.professions });
  const covers = useQuery({ queryKey: templateKeys.covers, queryFn: templatesApi.covers });
  const cardId = card?.id;

  // Filled once per template: later answers (autosaves) must not overwrite what is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the template id on purpose
  useEffect(() => {
    if (!card) return;
    form.setFieldsValue({
      description: card.description,
      kind: card.kind,
      categoryId: card.categoryId || undefined,
      professionId: card.professionId ?? undefined,
      tags: card.tags,
      cover: card.cover || undefined,
    });
  }, [cardId, form]);

  if (!card) return null;
  const categories = questionaryKindInfos.find((info) => info.kind === kind)?.categories ?? [];
  const state =
    card.visibility === "private"
      ? card.reviewState === "rejected"
        ? `审核未通过：${card.rejectReason}`
        : "仅自己可见"
      : `公开（${card.reviewStateName}）`;

  const handleSave = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const saved = await templatesApi.update({
        id: card.id,
        kind: values.kind,
        categoryId: values.categoryId ?? "",
        ...(values.description?.trim() ? { description: values.description.trim() } : {}),
        ...(values.professionId ? { professionId: values.professionId } : {}),
        ...(values.tags ? { tags: values.tags } : {}),
        ...(values.cover?.trim() ? { cover: values.cover.trim() } : {}),
      });
      useTemplateMeta.getState().setCard(saved);
      adoptKind(saved.kind);
      void message.success("模板信息已保存");
    } catch (error) {
      showError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="ct-info" aria-label="模板信息">
      <h4 className="dd-section__title">模板信息</h4>
      <p className="dd-hint" data-testid="template-visibility">
        可见范围：{state}
      </p>
      {card.reviewState === "rejected" && card.visibility === "public" && (
        <p className="dd-hint ct-info__reject">驳回原因：{card.rejectReason}</p>
      )}
      <Form form={form} layout="vertical" size="small" requiredMark={false}>
        <Form.Item name="description" label="模板简介" rules={[{ max: 500, message: "简介最多 500 个字" }]}>
          <Input.TextArea rows={3} maxLength={500} placeholder="这个模板适合什么场景" />
        </Form.Item>
        <Form.Item name="kind" label="模板类型" rules={[{ required: true, message: "请选择模板类型" }]}>
          <Select options={kindOptions} onChange={() => form.setFieldValue("categoryId", undefined)} />
        </Form.Item>
        <Form.Item name="categoryId" label="场景分类">
          <Select
            allowClear
            placeholder="选择场景（选填）"
            options={categories.map((c) => ({ value: c.id, label: c.name }))}
          />
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
          extra="输入后按回车添加，最多 5 个"
          rules={[
            {
              validator: (_rule, tags?: string[]) =>
                !tags || (tags.length <= 5 && tags.every((tag) => tag.trim().length <= 10))
                  ? Promise.resolve()
                  : Promise.reject(new Error("标签最多 5 个，每个不超过 10 个字")),
            },
          ]}
        >
          <Select mode="tags" open={false} suffixIcon={null} placeholder="例如：入职、满意度" />
        </Form.Item>
        <Form.Item label="封面">
          <fieldset className="ct-covers" aria-label="选择封面">
            {(covers.data ?? []).map((c) => (
              <button
                key={c.id}
                type="button"
                aria-pressed={cover === c.url}
                aria-label={c.name}
                className={`ct-cover${cover === c.url ? " ct-cover--active" : ""}`}
                onClick={() => form.setFieldValue("cover", c.url)}
              >
                <img src={c.url} alt="" />
              </button>
            ))}
          </fieldset>
        </Form.Item>
        <Form.Item
          name="cover"
          label="或填写封面图片地址"
          rules={[{ max: 500, message: "图片地址最多 500 个字符" }]}
        >
          <Input placeholder="https://…" allowClear />
        </Form.Item>
        <Button type="primary" block loading={saving} onClick={() => void handleSave()}>
          保存模板信息
        </Button>
      </Form>
    </section>
  );
}
