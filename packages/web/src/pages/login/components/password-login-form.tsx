import { LockOutlined } from "@ant-design/icons";
import { messages } from "@wjgj/core";
import { Button, Form, Input } from "antd";
import { usePasswordLoginMutation } from "../../../api/user.ts";
import { PhoneField } from "../../../components/phone-code-fields.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { useLoginSuccess } from "../hooks/use-login-success.ts";

interface PasswordLoginValues {
  phone: string;
  password: string;
}

/** 密码登录. The password's format is only enforced where it is set, so older passwords still work. */
export function PasswordLoginForm({ ensureAgreed }: { ensureAgreed: () => boolean }) {
  const [form] = Form.useForm<PasswordLoginValues>();
  const login = usePasswordLoginMutation();
  const showError = useApiError();
  const onSuccess = useLoginSuccess();

  const handleFinish = (values: PasswordLoginValues) => {
    if (!ensureAgreed()) return;
    login.mutate(values, { onSuccess, onError: (error) => showError(error, form) });
  };

  return (
    <Form
      form={form}
      size="large"
      onFinish={handleFinish}
      autoComplete="on"
      data-testid="password-login-form"
    >
      <PhoneField autoComplete="username" />
      <Form.Item name="password" rules={[{ required: true, message: messages.passwordRequired }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
    </Form>
  );
}
