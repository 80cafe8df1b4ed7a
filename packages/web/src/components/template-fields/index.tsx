import { useQuery } from "@tanstack/react-query";
import { questionaryKindInfos, questionnaireKindNames, questionnaireKinds } from "@wjgj/core";
import { Form, Input, Select } from "antd";
import { templateKeys, templatesApi } from "../../api/templates.ts";

/*
 * A template's metadata fields, for every form that writes them (新建模板, 模板设置 in the template designer,
 * 另存为模板, and 编辑模板信息 in 模板管理): the same rules and words wherever a template is named and
 * described. Each form keeps what only it has (the cover, 提交审核) and its own saving.
 */

const kindOptions = questionnaireKinds.map((kind) => ({ value: kind, label: questionnaireKindNames[kind] }));

export function TemplateTitleField({ placeholder }: { placeholder?: string }) {
  return (
    <Form.Item
      name="title"
      label="模板名称"
      rules={[
        { required: true, whitespace: true, message: "请填写模板名称" },
        { max: 100, message: "模板名称最多 100 个字" },
      ]}
    >
      <Input maxLength={100} placeholder={placeholder} />
    </Form.Item>
  );
}

/** The kind, and with `withCategory` its scene: the scenes are the kind's own, so a new kind clears it. */
export function TemplateKindField({ withCategory = false }: { withCategory?: boolean }) {
  const form = Form.useFormInstance();
  const kind = Form.useWatch("kind", form);
  const categories = questionaryKindInfos.find((info) => info.kind === kind)?.categories ?? [];
  return (
    <>
      <Form.Item name="kind" label="模板类型" rules={[{ required: true, message: "请选择模板类型" }]}>
        <Select
          options={kindOptions}
          onChange={withCategory ? () => form.setFieldValue("categoryId", undefined) : undefined}
        />
      </Form.Item>
      {withCategory && (
        <Form.Item name="categoryId" label="场景分类">
          <Select
            allowClear
            placeholder="选择场景（选填）"
            options={categories.map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
      )}
    </>
  );
}

const tagsRule = {
  validator: (_rule: unknown, tags?: string[]) =>
    !tags || (tags.length <= 5 && tags.every((tag) => tag.trim().length <= 10))
      ? Promise.resolve()
      : Promise.reject(new Error("标签最多 5 个，每个不超过 10 个字")),
};

/**
 * 模板名称 (`withTitle`), 模板简介, 模板类型 and 场景分类 (`withCategory`), 所属行业 and 标签, in that order.
 * A dialog rendered while closed passes `loadProfessions={open}`, so the list is fetched once it is needed.
 */
export function TemplateMetaFields({
  withTitle = false,
  withCategory = false,
  loadProfessions = true,
}: {
  withTitle?: boolean;
  withCategory?: boolean;
  loadProfessions?: boolean;
}) {
  const professions = useQuery({
    queryKey: templateKeys.professions,
    queryFn: templatesApi.professions,
    enabled: loadProfessions,
  });
  return (
    <>
      {withTitle && <TemplateTitleField />}
      <Form.Item name="description" label="模板简介" rules={[{ max: 500, message: "简介最多 500 个字" }]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="这个模板适合什么场景（选填）" />
      </Form.Item>
      <TemplateKindField withCategory={withCategory} />
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
        rules={[tagsRule]}
      >
        <Select mode="tags" open={false} suffixIcon={null} placeholder="例如：入职、满意度（选填）" />
      </Form.Item>
    </>
  );
}
