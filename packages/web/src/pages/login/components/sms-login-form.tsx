import { Button, Form } from "antd";
import { useCheckPhoneCodeMutation, useSendCodeMutation } from "../../../api/user.ts";
import { PhoneCodeFields, type PhoneCodeValues } from "../../../components/phone-code-fields.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { useLoginSuccess } from "../hooks/use-login-success.ts";

/** 验证码登录: the first login with a phone creates the account. */
export function SmsLoginForm({ ensureAgreed }: { ensureAgreed: () => boolean }) {
  const [form] = Form.useForm<PhoneCodeValues>();
  const sendCode = useSendCodeMutation();
  const checkCode = useCheckPhoneCodeMutation();
  const showError = useApiError();
  const onSuccess = useLoginSuccess();

  const handleFinish = (values: PhoneCodeValues) => {
    if (!ensureAgreed()) return;
    checkCode.mutate(values, { onSuccess, onError: (error) => showError(error, form) });
  };

  return (
    <Form
      form={form}
      name="sms-login"
      size="large"
      onFinish={handleFinish}
      autoComplete="on"
      data-testid="sms-login-form"
    >
      <PhoneCodeFields
        form={form}
        send={(phone) => sendCode.mutateAsync(phone)}
        onError={(error) => showError(error, form)}
      />
      <Button type="primary" htmlType="submit" block loading={checkCode.isPending}>
        登录 / 注册
      </Button>
    </Form>
  );
}
