import type { TemplateCard } from "@wjgj/core";
import { Form, Input, Modal } from "antd";
import { useEffect } from "react";

/** 驳回: the reason is required (1-200 characters); the author sees it under 我的模板. */
export function RejectDialog({
  card,
  loading,
  onReject,
  onClose,
}: {
  card: TemplateCard | null;
  loading: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (card) form.resetFields();
  }, [card, form]);

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) onReject(values.reason.trim());
  };

  return (
    <Modal
      open={card !== null}
      title={card ? `驳回「${card.title}」` : "驳回"}
      okText="驳回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={loading}
      onOk={() => void handleOk()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: "请填写驳回原因" },
            { max: 200, message: "驳回原因最多 200 个字" },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="告诉作者需要修改什么" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
