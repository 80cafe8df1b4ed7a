import { messages } from "@wjgj/core";
import { App, Tabs } from "antd";
import { useState } from "react";
import { AuthFrame } from "../../components/auth-frame.tsx";
import { AgreementCheck } from "./components/agreement-check.tsx";
import { PasswordLoginForm } from "./components/password-login-form.tsx";
import { SmsLoginForm } from "./components/sms-login-form.tsx";
import "./login.css";

/** Login screen (/loginone, also /Loginone and #/Loginone). */
export function LoginPage() {
  const { message } = App.useApp();
  const [agreed, setAgreed] = useState(false);
  const [agreementError, setAgreementError] = useState<string | null>(null);

  const handleAgreementChange = (checked: boolean) => {
    setAgreed(checked);
    if (checked) setAgreementError(null);
  };

  /** Login is refused until the agreement is ticked. */
  const ensureAgreed = () => {
    if (agreed) return true;
    setAgreementError(messages.agreementRequired);
    void message.warning(messages.agreementRequired);
    return false;
  };

  return (
    <AuthFrame tagline="在线问卷 · 考试 · 投票 · 表单，一站式数据收集平台">
      <div className="wj-login" data-testid="login-page">
        <Tabs
          centered
          defaultActiveKey="sms"
          items={[
            { key: "sms", label: "验证码登录", children: <SmsLoginForm ensureAgreed={ensureAgreed} /> },
            {
              key: "password",
              label: "密码登录",
              children: <PasswordLoginForm ensureAgreed={ensureAgreed} />,
            },
          ]}
        />
        <AgreementCheck checked={agreed} onChange={handleAgreementChange} error={agreementError} />
        <p className="wj-login__hint">未注册的手机号验证后将自动创建账号</p>
      </div>
    </AuthFrame>
  );
}
