import { limits, messages } from "@wjgj/core";
import { Form } from "antd";
import { useState } from "react";
import { useSetPasswordMutation } from "../../../api/account.ts";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { NewPasswordFields, type NewPasswordValues } from "../../../components/new-password-fields.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { CurrentPasswordField } from "./current-password-field.tsx";
import { OwnCodeField } from "./own-code-field.tsx";
import { type Proof, ProofChoice } from "./proof-choice.tsx";

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
  const [proof, setProof] = useState<Proof>("password");
  const save = useSetPasswordMutation();
  const showError = useApiError();

  return (
    <FormDialog
      open={open}
      title={hasPassword ? "修改登录密码" : "设置登录密码"}
      okText="保存"
      destroyOnHidden
      forceRender
      form={form}
      submit={(values) =>
        save.mutateAsync({
          password: values.password,
          ...(hasPassword && proof === "password" ? { oldPassword: values.oldPassword ?? "" } : {}),
          ...(hasPassword && proof === "code" ? { code: values.code ?? "" } : {}),
        })
      }
      pending={save.isPending}
      success={hasPassword ? "密码已修改，其他设备已退出登录" : messages.passwordSaved}
      successSeconds={limits.toastSeconds * 2}
      resetOnSuccess
      onClose={onClose}
      formTestId="password-form"
    >
      {!hasPassword && (
        <p className="wj-profile__muted">设置后可在登录页使用“密码登录”，验证码登录仍然可用。</p>
      )}
      {hasPassword && phone && <ProofChoice value={proof} onChange={setProof} passwordLabel="原密码" />}
      {hasPassword && proof === "password" && <CurrentPasswordField name="oldPassword" label="原密码" />}
      {hasPassword && proof === "code" && (
        <OwnCodeField name="code" phone={phone} purpose="password" label="短信验证码" onError={showError} />
      )}
      <NewPasswordFields labels />
    </FormDialog>
  );
}
