import { useQuery } from "@tanstack/react-query";
import type { QuestionnaireKind } from "@wjgj/core";
import { App, Button, Form, Input } from "antd";
import { useEffect, useState } from "react";
import { templateKeys, templatesApi } from "../../api/templates.ts";
import { TemplateMetaFields } from "../../components/template-fields/index.tsx";
import {
  type TemplateFieldValues,
  templateFieldsOf,
  templateMetadataOf,
} from "../../components/template-fields/template-values.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import { editorStore } from "../dc-design/store/use-editor.ts";
import { useTemplateMeta } from "./template-store.ts";

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
  const [form] = Form.useForm<TemplateFieldValues>();
  const { message } = App.useApp();
  const showError = useApiError();
  const [saving, setSaving] = useState(false);
  const cover = Form.useWatch("cover", form);
  const covers = useQuery({ queryKey: templateKeys.covers, queryFn: templatesApi.covers });
  const cardId = card?.id;

  // Filled once per template: later answers (autosaves) must not overwrite what is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the template id on purpose
  useEffect(() => {
    if (!card) return;
    form.setFieldsValue(templateFieldsOf(card));
  }, [cardId, form]);

  if (!card) return null;
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
        ...templateMetadataOf(values),
        categoryId: values.categoryId ?? "",
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
        <TemplateMetaFields withCategory />
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
