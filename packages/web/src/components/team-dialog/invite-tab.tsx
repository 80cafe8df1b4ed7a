import {
  type MemberRole,
  memberRoles,
  type TeamInvite,
  teamRoleDescriptions,
  teamRoleNames,
} from "@wjgj/core";
import { App, Button, Form, Input, InputNumber, List, Select, Space, Typography } from "antd";
import { useState } from "react";
import { teamApi, useTeamMutation } from "../../api/teams.ts";
import { useApiError } from "../../hooks/use-api-error.ts";

const roleOptions = memberRoles.map((role) => ({
  value: role,
  label: `${teamRoleNames[role]}（${teamRoleDescriptions[role]}）`,
}));

/** The /accept address of an invitation, on this site. */
export function inviteUrl(invite: Pick<TeamInvite, "code">): string {
  return `${window.location.origin}/accept?code=${invite.code}`;
}

/** 邀请成员: a link with a role, an expiry and a number of uses, or a phone invitation; pending ones stop. */
export function InviteTab({ id, invites }: { id: number; invites: TeamInvite[] }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [linkRole, setLinkRole] = useState<MemberRole>("editor");
  const [expireDays, setExpireDays] = useState(7);
  const [maxUses, setMaxUses] = useState(10);
  const [phone, setPhone] = useState("");
  const [phoneRole, setPhoneRole] = useState<MemberRole>("editor");
  const [created, setCreated] = useState<TeamInvite | null>(null);
  const invite = useTeamMutation(teamApi.addTeamUser);
  const stop = useTeamMutation((inviteId: number) => teamApi.stopTeamUserUrl(id, inviteId));

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
  const handleStop = async (inviteId: number) => {
    try {
      await stop.mutateAsync(inviteId);
      message.success("邀请链接已停用");
    } catch (error) {
      showError(error);
    }
  };

  return (
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
        dataSource={invites}
        locale={{ emptyText: "没有待接受的邀请" }}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button key="stop" size="small" danger onClick={() => handleStop(item.id)}>
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
}
