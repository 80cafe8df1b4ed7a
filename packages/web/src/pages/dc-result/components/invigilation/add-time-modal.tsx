import type { ExamLiveAttempt } from "@wjgj/core";
import { App, Form, InputNumber, Modal } from "antd";
import { useAddTimeMutation } from "../../../../api/exam-guard.ts";
import { useApiError } from "../../../../hooks/use-api-error.ts";

/** 加时: minutes added to one attempt's deadline (the server moves it; the candidate's timer follows). */
export function AddTimeModal({
  id,
  attempt,
  onClose,
}: {
  id: number;
  attempt: ExamLiveAttempt | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ minutes: number }>();
  const addTime = useAddTimeMutation(id);
  const showError = useApiError();
  const { message } = App.useApp();
  const handleFinish = async ({ minutes }: { minutes: number }) => {
    if (!attempt) return;
    try {
      await addTime.mutateAsync({ id, attemptId: attempt.attemptId, minutes });
      void message.success(`已为 ${attempt.name} 加时 ${minutes} 分钟`);
      onClose();
    } catch (error) {
      showError(error, form);
    }
  };
  return (
    <Modal
      open={attempt !== null}
      title={attempt ? `加时 · ${attempt.name}` : "加时"}
      okText="确定加时"
      cancelText="取消"
      confirmLoading={addTime.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ minutes: 5 }}
        onFinish={(v) => void handleFinish(v)}
      >
        <Form.Item
          label="加时（分钟）"
          name="minutes"
          extra="考生的剩余时间随即延长，页面会提示考生"
          rules={[{ required: true, type: "integer", min: 1, max: 120, message: "加时须为 1～120 分钟" }]}
        >
          <InputNumber min={1} max={120} precision={0} style={{ width: "100%" }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
