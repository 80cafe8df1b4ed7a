import { LockOutlined, SafetyOutlined } from "@ant-design/icons";
import { messages } from "@wjgj/core";
import { Button, Form, Input } from "antd";
import { useState } from "react";
import { fieldErrorsOf } from "../../../api/errors.ts";
import { type LoginCaptcha, usePasswordLoginMutation, userApi } from "../../../api/user.ts";
import { PhoneField } from "../../../components/phone-code-fields.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { useLoginSuccess } from "../hooks/use-login-success.ts";

interface PasswordLoginValues {
  phone: string;
  password: string;
  captchaCode?: string;
}

/**
 * 密码登录. The password's format is only enforced where it is set, so older passwords still work. After
 * failures of its own the server asks for an image captcha: the picture appears here, and every answer
 * spends it, so a new one is fetched after each failed try.
 */
export function PasswordLoginForm({
  ensureAgreed,
  initialPhone,
  onForgot,
}: {
  ensureAgreed: () => boolean;
  /** The phone whose password was just reset (忘记密码), filled in for the next login. */
  initialPhone?: string | undefined;
  onForgot: () => void;
}) {
  const [form] = Form.useForm<PasswordLoginValues>();
  const login = usePasswordLoginMutation();
  const showError = useApiError();
  const onSuccess = useLoginSuccess();
  const [captcha, setCaptcha] = useState<LoginCaptcha | null>(null);

  const refreshCaptcha = () => {
    form.setFieldValue("captchaCode", "");
    userApi.getLoginCaptcha().then(setCaptcha, (error: unknown) => showError(error));
  };

  const handleFinish = (values: PasswordLoginValues) => {
    if (!ensureAgreed()) return;
    const input = {
      phone: values.phone,
      password: values.password,
      ...(captcha && values.captchaCode
        ? { captchaId: captcha.captchaId, captchaCode: values.captchaCode }
        : {}),
    };
    login.mutate(input, {
      onSuccess,
      onError: (error) => {
        const asked = fieldErrorsOf(error).some((item) => item.field === "captchaCode");
        if (asked || captcha) refreshCaptcha();
        showError(error, form);
      },
    });
  };

  return (
    <Form
      form={form}
      name="password-login"
      size="large"
      onFinish={handleFinish}
      autoComplete="on"
      initialValues={initialPhone ? { phone: initialPhone } : undefined}
      data-testid="password-login-form"
    >
      <PhoneField autoComplete="username" />
      <Form.Item name="password" rules={[{ required: true, message: messages.passwordRequired }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      {captcha && (
        <div className="wj-login__captcha">
          <Form.Item name="captchaCode" rules={[{ required: true, message: "请输入图形验证码" }]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder="请输入图形验证码"
              aria-label="图形验证码"
              maxLength={6}
              autoComplete="off"
            />
          </Form.Item>
          <button
            type="button"
            className="wj-login__captcha-image"
            onClick={refreshCaptcha}
            title="看不清？换一张"
            aria-label="看不清？换一张"
          >
            <img src={captcha.image} alt="图形验证码" width={114} height={38} />
          </button>
        </div>
      )}
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
      <div className="wj-login__links">
        <Button type="link" size="small" onClick={onForgot} data-testid="forgot-password-link">
          忘记密码？
        </Button>
      </div>
    </Form>
  );
}
