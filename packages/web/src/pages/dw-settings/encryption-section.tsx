import { Alert, App, Button, Card, Descriptions, Popconfirm, Progress } from "antd";
import { useAdminMutation } from "../../api/admin.ts";
import { adminSiteApi, useEncryptionStatus } from "../../api/admin-site.ts";
import { useApiError } from "../../hooks/use-api-error.ts";

/**
 * 个人信息加密 (issue #36): which master key protects personal data here (its fingerprint and where it comes
 * from, never the key), how many questionnaires have data keys, what still waits to be sealed, and a rotation of
 * every data key with its progress. Rotating the master key itself is a deployment step (README).
 */
export function EncryptionSection() {
  const query = useEncryptionStatus();
  const { message } = App.useApp();
  const showError = useApiError();
  const rotate = useAdminMutation(() => adminSiteApi.rotateDataKeys());
  const status = query.data;
  const rotating = status ? status.rotation.queued || status.rotation.running > 0 : false;
  const percent =
    status && status.rotation.total > 0
      ? Math.floor((status.rotation.done / status.rotation.total) * 100)
      : 0;

  const start = async () => {
    try {
      await rotate.mutateAsync(undefined);
      void message.success("已开始轮换数据密钥，答卷在后台重新加密，提交不受影响");
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card
      title="个人信息加密"
      className="wj-settings__card"
      data-testid="settings-encryption"
      loading={!status}
    >
      {status ? (
        <>
          <Alert
            type={status.enabled ? "success" : "warning"}
            showIcon
            className="wj-settings__alert"
            message={
              status.enabled
                ? "已开启：姓名、手机号、身份证号等个人信息和敏感文件以 AES-256-GCM 加密保存"
                : "未开启：个人信息以明文保存（环境变量 PERSONAL_DATA_ENCRYPTION=0）"
            }
          />
          <Descriptions column={1} size="small" className="wj-settings__facts">
            <Descriptions.Item label="主密钥">
              {status.masterKeyId}（{status.masterKeySource}）
            </Descriptions.Item>
            {status.previousMasterKeyId ? (
              <Descriptions.Item label="原主密钥">
                {status.previousMasterKeyId}（MASTER_KEY_PREVIOUS，数据密钥已改由新主密钥保护后可移除）
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label="已加密问卷">{status.questionnaires} 份</Descriptions.Item>
            <Descriptions.Item label="加密文件">{status.sealedFiles} 个</Descriptions.Item>
            <Descriptions.Item label="待加密答卷">
              {status.unsealedResponses > 0 ? `${status.unsealedResponses} 份（后台任务正在处理）` : "无"}
            </Descriptions.Item>
            <Descriptions.Item label="最早的数据密钥">{status.oldestKeyAt || "—"}</Descriptions.Item>
            <Descriptions.Item label="上次轮换">{status.lastRotatedAt || "从未轮换"}</Descriptions.Item>
          </Descriptions>
          {rotating ? (
            <div data-testid="encryption-progress">
              <div>
                正在轮换：{status.rotation.running} 份问卷重新加密中，已处理 {status.rotation.done} /{" "}
                {status.rotation.total} 份答卷
              </div>
              <Progress percent={percent} status="active" />
            </div>
          ) : null}
          <Popconfirm
            title="轮换全部数据密钥？"
            description="每份问卷换用新的数据密钥，已有答卷和文件在后台重新加密；期间可以正常提交和查看。"
            okText="开始轮换"
            cancelText="取消"
            onConfirm={start}
            disabled={!status.enabled || rotating}
          >
            <Button disabled={!status.enabled || rotating} loading={rotate.isPending}>
              轮换全部数据密钥
            </Button>
          </Popconfirm>
        </>
      ) : null}
    </Card>
  );
}
