import { LockOutlined } from "@ant-design/icons";
import { messages, PASSWORD_PATTERN } from "@wjgj/core";
import { Form, Input } from "antd";

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/** 新密码 and 确认新密码, with the server's own rule (8–32, letters and digits), for every form that sets one. */
export function NewPasswordFields({ labels = false }: { labels?: boolean }) {
  return (
    <>
      <Form.Item
        name="password"
        label={labels ? "新密码" : undefined}
        rules={[
          { required: true, message: messages.passwordRequired },
          { pattern: PASSWORD_PATTERN, message: messages.passwordInvalid },
        ]}
        validateTrigger="onBlur"
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="新密码：8-32位，含字母和数字"
          aria-label="新密码"
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={labels ? "确认新密码" : undefined}
        dependencies={["password"]}
        rules={[
          { required: true, message: "请再次输入新密码" },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue("password")
                ? Promise.resolve()
                : Promise.reject(new Error("两次输入的密码不一致")),
          }),
        ]}
        validateTrigger="onBlur"
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="再次输入新密码"
          aria-label="确认新密码"
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
