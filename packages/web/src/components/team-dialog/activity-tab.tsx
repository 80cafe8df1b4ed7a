import { List, Pagination, Typography } from "antd";
import { useState } from "react";
import { useTeamActivity } from "../../api/teams.ts";

const PAGE_SIZE = 10;

/** 动态: who invited, edited, published, stopped, exported… newest first (owner and admins only). */
export function ActivityTab({ id }: { id: number }) {
  const [pageNum, setPageNum] = useState(1);
  const activity = useTeamActivity(id, pageNum, PAGE_SIZE);
  const total = activity.data?.total ?? 0;
  return (
    <>
      <List
        data-testid="team-activity"
        loading={activity.isLoading}
        dataSource={activity.data?.list ?? []}
        locale={{ emptyText: "还没有动态" }}
        renderItem={(item) => (
          <List.Item>
            <List.Item.Meta
              title={
                <span>
                  {item.actor.nickName || "未命名用户"}{" "}
                  <Typography.Text strong>{item.actionName}</Typography.Text>
                  {item.detail ? `：${item.detail}` : ""}
                </span>
              }
              description={item.createdAt}
            />
          </List.Item>
        )}
      />
      {total > PAGE_SIZE && (
        <Pagination
          size="small"
          align="center"
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={setPageNum}
        />
      )}
    </>
  );
}
