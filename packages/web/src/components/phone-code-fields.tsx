import { LockOutlined, MobileOutlined } from "@ant-design/icons";
import { Form, type FormInstance, Input } from "antd";
import { codeRules, phoneRules } from "../lib/form-rules.ts";
import { SendCodeButton } from "./send-code-button.tsx";

export interface PhoneCodeValues {
  phone: string;
  code: string;
}

/**
 * The 11-digit phone field of every phone form; `autoComplete` says what the number is for here. With `label`, the
 * field is named by a visible label (the pages a respondent or candidate reaches from a link) rather than by its
 * placeholder alone.
 */
export function PhoneField({ autoComplete, label }: { autoComplete: "tel" | "username"; label?: string }) {
  return (
    <Form.Item name="phone" label={label} rules={phoneRules} validateTrigger="onBlur">
      <Input
        prefix={<MobileOutlined />}
        placeholder="请输入手机号"
        maxLength={11}
        inputMode="numeric"
        autoComplete={autoComplete}
      />
    </Form.Item>
  );
}

/**
 * The phone field and the code field with its 获取验证码 button, shared by SMS login, /ConfirmPhone, 查找我的答卷
 * (/mine) and 查询成绩 (/examScore). The button validates the phone first, so a wrong number is shown before any
 * code is requested.
 */
export function PhoneCodeFields({
  form,
  send,
  onError,
  labelled = false,
}: {
  /** Any form with a `phone` field (login, /ConfirmPhone, 忘记密码 with its password fields too). */
  form: Pick<FormInstance, "validateFields" | "getFieldValue">;
  send: (phone: string) => Promise<unknown>;
  onError: (error: unknown) => void;
  /** Visible labels 手机号 and 验证码 above the fields. */
  labelled?: boolean;
}) {
  const getPhone = async () => {
    try {
      await form.validateFields(["phone"]);
      return String(form.getFieldValue("phone"));
    } catch {
      return null;
    }
  };

  return (
    <>
      <PhoneField autoComplete="tel" label={labelled ? "手机号" : undefined} />
      <Form.Item
        name="code"
        label={labelled ? "验证码" : undefined}
        rules={codeRules}
        validateTrigger="onBlur"
      >
        <Input
          prefix={<LockOutlined />}
          placeholder="请输入6位验证码"
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          suffix={<SendCodeButton getPhone={getPhone} send={send} onError={onError} />}
        />
      </Form.Item>
    </>
  );
}
