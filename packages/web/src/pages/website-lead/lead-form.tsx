import { Alert, Button, Form, Input, Result } from "antd";
import { useState } from "react";
import { fieldErrorsOf } from "../../api/errors.ts";
import { type LeadKind, useAddLeadMutation } from "../../api/navigation.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { type LeadFormValues, leadFieldErrors, leadPayload } from "./lead-fields.ts";

interface LeadFormProps {
  kind: LeadKind;
  contentLabel: string;
  contentPlaceholder: string;
  submitText: string;
}

/**
 * The sample-service and contact forms (navigation/addLead). The server validates every field and answers
 * `data.errors`, shown under each field; the browser checks only that the required ones are filled.
 */
export function LeadForm({ kind, contentLabel, contentPlaceholder, submitText }: LeadFormProps) {
  const [form] = Form.useForm<LeadFormValues>();
  const addLead = useAddLeadMutation();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The server renders this form; until the page is live, typing would be lost and sending would reload
  // the page, so the fields stay read-only and the button disabled for that moment.
  const ready = useHydrated();

  const handleFinish = (values: LeadFormValues) => {
    setFailure(null);
    addLead.mutate(
      { kind, ...leadPayload(values) },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          const fields = leadFieldErrors(fieldErrorsOf(error));
          if (fields.length > 0) form.setFields(fields);
          else setFailure(error.message || "提交失败，请稍后重试");
        },
      },
    );
  };

  if (done)
    return (
      <div data-testid={`lead-success-${kind}`}>
        <Result
          status="success"
          title="提交成功，我们会尽快与您联系"
          extra={
            <Button
              onClick={() => {
                form.resetFields();
                setDone(false);
              }}
            >
              再提交一条
            </Button>
          }
        />
      </div>
    );

  return (
    <Form<LeadFormValues>
      form={form}
      layout="vertical"
      requiredMark
      onFinish={handleFinish}
      data-testid={`lead-form-${kind}`}
      disabled={addLead.isPending}
    >
      {failure && <Alert className="wj-lead__alert" type="error" showIcon message={failure} />}
      <div className="wj-lead__row">
        <Form.Item
          name="name"
          label="姓名"
          rules={[{ required: true, whitespace: true, message: "请填写姓名" }]}
        >
          <Input maxLength={40} autoComplete="name" readOnly={!ready} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[{ required: true, whitespace: true, message: "请填写手机号" }]}
        >
          <Input maxLength={11} inputMode="numeric" autoComplete="tel" readOnly={!ready} />
        </Form.Item>
      </div>
      <div className="wj-lead__row">
        <Form.Item name="company" label="公司 / 单位">
          <Input maxLength={100} autoComplete="organization" readOnly={!ready} />
        </Form.Item>
        <Form.Item name="email" label="邮箱">
          <Input maxLength={100} autoComplete="email" readOnly={!ready} />
        </Form.Item>
      </div>
      <Form.Item name="content" label={contentLabel}>
        <Input.TextArea
          rows={4}
          maxLength={2000}
          showCount
          placeholder={contentPlaceholder}
          readOnly={!ready}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={addLead.isPending} disabled={!ready}>
        {submitText}
      </Button>
    </Form>
  );
}
