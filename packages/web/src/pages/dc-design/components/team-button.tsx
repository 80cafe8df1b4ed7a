import { TeamOutlined } from "@ant-design/icons";
import { richTextToPlain } from "@wjgj/core";
import { Button } from "antd";
import { useState } from "react";
import { useTeamDetail } from "../../../api/teams.ts";
import { TeamDialog } from "../../../components/team-dialog/index.tsx";
import { useEditor } from "../store/use-editor.ts";

/** 团队 in the designer's header: shown to those who manage the team (the owner and admins). */
export function TeamButton() {
  const id = useEditor((state) => state.meta?.id ?? null);
  const title = useEditor((state) => state.draft?.title ?? "");
  const detail = useTeamDetail(id);
  const [open, setOpen] = useState(false);
  if (id === null || !detail.data?.permissions.includes("manageTeam")) return null;
  return (
    <>
      <Button
        icon={<TeamOutlined />}
        className="dd-topbar__action"
        aria-label="团队"
        data-testid="designer-team-button"
        onClick={() => setOpen(true)}
      >
        团队
      </Button>
      <TeamDialog
        target={open ? { id, title: richTextToPlain(title) } : null}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
