import { SafetyOutlined } from "@ant-design/icons";
import { Input, type InputProps, type InputRef } from "antd";
import type { ComponentProps, Ref } from "react";
import { SendCodeButton } from "./send-code-button.tsx";

/**
 * The 6-digit SMS code box with its 获取验证码 button in it. Form.Item's props (value, onChange, aria-*) and
 * its ref pass through to the input: the ref is how a server error about the code finds this field.
 */
export function SmsCodeInput({
  getPhone,
  send,
  onError,
  ...input
}: Omit<InputProps, "suffix" | "onError"> & ComponentProps<typeof SendCodeButton> & { ref?: Ref<InputRef> }) {
  return (
    <Input
      prefix={<SafetyOutlined />}
      placeholder="请输入6位验证码"
      maxLength={6}
      inputMode="numeric"
      autoComplete="one-time-code"
      {...input}
      suffix={<SendCodeButton getPhone={getPhone} send={send} onError={onError} />}
    />
  );
}
