import { limits, messages } from "@wjgj/core";
import { App, Button, Form } from "antd";
import { Navigate, useNavigate } from "react-router";
import { useConfirmPhoneMutation, useGetPhoneCodeMutation } from "../../api/user.ts";
import { AuthFrame } from "../../components/auth-frame.tsx";
import { PhoneCodeFields, type PhoneCodeValues } from "../../components/phone-code-fields.tsx";
import { useApiError } from "../../hooks/use-api-error.ts";
import { loginPathFor } from "../../lib/guard.ts";
import { useSessionStore } from "../../stores/session-store.ts";
import { useUserStore } from "../../stores/user-store.ts";

/** /ConfirmPhone: accounts that came from another platform bind their phone here (seed §2). */
export function ConfirmPhonePage() {
  const token = useSessionStore((state) => state.token);
  const [form] = Form.useForm<PhoneCodeValues>();
  const getCode = useGetPhoneCodeMutation();
  const confirm = useConfirmPhoneMutation();
  const showError = useApiError();
  const navigate = useNavigate();
  const { message } = App.useApp();

  if (!token) return <Navigate to={loginPathFor("/ConfirmPhone")} replace />;

  const handleFinish = (values: PhoneCodeValues) => {
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
        <PhoneCodeFields
          form={form}
          send={(phone) => getCode.mutateAsync(phone)}
          onError={(error) => showError(error, form)}
        />
        <Button type="primary" htmlType="submit" block loading={confirm.isPending}>
          确认绑定
        </Button>
      </Form>
    </AuthFrame>
  );
}
