import {
  type MemberRole,
  memberRoles,
  type TeamInvite,
  teamRoleDescriptions,
  teamRoleNames,
} from "@wjgj/core";
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { teamApi, useTeamMutation, useTeamUsers } from "../../api/teams.ts";
import { useApiError } from "../../hooks/use-api-error.ts";

const roleOptions = memberRoles.map((role) => ({
  value: role,
  label: `${teamRoleNames[role]}（${teamRoleDescriptions[role]}）`,
}));

/** The /accept address of an invitation, on this site. */
export function inviteUrl(invite: Pick<TeamInvite, "code">): string {
  return `${window.location.origin}/accept?code=${invite.code}`;
}

interface TeamDialogProps {
  target: { id: number; title: string } | null;
  onClose: () => void;
}

/** 团队成员: the members and their roles; the owner and admins invite, change roles, remove and stop links. */
export function TeamDialog({ target, onClose }: TeamDialogProps) {
  const id = target?.id ?? 0;
  const team = useTeamUsers(target ? id : null);
  const { message } = App.useApp();
  const showError = useApiError();
  const [linkRole, setLinkRole] = useState<MemberRole>("editor");
  const [expireDays, setExpireDays] = useState(7);
  const [maxUses, setMaxUses] = useState(10);
  const [phone, setPhone] = useState("");
  const [phoneRole, setPhoneRole] = useState<MemberRole>("editor");
  const [created, setCreated] = useState<TeamInvite | null>(null);
  const invite = useTeamMutation(id, teamApi.addTeamUser);
  const stop = useTeamMutation(id, (inviteId: number) => teamApi.stopTeamUserUrl(id, inviteId));
  const remove = useTeamMutation(id, (userId: number) => teamApi.delTeamUser(id, userId));
  const changeRole = useTeamMutation(id, (input: { userId: number; role: MemberRole }) =>
    teamApi.updateTeamUserRole(id, input.userId, input.role),
  );
  const manage = team.data?.myRole === "owner" || team.data?.myRole === "admin";

  const handleCreateLink = async () => {
    try {
      setCreated(await invite.mutateAsync({ id, kind: "link", role: linkRole, expireDays, maxUses }));
    } catch (error) {
      showError(error);
    }
  };
  const handleInvitePhone = async () => {
    try {
      const result = await invite.mutateAsync({ id, kind: "phone", role: phoneRole, phone: phone.trim() });
      setCreated(result);
      message.success("邀请已发出，请把邀请链接发给对方确认");
    } catch (error) {
      showError(error);
    }
  };
  const handleCopy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      message.success("邀请链接已复制");
    } catch {
      message.info("请手动选中链接复制");
    }
  };
  const run = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      message.success(done);
    } catch (error) {
      showError(error);
    }
  };

  const members = (
    <List
      data-testid="team-members"
      dataSource={team.data?.members ?? []}
      loading={team.isLoading}
      renderItem={(member) => (
        <List.Item
          actions={
            manage && member.role !== "owner"
              ? [
                  <Select
                    key="role"
                    size="small"
                    aria-label={`${member.nickName}的角色`}
                    value={member.role as MemberRole}
                    options={memberRoles.map((role) => ({ value: role, label: teamRoleNames[role] }))}
                    onChange={(role) =>
                      run(changeRole.mutateAsync({ userId: member.userId, role }), "角色已修改")
                    }
                  />,
                  <Button
                    key="remove"
                    size="small"
                    danger
                    onClick={() => run(remove.mutateAsync(member.userId), "已移除该成员")}
                  >
                    移除
                  </Button>,
                ]
              : [<Tag key="role">{member.roleName}</Tag>]
          }
        >
          <List.Item.Meta title={member.nickName || "未命名用户"} description={member.phone} />
        </List.Item>
      )}
    />
  );

  const inviteTab = (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Form layout="vertical">
        <Form.Item label="角色">
          <Select aria-label="邀请角色" value={linkRole} options={roleOptions} onChange={setLinkRole} />
        </Form.Item>
        <Space wrap>
          <Form.Item label="有效期（天）">
            <InputNumber
              aria-label="有效期（天）"
              min={1}
              max={30}
              value={expireDays}
              onChange={(v) => setExpireDays(v ?? 7)}
            />
          </Form.Item>
          <Form.Item label="可使用次数">
            <InputNumber
              aria-label="可使用次数"
              min={1}
              max={100}
              value={maxUses}
              onChange={(v) => setMaxUses(v ?? 10)}
            />
          </Form.Item>
        </Space>
        <Button
          type="primary"
          onClick={handleCreateLink}
          loading={invite.isPending}
          data-testid="create-invite"
        >
          生成邀请链接
        </Button>
      </Form>
      {created && (
        <Space.Compact style={{ width: "100%" }}>
          <Input readOnly value={inviteUrl(created)} aria-label="邀请链接" data-testid="invite-url" />
          <Button onClick={() => handleCopy(inviteUrl(created))}>复制</Button>
        </Space.Compact>
      )}
      <Typography.Title level={5}>按手机号邀请</Typography.Title>
      <Space wrap>
        <Input
          aria-label="受邀人手机号"
          placeholder="完整的11位手机号"
          maxLength={11}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
        <Select
          aria-label="手机号邀请角色"
          value={phoneRole}
          options={roleOptions}
          onChange={setPhoneRole}
          style={{ minWidth: 120 }}
        />
        <Button onClick={handleInvitePhone} disabled={phone.trim().length !== 11}>
          邀请
        </Button>
      </Space>
      <Typography.Title level={5}>待接受的邀请</Typography.Title>
      <List
        data-testid="team-invites"
        dataSource={team.data?.invites ?? []}
        locale={{ emptyText: "没有待接受的邀请" }}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button
                key="stop"
                size="small"
                danger
                onClick={() => run(stop.mutateAsync(item.id), "邀请链接已停用")}
              >
                停用
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={`${item.kind === "link" ? "邀请链接" : `手机号 ${item.invitee?.phone ?? ""}`} · ${item.roleName}`}
              description={`已使用 ${item.uses}/${item.maxUses} 次 · 有效期至 ${item.expiresAt}`}
            />
          </List.Item>
        )}
      />
    </Space>
  );

  return (
    <Modal
      open={target !== null}
      title={`团队成员 · ${target?.title ?? ""}`}
      onCancel={() => {
        setCreated(null);
        onClose();
      }}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {manage ? (
        <Tabs
          items={[
            { key: "members", label: "成员", children: members },
            { key: "invite", label: "邀请成员", children: inviteTab },
          ]}
        />
      ) : (
        members
      )}
    </Modal>
  );
}
