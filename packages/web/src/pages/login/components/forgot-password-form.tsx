import { limits, messages } from "@wjgj/core";
import { App, Button, Form } from "antd";
import { accountApi, useResetPasswordMutation } from "../../../api/account.ts";
import { NewPasswordFields, type NewPasswordValues } from "../../../components/new-password-fields.tsx";
import { PhoneCodeFields, type PhoneCodeValues } from "../../../components/phone-code-fields.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";

type ForgotValues = PhoneCodeValues & NewPasswordValues;

/** 忘记密码: an SMS code to the registered phone sets a new password; every device is signed out. */
export function ForgotPasswordForm({
  onDone,
  onBack,
}: {
  onDone: (phone: string) => void;
  onBack: () => void;
}) {
  const [form] = Form.useForm<ForgotValues>();
  const reset = useResetPasswordMutation();
  const showError = useApiError();
  const { message } = App.useApp();

  const handleFinish = (values: ForgotValues) => {
    reset.mutate(
      { phone: values.phone, code: values.code, password: values.password },
      {
        onSuccess: () => {
          void message.success(messages.passwordResetByCode, limits.toastSeconds * 2);
          onDone(values.phone);
        },
        onError: (error) => showError(error, form),
      },
    );
  };

  return (
    <div data-testid="forgot-password">
      <h2 className="wj-auth__title">找回密码</h2>
      <p className="wj-login__hint wj-login__hint--top">验证注册时使用的手机号后，设置新的登录密码。</p>
      <Form
        form={form}
        name="forgot-password"
        size="large"
        onFinish={handleFinish}
        autoComplete="on"
        data-testid="forgot-password-form"
      >
        <PhoneCodeFields
          form={form}
          send={(phone) => accountApi.sendResetCode(phone)}
          onError={(error) => showError(error, form)}
        />
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          重置密码
        </Button>
      </Form>
      <Button type="link" block onClick={onBack} className="wj-login__back">
        返回登录
      </Button>
    </div>
  );
}
