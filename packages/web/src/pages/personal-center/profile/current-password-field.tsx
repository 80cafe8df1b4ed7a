import { LockOutlined } from "@ant-design/icons";
import { Form, Input } from "antd";

/** The account's present password as proof for a change to it; `label` names it (原密码, 登录密码). */
export function CurrentPasswordField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: `请输入${label}` }]}>
      <Input.Password
        prefix={<LockOutlined />}
        autoComplete="current-password"
        placeholder={`请输入${label}`}
      />
    </Form.Item>
  );
}
