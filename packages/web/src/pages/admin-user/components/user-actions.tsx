import { App, Button, Popconfirm, Space, Typography } from "antd";
import { type AdminUserRow, adminApi, useAdminMutation } from "../../../api/admin.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { useUserStore } from "../../../stores/user-store.ts";

interface UserActionsProps {
  row: AdminUserRow;
  onVip: (row: AdminUserRow) => void;
  onSessions: (row: AdminUserRow) => void;
}

/** 停用/启用, 会员, 模板作者, 重置密码 and 登录记录 of one account. */
export function UserActions({ row, onVip, onSessions }: UserActionsProps) {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const selfPhone = useUserStore((state) => state.userInfo?.phone);
  const update = useAdminMutation(adminApi.updateUser);
  const reset = useAdminMutation(adminApi.resetPassword);
  const disabling = row.status === "active";

  const handleStatus = async () => {
    try {
      await update.mutateAsync({ id: row.id, status: disabling ? "disabled" : "active" });
      void message.success(disabling ? "已停用，该用户的登录已全部失效" : "已启用");
    } catch (error) {
      showError(error);
    }
  };

  const granting = row.isTemplate !== 1;
  const handleTemplateAuthor = async () => {
    try {
      await update.mutateAsync({ id: row.id, isTemplate: granting ? 1 : 0 });
      void message.success(granting ? "已设为模板作者，可提交公开模板" : "已取消模板作者");
    } catch (error) {
      showError(error);
    }
  };

  const handleReset = async () => {
    try {
      const { password } = await reset.mutateAsync(row.id);
      // Shown once: the server keeps only its hash.
      modal.success({
        title: "密码已重置",
        content: (
          <div>
            <p>新密码只显示这一次，请及时告知用户：</p>
            <Typography.Text copyable code strong data-testid="new-password">
              {password}
            </Typography.Text>
          </div>
        ),
        okText: "我已记下",
      });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => onVip(row)}>
        会员
      </Button>
      {row.phone && row.phone === selfPhone ? null : (
        <Popconfirm
          title={disabling ? "停用后该用户将无法登录，并退出所有设备。确定停用吗？" : "确定启用该用户吗？"}
          okText="确定"
          cancelText="取消"
          onConfirm={handleStatus}
        >
          <Button type="link" size="small" danger={disabling} loading={update.isPending}>
            {disabling ? "停用" : "启用"}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={
          granting
            ? "设为模板作者后，该用户可以把模板提交到公共模板库审核。确定吗？"
            : "取消后该用户不能再提交公开模板（已公开的模板不受影响）。确定吗？"
        }
        okText="确定"
        cancelText="取消"
        onConfirm={handleTemplateAuthor}
      >
        <Button type="link" size="small" loading={update.isPending}>
          {granting ? "设为模板作者" : "取消模板作者"}
        </Button>
      </Popconfirm>
      <Popconfirm
        title="重置后旧密码立即失效，并退出所有设备。确定重置吗？"
        okText="重置"
        cancelText="取消"
        onConfirm={handleReset}
      >
        <Button type="link" size="small" loading={reset.isPending}>
          重置密码
        </Button>
      </Popconfirm>
      <Button type="link" size="small" onClick={() => onSessions(row)}>
        登录记录
      </Button>
    </Space>
  );
}
