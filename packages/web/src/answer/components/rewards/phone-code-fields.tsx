import { useEffect, useState } from "react";
import { apiCall } from "../../lib/api.ts";

const PHONE = /^1[3-9]\d{9}$/;

export interface PhoneCode {
  phone: string;
  code: string;
}

/**
 * 手机号 + 验证码 with 获取验证码 (user/sendCode for `purpose`, so the SMS says 领取红包 or 抽奖): red packets
 * and draws counted per phone both verify a phone this way; the server checks the code with the claim or the draw.
 */
export function PhoneCodeFields(props: {
  purpose: "redPacket" | "draw" | "exam";
  value: PhoneCode;
  onChange: (value: PhoneCode) => void;
  onError: (message: string) => void;
}) {
  const [wait, setWait] = useState(0);
  const { phone, code } = props.value;

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait(wait - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const handleSend = async () => {
    if (!PHONE.test(phone)) {
      props.onError("请输入正确的11位手机号");
      return;
    }
    props.onError("");
    const outcome = await apiCall("POST", "user/sendCode", {
      body: { form: { phone, purpose: props.purpose } },
    });
    if (outcome.ok) setWait(60);
    else props.onError(outcome.msg);
  };

  return (
    <>
      <label className="wa-reward-field">
        <span>手机号</span>
        <input
          className="wa-input"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          value={phone}
          onChange={(e) => props.onChange({ phone: e.target.value.trim(), code })}
        />
      </label>
      <div className="wa-reward-code">
        <label className="wa-reward-field">
          <span>验证码</span>
          <input
            className="wa-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => props.onChange({ phone, code: e.target.value.trim() })}
          />
        </label>
        <button type="button" className="wa-btn wa-btn-ghost" disabled={wait > 0} onClick={handleSend}>
          {wait > 0 ? `${wait}秒后重发` : "获取验证码"}
        </button>
      </div>
    </>
  );
}
