import { messages } from "@wjgj/core";
import { App, Tabs } from "antd";
import { useEffect, useState } from "react";
import { AuthFrame } from "../../components/auth-frame.tsx";
import { AgreementCheck } from "./components/agreement-check.tsx";
import { ForgotPasswordForm } from "./components/forgot-password-form.tsx";
import { PasswordLoginForm } from "./components/password-login-form.tsx";
import { SmsLoginForm } from "./components/sms-login-form.tsx";
import "./login.css";

/** One key for the refusal toast, so ticking the box (or leaving the page) can take it away. */
const AGREEMENT_TOAST_KEY = "agreement-required";

/** Login screen (/loginone, also /Loginone and #/Loginone). */
export function LoginPage() {
  const { message } = App.useApp();
  const [agreed, setAgreed] = useState(false);
  const [agreementError, setAgreementError] = useState<string | null>(null);
  const [view, setView] = useState<"login" | "forgot">("login");
  const [tab, setTab] = useState("sms");
  const [resetPhone, setResetPhone] = useState<string | undefined>();

  // A refusal toast still up after a successful login would contradict the page the user lands on.
  useEffect(() => () => message.destroy(AGREEMENT_TOAST_KEY), [message]);

  const handleAgreementChange = (checked: boolean) => {
    setAgreed(checked);
    if (!checked) return;
    setAgreementError(null);
    message.destroy(AGREEMENT_TOAST_KEY);
  };

  /** Login is refused until the agreement is ticked. */
  const ensureAgreed = () => {
    if (agreed) return true;
    setAgreementError(messages.agreementRequired);
    void message.warning({ content: messages.agreementRequired, key: AGREEMENT_TOAST_KEY });
    return false;
  };

  const handleResetDone = (phone: string) => {
    setResetPhone(phone);
    setTab("password");
    setView("login");
  };

  if (view === "forgot") {
    return (
      <AuthFrame tagline="在线问卷 · 考试 · 投票 · 表单，一站式数据收集平台">
        <div className="wj-login" data-testid="login-page">
          <ForgotPasswordForm onDone={handleResetDone} onBack={() => setView("login")} />
        </div>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame tagline="在线问卷 · 考试 · 投票 · 表单，一站式数据收集平台">
      <div className="wj-login" data-testid="login-page">
        <Tabs
          centered
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: "sms", label: "验证码登录", children: <SmsLoginForm ensureAgreed={ensureAgreed} /> },
            {
              key: "password",
              label: "密码登录",
              children: (
                <PasswordLoginForm
                  ensureAgreed={ensureAgreed}
                  initialPhone={resetPhone}
                  onForgot={() => setView("forgot")}
                />
              ),
            },
          ]}
        />
        <AgreementCheck checked={agreed} onChange={handleAgreementChange} error={agreementError} />
        <p className="wj-login__hint">未注册的手机号验证后将自动创建账号</p>
      </div>
    </AuthFrame>
  );
}
