import { definitionSchema, type QuestionnaireKind } from "@wjgj/core";
import { Button, Card, Form } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { templatesApi } from "../../api/templates.ts";
import { MY_TEMPLATES_PATH } from "../../components/save-as-template/index.tsx";
import { TemplateKindField, TemplateTitleField } from "../../components/template-fields/index.tsx";
import { useApiError } from "../../hooks/use-api-error.ts";

interface Values {
  title: string;
  kind: QuestionnaireKind;
}

/** 新建模板 (/dc/createTemplate without an id): a name and a kind, then the designer opens on it. */
export function NewTemplate() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const showError = useApiError();
  const [creating, setCreating] = useState(false);

  const handleCreate = async (values: Values) => {
    setCreating(true);
    try {
      const title = values.title.trim();
      const card = await templatesApi.create({
        title,
        kind: values.kind,
        definition: definitionSchema.parse({
          schemaVersion: 1,
          kind: values.kind,
          title,
          pages: [{ id: "p1", questions: [] }],
        }),
      });
      navigate(`/dc/createTemplate?id=${card.id}`, { replace: true });
    } catch (error) {
      showError(error, form);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Card className="ct-new" title={<h1 className="ct-new__title">新建模板</h1>}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: "survey" }}
        onFinish={(values) => void handleCreate(values)}
      >
        <TemplateTitleField placeholder="例如：新员工入职满意度调查" />
        <TemplateKindField />
        <div className="ct-new__actions">
          <Button onClick={() => navigate(MY_TEMPLATES_PATH)}>取消</Button>
          <Button type="primary" htmlType="submit" loading={creating}>
            创建并编辑题目
          </Button>
        </div>
      </Form>
    </Card>
  );
}
