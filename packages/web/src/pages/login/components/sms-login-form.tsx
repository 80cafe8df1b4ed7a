import { LockOutlined, MobileOutlined } from "@ant-design/icons";
import { Button, Form, Input } from "antd";
import { useCheckPhoneCodeMutation, useSendCodeMutation } from "../../../api/user.ts";
import { SendCodeButton } from "../../../components/send-code-button.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { codeRules, phoneRules } from "../../../lib/form-rules.ts";
import { useLoginSuccess } from "../hooks/use-login-success.ts";

interface SmsLoginValues {
  phone: string;
  code: string;
}

/** 验证码登录: the first login with a phone creates the account. */
export function SmsLoginForm({ ensureAgreed }: { ensureAgreed: () => boolean }) {
  const [form] = Form.useForm<SmsLoginValues>();
  const sendCode = useSendCodeMutation();
  const checkCode = useCheckPhoneCodeMutation();
  const showError = useApiError();
  const onSuccess = useLoginSuccess();

  const getPhone = async () => {
    try {
      const { phone } = await form.validateFields(["phone"]);
      return phone;
    } catch {
      return null;
    }
  };

  const handleFinish = (values: SmsLoginValues) => {
    if (!ensureAgreed()) return;
    checkCode.mutate(values, { onSuccess, onError: (error) => showError(error, form) });
  };

  return (
    <Form form={form} size="large" onFinish={handleFinish} autoComplete="on" data-testid="sms-login-form">
      <Form.Item name="phone" rules={phoneRules} validateTrigger="onBlur">
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入手机号"
          maxLength={11}
          inputMode="numeric"
          autoComplete="tel"
        />
      </Form.Item>
      <Form.Item name="code" rules={codeRules} validateTrigger="onBlur">
        <Input
          prefix={<LockOutlined />}
          placeholder="请输入6位验证码"
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          suffix={
            <SendCodeButton
              getPhone={getPhone}
              send={(phone) => sendCode.mutateAsync(phone)}
              onError={(error) => showError(error, form)}
            />
          }
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={checkCode.isPending}>
        登录 / 注册
      </Button>
    </Form>
  );
}
