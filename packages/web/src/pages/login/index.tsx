import { isWeChatBrowser, messages } from "@wjgj/core";
import { Alert, App, Divider, Spin, Tabs } from "antd";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useWeChatOptions, useWeChatTicketLoginMutation } from "../../api/wechat-login.ts";
import { AuthFrame } from "../../components/auth-frame.tsx";
import { WeChatOneTapButton } from "../../components/wechat/wechat-one-tap.tsx";
import { WeChatQrFrame } from "../../components/wechat/wechat-qr-frame.tsx";
import { safeRedirectPath } from "../../lib/safe-redirect.ts";
import { AgreementCheck } from "./components/agreement-check.tsx";
import { ForgotPasswordForm } from "./components/forgot-password-form.tsx";
import { PasswordLoginForm } from "./components/password-login-form.tsx";
import { SmsLoginForm } from "./components/sms-login-form.tsx";
import { WeChatBindPhoneForm } from "./components/wechat-bind-phone-form.tsx";
import { useLoginSuccess } from "./hooks/use-login-success.ts";
import { useWeChatReturn } from "./hooks/use-wechat-return.ts";
import "./login.css";

const TAGLINE = "在线问卷 · 考试 · 投票 · 表单，一站式数据收集平台";

/** The login frame while something must finish before a form can be offered. */
function LoginWaiting({ text }: { text: string }) {
  return (
    <AuthFrame tagline={TAGLINE}>
      <div className="wj-login" data-testid="login-page" aria-busy="true">
        <Spin spinning>
          <p className="wj-login__hint wj-login__hint--top">{text}</p>
        </Spin>
      </div>
    </AuthFrame>
  );
}

/** One key for the refusal toast, so ticking the box (or leaving the page) can take it away. */
const AGREEMENT_TOAST_KEY = "agreement-required";

/** Login screen (/loginone, also /Loginone and #/Loginone). */
export function LoginPage() {
  const { message } = App.useApp();
  const [agreed, setAgreed] = useState(false);
  const [agreementError, setAgreementError] = useState<string | null>(null);
  const wechatReturn = useWeChatReturn();
  const [view, setView] = useState<"login" | "forgot" | "wechat-bind">(
    wechatReturn.bindTicket ? "wechat-bind" : "login",
  );
  const [tab, setTab] = useState("sms");
  const [resetPhone, setResetPhone] = useState<string | undefined>();
  const [wechatError, setWechatError] = useState<string | null>(wechatReturn.error);
  const wechatQuery = useWeChatOptions();
  const wechatOptions = wechatQuery.data;
  const inWeChat = isWeChatBrowser(navigator.userAgent);
  const [params] = useSearchParams();
  const returnTo = safeRedirectPath(params.get("redirect")) ?? undefined;
  const ticketLogin = useWeChatTicketLoginMutation();
  const onLoginSuccess = useLoginSuccess();
  const ticketSent = useRef(false);

  // A bound WeChat came back with a login ticket: exchanged once (the effect may run twice in development).
  useEffect(() => {
    const ticket = wechatReturn.ticket;
    if (!ticket || ticketSent.current) return;
    ticketSent.current = true;
    ticketLogin.mutate(ticket, {
      onSuccess: onLoginSuccess,
      onError: (error) => setWechatError(error.message || messages.wechatTicketInvalid),
    });
  }, [wechatReturn.ticket, ticketLogin, onLoginSuccess]);

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

  const wechatAlert = wechatError && (
    <Alert
      type="error"
      showIcon
      message={wechatError}
      className="wj-login__wechat-alert"
      data-testid="wechat-error"
    />
  );

  if (wechatReturn.ticket && !wechatError) {
    return <LoginWaiting text="正在通过微信登录…" />;
  }

  if (view === "wechat-bind" && wechatReturn.bindTicket) {
    return (
      <AuthFrame tagline={TAGLINE}>
        <div className="wj-login" data-testid="login-page">
          <WeChatBindPhoneForm
            ticket={wechatReturn.bindTicket}
            ensureAgreed={ensureAgreed}
            onBack={() => setView("login")}
          />
          <AgreementCheck checked={agreed} onChange={handleAgreementChange} error={agreementError} />
        </div>
      </AuthFrame>
    );
  }

  const scanLogin = Boolean(wechatOptions?.scanLogin) && !inWeChat;
  const oneTap = Boolean(wechatOptions?.inWeChatLogin) && inWeChat;

  if (view === "forgot") {
    return (
      <AuthFrame tagline={TAGLINE}>
        <div className="wj-login" data-testid="login-page">
          <ForgotPasswordForm onDone={handleResetDone} onBack={() => setView("login")} />
        </div>
      </AuthFrame>
    );
  }

  // The sign-ins on offer decide the layout: 微信登录 joins the centred tab bar and 微信一键登录 goes above it. Drawn
  // before they are known, the tabs moved under a pointer on its way to 密码登录 (a press on one tab, a release on
  // another: no tab changed). The request is one small read, cached for ten minutes.
  if (wechatQuery.isPending) return <LoginWaiting text="正在加载登录方式…" />;

  return (
    <AuthFrame tagline={TAGLINE}>
      <div className="wj-login" data-testid="login-page">
        {wechatAlert}
        {oneTap && (
          <>
            <WeChatOneTapButton
              purpose="login"
              label="微信一键登录"
              beforeStart={ensureAgreed}
              {...(returnTo ? { returnTo } : {})}
            />
            <Divider plain className="wj-login__divider">
              或使用手机号登录
            </Divider>
          </>
        )}
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
            ...(scanLogin
              ? [
                  {
                    key: "wechat",
                    label: "微信登录",
                    children: (
                      <>
                        <WeChatQrFrame purpose="login" {...(returnTo ? { returnTo } : {})} />
                        <p className="wj-wechat-tip">
                          请使用微信扫一扫，扫码即表示同意《用户协议》和《隐私政策》
                        </p>
                      </>
                    ),
                  },
                ]
              : []),
          ]}
        />
        <AgreementCheck checked={agreed} onChange={handleAgreementChange} error={agreementError} />
        <p className="wj-login__hint">未注册的手机号验证后将自动创建账号</p>
      </div>
    </AuthFrame>
  );
}
