import { LockOutlined, MobileOutlined } from "@ant-design/icons";
import { limits, messages } from "@wjgj/core";
import { App, Button, Form, Input } from "antd";
import { Navigate, useNavigate } from "react-router";
import { useConfirmPhoneMutation, useGetPhoneCodeMutation } from "../../api/user.ts";
import { AuthFrame } from "../../components/auth-frame.tsx";
import { SendCodeButton } from "../../components/send-code-button.tsx";
import { useApiError } from "../../hooks/use-api-error.ts";
import { codeRules, phoneRules } from "../../lib/form-rules.ts";
import { loginPathFor } from "../../lib/guard.ts";
import { useSessionStore } from "../../stores/session-store.ts";
import { useUserStore } from "../../stores/user-store.ts";

interface ConfirmPhoneValues {
  phone: string;
  code: string;
}

/** /ConfirmPhone: accounts that came from another platform bind their phone here (seed §2). */
export function ConfirmPhonePage() {
  const token = useSessionStore((state) => state.token);
  const [form] = Form.useForm<ConfirmPhoneValues>();
  const getCode = useGetPhoneCodeMutation();
  const confirm = useConfirmPhoneMutation();
  const showError = useApiError();
  const navigate = useNavigate();
  const { message } = App.useApp();

  if (!token) return <Navigate to={loginPathFor("/ConfirmPhone")} replace />;

  const getPhone = async () => {
    try {
      const { phone } = await form.validateFields(["phone"]);
      return phone;
    } catch {
      return null;
    }
  };

  const handleFinish = (values: ConfirmPhoneValues) => {
    confirm.mutate(values, {
      onSuccess: (userInfo) => {
        useUserStore.getState().setUserInfo(userInfo);
        void message.success(messages.phoneBound, limits.toastSeconds);
        navigate("/dc/dclist", { replace: true });
      },
      onError: (error) => showError(error, form),
    });
  };

  return (
    <AuthFrame tagline="为了账号安全和接收重要通知，请绑定您本人的手机号">
      <h2 className="wj-auth__title">绑定手机号</h2>
      <Form form={form} size="large" onFinish={handleFinish} data-testid="confirm-phone-form">
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
                send={(phone) => getCode.mutateAsync(phone)}
                onError={(error) => showError(error, form)}
              />
            }
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={confirm.isPending}>
          确认绑定
        </Button>
      </Form>
    </AuthFrame>
  );
}
