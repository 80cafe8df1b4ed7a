import { App, Button, Form, Input, Modal } from "antd";
import { useState } from "react";
import { useAdminMutation } from "../../../api/admin.ts";
import { adminMoneyApi, type BankInfo } from "../../../api/admin-money.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";

/** 收款账户: the bank account that 对公转账 orders show; until it is saved, 对公转账 is not offered. */
export function BankInfoButton() {
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [form] = Form.useForm<BankInfo>();
  const { message } = App.useApp();
  const showError = useApiError();
  const save = useAdminMutation(adminMoneyApi.saveBankInfo);

  const handleOpen = async () => {
    setLoading(true);
    try {
      const bank = await adminMoneyApi.getBankInfo();
      form.setFieldsValue(bank);
      setOpen(true);
    } catch (error) {
      showError(error);
    } finally {
      setLoading(false);
    }
  };

  const handleSave = async () => {
    let values: BankInfo;
    try {
      values = await form.validateFields();
    } catch {
      return; // The fields say what is missing.
    }
    try {
      await save.mutateAsync({ ...values, note: values.note ?? "" });
      void message.success("收款账户已保存，用户可选择对公转账");
      setOpen(false);
    } catch (error) {
      showError(error, form);
    }
  };

  const required = (label: string) => [{ required: true, whitespace: true, message: `请填写${label}` }];
  return (
    <>
      <Button loading={loading} onClick={handleOpen}>
        收款账户
      </Button>
      <Modal
        open={open}
        title="对公转账收款账户"
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={handleSave}
        onCancel={() => setOpen(false)}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="accountName" label="收款户名" rules={required("收款户名")}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="bankName" label="开户银行" rules={required("开户银行")}>
            <Input maxLength={64} placeholder="如：招商银行北京分行" />
          </Form.Item>
          <Form.Item name="accountNo" label="收款账号" rules={required("收款账号")}>
            <Input maxLength={40} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="note" label="说明（展示给付款人）">
            <Input.TextArea
              maxLength={200}
              showCount
              autoSize={{ minRows: 2 }}
              placeholder="如：到账后1个工作日内确认"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
