import { BellOutlined } from "@ant-design/icons";
import type { TeamNotice } from "@wjgj/core";
import { Badge, Button, List, Popover, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { teamApi, useTeamMutation, useTeamNotices } from "../../api/teams.ts";

/** 通知: invitations to a team and acceptances of one's invitations, with the unread count. */
export function NoticeBell() {
  const notices = useTeamNotices();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const read = useTeamMutation((id?: number) => teamApi.readTeamNotice(id));
  const unread = notices.data?.unread ?? 0;

  const handleOpen = (notice: TeamNotice) => {
    setOpen(false);
    if (!notice.read) read.mutate(notice.id);
    if (notice.link) navigate(notice.link);
  };

  const content = (
    <div className="wj-notice-panel" data-testid="notice-panel">
      <div className="wj-notice-panel__head">
        <Typography.Text strong>通知</Typography.Text>
        <Button
          type="link"
          size="small"
          disabled={unread === 0}
          loading={read.isPending}
          onClick={() => read.mutate(undefined)}
        >
          全部已读
        </Button>
      </div>
      <List
        size="small"
        loading={notices.isLoading}
        dataSource={notices.data?.list ?? []}
        locale={{ emptyText: "暂无通知" }}
        renderItem={(notice) => (
          <List.Item className={notice.read ? undefined : "is-unread"}>
            <button
              type="button"
              className="wj-notice-panel__item"
              data-testid="notice-item"
              onClick={() => handleOpen(notice)}
            >
              <span className="wj-notice-panel__title">
                {notice.read ? null : <Badge status="processing" />}
                {notice.title}
              </span>
              <span className="wj-notice-panel__content">{notice.content}</span>
              <span className="wj-notice-panel__time">{notice.createdAt}</span>
            </button>
          </List.Item>
        )}
      />
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      content={content}
    >
      <button
        type="button"
        className="wj-app-header__bell"
        aria-label={unread > 0 ? `通知，${unread}条未读` : "通知"}
        data-testid="notice-bell"
      >
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined />
        </Badge>
      </button>
    </Popover>
  );
}
