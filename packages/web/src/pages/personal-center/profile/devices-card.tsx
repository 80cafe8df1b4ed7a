import { DesktopOutlined } from "@ant-design/icons";
import { App, Button, Card, List, Popconfirm, Tag } from "antd";
import { useSessionList, useSignOutOthersMutation, useSignOutSessionMutation } from "../../../api/account.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";

/** Devices per page: a phone number used on many devices should not make 个人资料 a long scroll. */
const PAGE_SIZE = 5;

/**
 * 登录设备: every session still open (the server's newest hundred), this one first and marked, five a page;
 * sign out one or all the others.
 */
export function DevicesCard() {
  const sessions = useSessionList();
  const signOutOne = useSignOutSessionMutation();
  const signOutOthers = useSignOutOthersMutation();
  const showError = useApiError();
  const { message } = App.useApp();
  const list = [...(sessions.data?.list ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list.filter((item) => !item.current).length;

  const handleOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: () => void message.success("已退出其他设备"),
      onError: (error) => showError(error),
    });

  return (
    <Card
      title="登录设备"
      className="wj-profile__card"
      extra={
        <Popconfirm
          title="退出其他设备"
          description="其他设备上的登录将立即失效，需要重新登录。"
          okText="退出"
          cancelText="取消"
          onConfirm={handleOthers}
          disabled={others === 0}
        >
          <Button
            danger
            disabled={others === 0}
            loading={signOutOthers.isPending}
            data-testid="sign-out-others"
          >
            退出其他设备
          </Button>
        </Popconfirm>
      }
    >
      <List
        loading={sessions.isLoading}
        dataSource={list}
        locale={{ emptyText: "暂无登录设备" }}
        pagination={
          list.length > PAGE_SIZE
            ? { pageSize: PAGE_SIZE, size: "small", align: "center", showSizeChanger: false }
            : false
        }
        data-testid="session-list"
        renderItem={(item) => (
          <List.Item
            actions={
              item.current
                ? []
                : [
                    <Button
                      key="out"
                      type="link"
                      size="small"
                      loading={signOutOne.isPending && signOutOne.variables === item.id}
                      onClick={() =>
                        signOutOne.mutate(item.id, {
                          onSuccess: () => void message.success("已退出该设备"),
                          onError: (error) => showError(error),
                        })
                      }
                    >
                      退出
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={<DesktopOutlined className="wj-profile__device-icon" />}
              title={
                <span>
                  {item.device} {item.current && <Tag color="blue">当前设备</Tag>}
                </span>
              }
              description={`登录时间 ${item.createdAt} · IP ${item.ip}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
