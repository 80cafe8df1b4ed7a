import { limits, messages } from "@wjgj/core";
import { App, Button } from "antd";
import { useState } from "react";
import { useCountdown } from "../hooks/use-countdown.ts";

interface SendCodeButtonProps {
  /** Validates and answers the phone to send to, or null when the form shows why it cannot. */
  getPhone: () => Promise<string | null>;
  send: (phone: string) => Promise<unknown>;
  onError: (error: unknown) => void;
}

/** 获取验证码 with the 60 s resend wait (seed §2 login, foundation SMS limits). */
export function SendCodeButton({ getPhone, send, onError }: SendCodeButtonProps) {
  const { message } = App.useApp();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const handleClick = async () => {
    const phone = await getPhone();
    if (!phone) return;
    setSending(true);
    try {
      await send(phone);
      start(limits.phoneCode.resendSeconds);
      void message.success(messages.codeSent);
    } catch (error) {
      onError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      className="wj-send-code"
      type="link"
      loading={sending}
      disabled={remaining > 0}
      onClick={handleClick}
      data-testid="send-code"
    >
      {remaining > 0 ? `${remaining}秒后重新获取` : "获取验证码"}
    </Button>
  );
}
