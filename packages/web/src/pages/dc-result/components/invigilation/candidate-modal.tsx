import { App, Form, Input, Modal } from "antd";
import { useSaveCandidateMutation } from "../../../../api/exam-guard.ts";
import { useApiError } from "../../../../hooks/use-api-error.ts";

interface CandidateValues {
  name: string;
  number: string;
  phone?: string;
}

/** 添加考生: one candidate by hand (an existing 准考证号 is updated, as an import would). */
export function CandidateModal({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<CandidateValues>();
  const save = useSaveCandidateMutation(id);
  const showError = useApiError();
  const { message } = App.useApp();
  const handleFinish = async (values: CandidateValues) => {
    try {
      await save.mutateAsync({ id, ...values, phone: values.phone?.trim() || undefined });
      void message.success("已保存考生");
      form.resetFields();
      onClose();
    } catch (error) {
      showError(error, form);
    }
  };
  return (
    <Modal
      open={open}
      title="添加考生"
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void handleFinish(values)}>
        <Form.Item
          label="姓名"
          name="name"
          rules={[{ required: true, whitespace: true, message: "请填写考生姓名" }]}
        >
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="准考证号"
          name="number"
          tooltip="准考证号、工号或学号，考生用它登录"
          rules={[{ required: true, whitespace: true, message: "请填写准考证号或工号" }]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="手机号"
          name="phone"
          extra="选填；登录方式为手机验证码时必填"
          rules={[{ pattern: /^1\d{10}$/, message: "请输入正确的手机号" }]}
        >
          <Input maxLength={11} inputMode="numeric" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
