import { LockOutlined } from "@ant-design/icons";
import { limits, messages } from "@wjgj/core";
import { App, Form, Input, Modal, Radio } from "antd";
import { useState } from "react";
import { useSetPasswordMutation } from "../../../api/account.ts";
import { NewPasswordFields, type NewPasswordValues } from "../../../components/new-password-fields.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { OwnCodeField } from "./own-code-field.tsx";

type Proof = "old" | "code";
type Values = NewPasswordValues & { oldPassword?: string; code?: string };

/**
 * 设置密码 (an account made by SMS login has none) or 修改密码 with the old password or, when it is
 * forgotten, an SMS code to the account's phone. Other devices are signed out afterwards.
 */
export function PasswordModal({
  open,
  hasPassword,
  phone,
  onClose,
}: {
  open: boolean;
  hasPassword: boolean;
  phone: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [proof, setProof] = useState<Proof>("old");
  const save = useSetPasswordMutation();
  const showError = useApiError();
  const { message } = App.useApp();

  const handleFinish = (values: Values) => {
    const input = {
      password: values.password,
      ...(hasPassword && proof === "old" ? { oldPassword: values.oldPassword ?? "" } : {}),
      ...(hasPassword && proof === "code" ? { code: values.code ?? "" } : {}),
    };
    save.mutate(input, {
      onSuccess: () => {
        void message.success(
          hasPassword ? "密码已修改，其他设备已退出登录" : messages.passwordSaved,
          limits.toastSeconds * 2,
        );
        form.resetFields();
        onClose();
      },
      onError: (error) => showError(error, form),
    });
  };

  return (
    <Modal
      open={open}
      title={hasPassword ? "修改登录密码" : "设置登录密码"}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={handleFinish} data-testid="password-form">
        {!hasPassword && (
          <p className="wj-profile__muted">设置后可在登录页使用“密码登录”，验证码登录仍然可用。</p>
        )}
        {hasPassword && phone && (
          <Form.Item label="验证方式">
            <Radio.Group value={proof} onChange={(event) => setProof(event.target.value as Proof)}>
              <Radio value="old">原密码</Radio>
              <Radio value="code">短信验证码</Radio>
            </Radio.Group>
          </Form.Item>
        )}
        {hasPassword && proof === "old" && (
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: "请输入原密码" }]}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              placeholder="请输入原密码"
            />
          </Form.Item>
        )}
        {hasPassword && proof === "code" && (
          <OwnCodeField name="code" phone={phone} purpose="password" label="短信验证码" onError={showError} />
        )}
        <NewPasswordFields labels />
      </Form>
    </Modal>
  );
}
