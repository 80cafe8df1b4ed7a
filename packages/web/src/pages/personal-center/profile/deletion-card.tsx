import { type AccountSecurity, limits } from "@wjgj/core";
import { Alert, App, Button, Card, Form } from "antd";
import { useState } from "react";
import { useCancelDeletionMutation, useRequestDeletionMutation } from "../../../api/account.ts";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { CurrentPasswordField } from "./current-password-field.tsx";
import { OwnCodeField } from "./own-code-field.tsx";
import { type Proof, ProofChoice } from "./proof-choice.tsx";

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
        天冷静期，期间可随时撤销；冷静期结束后，账号的手机号、昵称、头像和密码将被清除，您登录后提交的答卷中的个人信息（姓名、手机号等）、领奖联系方式、验证码与短信记录一并删除，无法再登录，也无法恢复。
      </p>
      <Button danger onClick={() => setOpen(true)} data-testid="deletion-request">
        申请注销
      </Button>
      <FormDialog
        open={open}
        title="申请注销账号"
        okText="确认申请"
        okButtonProps={{ danger: true }}
        destroyOnHidden
        forceRender
        form={form}
        submit={(values) =>
          request.mutateAsync(
            proof === "password" ? { password: values.password ?? "" } : { code: values.code ?? "" },
          )
        }
        pending={request.isPending}
        success="已提交注销申请"
        onClose={() => setOpen(false)}
      >
        <p className="wj-profile__warning">
          注销将在{days}
          天后生效。生效后，已发布的问卷将无人管理，答卷数据仍按隐私政策保存。请确认是本人操作。
        </p>
        {security.hasPassword && security.phone && (
          <ProofChoice value={proof} onChange={setProof} passwordLabel="登录密码" />
        )}
        {proof === "password" ? (
          <CurrentPasswordField name="password" label="登录密码" />
        ) : (
          <OwnCodeField
            name="code"
            phone={security.phone}
            purpose="delete"
            label="短信验证码"
            onError={showError}
          />
        )}
      </FormDialog>
    </Card>
  );
}
