import { Form, Radio } from "antd";

export type Proof = "password" | "code";

/**
 * 验证方式 for an account that has both a password and a phone: `passwordLabel` names the password
 * (原密码, 登录密码); the other way is an SMS code to the account's phone.
 */
export function ProofChoice({
  value,
  onChange,
  passwordLabel,
}: {
  value: Proof;
  onChange: (proof: Proof) => void;
  passwordLabel: string;
}) {
  return (
    <Form.Item label="验证方式">
      <Radio.Group value={value} onChange={(event) => onChange(event.target.value as Proof)}>
        <Radio value="password">{passwordLabel}</Radio>
        <Radio value="code">短信验证码</Radio>
      </Radio.Group>
    </Form.Item>
  );
}
