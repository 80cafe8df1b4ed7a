import { MobileOutlined } from "@ant-design/icons";
import { limits } from "@wjgj/core";
import { Form, Input, Radio } from "antd";
import { useState } from "react";
import { accountApi, useChangePhoneMutation } from "../../../api/account.ts";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { SmsCodeInput } from "../../../components/sms-code-input.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { codeRules, phoneRules } from "../../../lib/form-rules.ts";
import { CurrentPasswordField } from "./current-password-field.tsx";
import { OwnCodeField } from "./own-code-field.tsx";

type OldProof = "code" | "password";
interface Values {
  phone: string;
  code: string;
  oldCode?: string;
  password?: string;
}

/**
 * 更换手机号: the new number proves itself by its code; the current number by its own code, or — when it
 * can no longer receive SMS — by the login password.
 */
export function PhoneModal({
  open,
  phone,
  hasPassword,
  onClose,
}: {
  open: boolean;
  phone: string;
  hasPassword: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [oldProof, setOldProof] = useState<OldProof>("code");
  const change = useChangePhoneMutation();
  const showError = useApiError();

  const getNewPhone = async () => {
    try {
      const { phone: next } = await form.validateFields(["phone"]);
      return next;
    } catch {
      return null;
    }
  };

  return (
    <FormDialog
      open={open}
      title="更换手机号"
      okText="确认更换"
      destroyOnHidden
      forceRender
      form={form}
      submit={(values) =>
        change.mutateAsync({
          phone: values.phone,
          code: values.code,
          ...(oldProof === "code" ? { oldCode: values.oldCode ?? "" } : { password: values.password ?? "" }),
        })
      }
      pending={change.isPending}
      success="手机号已更换，请使用新手机号登录"
      successSeconds={limits.toastSeconds * 2}
      resetOnSuccess
      onClose={onClose}
      formTestId="phone-form"
    >
      <Form.Item label="原手机号能否接收短信">
        <Radio.Group value={oldProof} onChange={(event) => setOldProof(event.target.value as OldProof)}>
          <Radio value="code">可以接收</Radio>
          <Radio value="password">已无法使用</Radio>
        </Radio.Group>
      </Form.Item>
      {oldProof === "code" ? (
        <OwnCodeField
          name="oldCode"
          phone={phone}
          purpose="phone-old"
          label="原手机号验证码"
          onError={showError}
        />
      ) : hasPassword ? (
        <CurrentPasswordField name="password" label="登录密码" />
      ) : (
        <p className="wj-profile__warning">账号尚未设置登录密码，请先通过原手机号验证码设置密码后再更换。</p>
      )}
      <Form.Item name="phone" label="新手机号" rules={phoneRules} validateTrigger="onBlur">
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入新手机号"
          maxLength={11}
          inputMode="numeric"
          autoComplete="tel"
        />
      </Form.Item>
      <Form.Item name="code" label="新手机号验证码" rules={codeRules} validateTrigger="onBlur">
        <SmsCodeInput
          getPhone={getNewPhone}
          send={(next) => accountApi.sendNewPhoneCode(next)}
          onError={(error) => showError(error, form)}
        />
      </Form.Item>
    </FormDialog>
  );
}
