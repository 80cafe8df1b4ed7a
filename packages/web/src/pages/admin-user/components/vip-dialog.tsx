import { App, DatePicker, Form, Input, Modal, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect } from "react";
import { type AdminUserRow, adminApi, useAdminMutation } from "../../../api/admin.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { VIP_BADGES } from "../../../lib/vip.ts";

interface VipValues {
  vipLevel: number;
  vipStopTime: Dayjs | null;
  vipReason: string;
}

const levelOptions = Object.entries(VIP_BADGES).map(([level, badge]) => ({
  value: Number(level),
  label: badge.label,
}));

/** Sets an account's membership level and expiry (个人版 needs no expiry), with the reason the audit log keeps. */
export function VipDialog({ row, onClose }: { row: AdminUserRow | null; onClose: () => void }) {
  const [form] = Form.useForm<VipValues>();
  const { message } = App.useApp();
  const showError = useApiError();
  const update = useAdminMutation(adminApi.updateUser);
  const level = Form.useWatch("vipLevel", form);

  useEffect(() => {
    if (!row) return;
    const stop = row.vipStopTime ? dayjs(row.vipStopTime.replace(" ", "T")) : null;
    form.setFieldsValue({
      vipLevel: row.vipLevel,
      vipStopTime: stop?.isValid() ? stop : null,
      vipReason: "",
    });
  }, [row, form]);

  const handleOk = async () => {
    if (!row) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await update.mutateAsync({
        id: row.id,
        vipLevel: values.vipLevel,
        ...(values.vipLevel !== 0 && values.vipStopTime
          ? { vipStopTime: values.vipStopTime.format("YYYY-MM-DD HH:mm:ss") }
          : {}),
        vipReason: values.vipReason.trim(),
      });
      void message.success("会员信息已保存");
      onClose();
    } catch (error) {
      showError(error, form);
    }
  };

  return (
    <Modal
      open={row !== null}
      title={`设置会员：${row?.phone || row?.nickName || ""}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={update.isPending}
      onOk={handleOk}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="vip-form">
        <Form.Item name="vipLevel" label="会员等级" rules={[{ required: true, message: "请选择会员等级" }]}>
          <Select options={levelOptions} aria-label="会员等级" />
        </Form.Item>
        {level === 0 ? null : (
          <Form.Item
            name="vipStopTime"
            label="到期时间"
            rules={[{ required: true, message: "请设置会员到期时间" }]}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" aria-label="到期时间" />
          </Form.Item>
        )}
        <Form.Item
          name="vipReason"
          label="调整原因"
          rules={[{ required: true, whitespace: true, message: "请填写调整会员的原因（不超过200字）" }]}
          extra="将记入操作日志"
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
