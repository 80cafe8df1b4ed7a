import { LockOutlined } from "@ant-design/icons";
import { type AccountSecurity, limits } from "@wjgj/core";
import { Alert, App, Button, Card, Form, Input, Modal, Radio } from "antd";
import { useState } from "react";
import { useCancelDeletionMutation, useRequestDeletionMutation } from "../../../api/account.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { OwnCodeField } from "./own-code-field.tsx";

type Proof = "password" | "code";

/** 注销账号: a request that takes effect after the cooling-off period and can be withdrawn until then. */
export function DeletionCard({ security }: { security: AccountSecurity }) {
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState<Proof>(security.hasPassword ? "password" : "code");
  const [form] = Form.useForm<{ password?: string; code?: string }>();
  const request = useRequestDeletionMutation();
  const cancel = useCancelDeletionMutation();
  const showError = useApiError();
  const { message } = App.useApp();
  const days = limits.deletionCoolingOffDays;

  const handleFinish = (values: { password?: string; code?: string }) => {
    request.mutate(proof === "password" ? { password: values.password ?? "" } : { code: values.code ?? "" }, {
      onSuccess: () => {
        void message.success("已提交注销申请");
        setOpen(false);
      },
      onError: (error) => showError(error, form),
    });
  };

  if (security.deletion) {
    return (
      <Card title="注销账号" className="wj-profile__card" data-testid="deletion-card">
        <Alert
          type="warning"
          showIcon
          message={`账号将于 ${security.deletion.effectiveAt} 注销`}
          description={`注销申请提交于 ${security.deletion.requestedAt}。在此之前可以随时撤销，账号照常使用。`}
          action={
            <Button
              size="small"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => void message.success("已撤销注销申请"),
                  onError: (error) => showError(error),
                })
              }
            >
              撤销注销
            </Button>
          }
        />
      </Card>
    );
  }

  return (
    <Card title="注销账号" className="wj-profile__card" data-testid="deletion-card">
      <p className="wj-profile__muted">
        提交申请后进入{days}
        天冷静期，期间可随时撤销；冷静期结束后，账号的手机号、昵称、头像和密码将被清除，无法再登录，也无法恢复。
      </p>
      <Button danger onClick={() => setOpen(true)} data-testid="deletion-request">
        申请注销
      </Button>
      <Modal
        open={open}
        title="申请注销账号"
        okText="确认申请"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={request.isPending}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={handleFinish}>
          <p className="wj-profile__warning">
            注销将在{days}
            天后生效。生效后，已发布的问卷将无人管理，答卷数据仍按隐私政策保存。请确认是本人操作。
          </p>
          {security.hasPassword && security.phone && (
            <Form.Item label="验证方式">
              <Radio.Group value={proof} onChange={(event) => setProof(event.target.value as Proof)}>
                <Radio value="password">登录密码</Radio>
                <Radio value="code">短信验证码</Radio>
              </Radio.Group>
            </Form.Item>
          )}
          {proof === "password" ? (
            <Form.Item
              name="password"
              label="登录密码"
              rules={[{ required: true, message: "请输入登录密码" }]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                autoComplete="current-password"
                placeholder="请输入登录密码"
              />
            </Form.Item>
          ) : (
            <OwnCodeField
              name="code"
              phone={security.phone}
              purpose="delete"
              label="短信验证码"
              onError={showError}
            />
          )}
        </Form>
      </Modal>
    </Card>
  );
}
