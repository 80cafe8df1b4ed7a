import type { SecurityCodePurpose } from "@wjgj/core";
import { Form } from "antd";
import { accountApi } from "../../../api/account.ts";
import { SmsCodeInput } from "../../../components/sms-code-input.tsx";
import { codeRules } from "../../../lib/form-rules.ts";

/** 138****0000: enough for the owner to recognise the number a code goes to. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** A code field whose 获取验证码 sends a `purpose` code to the account's own phone. */
export function OwnCodeField({
  name,
  phone,
  purpose,
  label,
  onError,
}: {
  name: string;
  phone: string;
  purpose: SecurityCodePurpose;
  label: string;
  onError: (error: unknown) => void;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={codeRules}
      validateTrigger="onBlur"
      extra={`验证码将发送至 ${maskPhone(phone)}`}
    >
      <SmsCodeInput
        aria-label={label}
        getPhone={async () => phone}
        send={() => accountApi.sendSecurityCode(purpose)}
        onError={onError}
      />
    </Form.Item>
  );
}
