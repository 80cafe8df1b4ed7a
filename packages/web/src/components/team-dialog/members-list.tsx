import { type MemberRole, memberRoles, type TeamMember, type TeamRole, teamRoleNames } from "@wjgj/core";
import { App, Button, Checkbox, List, Select, Tag } from "antd";
import { teamApi, useTeamMutation } from "../../api/teams.ts";
import { useApiError } from "../../hooks/use-api-error.ts";

interface MembersListProps {
  id: number;
  myRole: TeamRole | undefined;
  members: TeamMember[];
  loading: boolean;
  /** After the viewer left the team or gave it away: the dialog closes (they may no longer see it). */
  onLeft: () => void;
}

/** The members with their roles; the owner and admins change roles and remove, the owner transfers. */
export function MembersList({ id, myRole, members, loading, onLeft }: MembersListProps) {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const remove = useTeamMutation((userId: number) => teamApi.delTeamUser(id, userId));
  const changeRole = useTeamMutation((input: { userId: number; role: MemberRole; hidePersonal?: boolean }) =>
    teamApi.updateTeamUserRole(id, input.userId, input.role, input.hidePersonal),
  );
  const transfer = useTeamMutation((userId: number) => teamApi.transferOwner(id, userId));
  const quit = useTeamMutation(() => teamApi.quitTeam(id));
  const manage = myRole === "owner" || myRole === "admin";

  const run = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      message.success(done);
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };
  const handleTransfer = (member: TeamMember) =>
    modal.confirm({
      title: `把问卷转让给“${member.nickName || "未命名用户"}”？`,
      content: "转让后对方成为所有者，您将成为管理员，不能再删除问卷或转让所有权。",
      okText: "确认转让",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        if (await run(transfer.mutateAsync(member.userId), "所有权已转让")) onLeft();
      },
    });
  const handleQuit = () =>
    modal.confirm({
      title: "退出这个问卷的团队？",
      content: "退出后您将看不到这个问卷，需要所有者或管理员重新邀请才能加入。",
      okText: "确认退出",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        if (await run(quit.mutateAsync(undefined), "已退出团队")) onLeft();
      },
    });

  const actionsOf = (member: TeamMember) => {
    if (!manage || member.role === "owner")
      return [
        <Tag key="role">
          {member.roleName}
          {member.hidePersonal ? "（不含个人信息）" : ""}
        </Tag>,
      ];
    const actions = [
      <Select
        key="role"
        size="small"
        aria-label={`${member.nickName}的角色`}
        value={member.role as MemberRole}
        options={memberRoles.map((role) => ({ value: role, label: teamRoleNames[role] }))}
        onChange={(role) => run(changeRole.mutateAsync({ userId: member.userId, role }), "角色已修改")}
      />,
      ...(member.role === "viewer"
        ? [
            <Checkbox
              key="personal"
              checked={member.hidePersonal}
              data-testid="hide-personal"
              onChange={(event) =>
                run(
                  changeRole.mutateAsync({
                    userId: member.userId,
                    role: "viewer",
                    hidePersonal: event.target.checked,
                  }),
                  event.target.checked ? "已对该成员隐藏个人信息" : "该成员可以查看个人信息",
                )
              }
            >
              隐藏个人信息
            </Checkbox>,
          ]
        : []),
      <Button
        key="remove"
        size="small"
        danger
        onClick={() => run(remove.mutateAsync(member.userId), "已移除该成员")}
      >
        移除
      </Button>,
    ];
    if (myRole === "owner")
      actions.push(
        <Button key="transfer" size="small" onClick={() => handleTransfer(member)}>
          转让
        </Button>,
      );
    return actions;
  };

  return (
    <>
      <List
        data-testid="team-members"
        dataSource={members}
        loading={loading}
        renderItem={(member) => (
          <List.Item actions={actionsOf(member)}>
            <List.Item.Meta title={member.nickName || "未命名用户"} description={member.phone} />
          </List.Item>
        )}
      />
      {myRole !== undefined && myRole !== "owner" && (
        <Button danger block onClick={handleQuit} data-testid="quit-team" style={{ marginTop: 12 }}>
          退出团队
        </Button>
      )}
    </>
  );
}
