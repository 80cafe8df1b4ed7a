import { Button, Form } from "antd";
import { useSendCodeMutation } from "../../../api/user.ts";
import { useWeChatBindPhoneMutation } from "../../../api/wechat-login.ts";
import { PhoneCodeFields, type PhoneCodeValues } from "../../../components/phone-code-fields.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { useLoginSuccess } from "../hooks/use-login-success.ts";

/**
 * 绑定手机号 after the first WeChat sign-in: the phone's account (created for a new phone, as an SMS login
 * does) gets this WeChat, and the user is signed in.
 */
export function WeChatBindPhoneForm({
  ticket,
  ensureAgreed,
  onBack,
}: {
  ticket: string;
  ensureAgreed: () => boolean;
  onBack: () => void;
}) {
  const [form] = Form.useForm<PhoneCodeValues>();
  const sendCode = useSendCodeMutation();
  const bind = useWeChatBindPhoneMutation();
  const showError = useApiError();
  const onSuccess = useLoginSuccess();

  const handleFinish = (values: PhoneCodeValues) => {
    if (!ensureAgreed()) return;
    bind.mutate({ ticket, ...values }, { onSuccess, onError: (error) => showError(error, form) });
  };

  return (
    <div data-testid="wechat-bind-phone">
      <h2 className="wj-login__title">绑定手机号</h2>
      <p className="wj-login__hint wj-login__hint--top">
        首次使用微信登录，请验证手机号：已注册的手机号将关联到原账号，未注册的将自动创建账号
      </p>
      <Form form={form} name="wechat-bind" size="large" onFinish={handleFinish} autoComplete="on">
        <PhoneCodeFields
          form={form}
          send={(phone) => sendCode.mutateAsync(phone)}
          onError={(error) => showError(error, form)}
        />
        <Button type="primary" htmlType="submit" block loading={bind.isPending}>
          绑定并登录
        </Button>
      </Form>
      <Button type="link" block className="wj-login__back" onClick={onBack}>
        返回登录
      </Button>
    </div>
  );
}
