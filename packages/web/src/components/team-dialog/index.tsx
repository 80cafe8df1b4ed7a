import { Modal, Tabs } from "antd";
import { useTeamUsers } from "../../api/teams.ts";
import { ActivityTab } from "./activity-tab.tsx";
import { InviteTab } from "./invite-tab.tsx";
import { MembersList } from "./members-list.tsx";

export { inviteUrl } from "./invite-tab.tsx";

export interface TeamDialogProps {
  target: { id: number; title: string } | null;
  onClose: () => void;
}

/**
 * 团队成员: the members and their roles. The owner and admins invite, change roles, remove, stop links
 * and read the activity log; the owner transfers ownership; any other member may leave.
 */
export function TeamDialog({ target, onClose }: TeamDialogProps) {
  const id = target?.id ?? 0;
  const team = useTeamUsers(target ? id : null);
  const myRole = team.data?.myRole;
  const manage = myRole === "owner" || myRole === "admin";
  const members = (
    <MembersList
      id={id}
      myRole={myRole}
      members={team.data?.members ?? []}
      loading={team.isLoading}
      onLeft={onClose}
    />
  );

  return (
    <Modal
      open={target !== null}
      title={`团队成员 · ${target?.title ?? ""}`}
      onCancel={onClose}
      footer={null}
      width={640}
      className="wj-team-dialog"
      destroyOnHidden
    >
      {manage ? (
        <Tabs
          items={[
            { key: "members", label: "成员", children: members },
            {
              key: "invite",
              label: "邀请成员",
              children: <InviteTab id={id} invites={team.data?.invites ?? []} />,
            },
            { key: "activity", label: "动态", children: <ActivityTab id={id} /> },
          ]}
        />
      ) : (
        members
      )}
    </Modal>
  );
}
