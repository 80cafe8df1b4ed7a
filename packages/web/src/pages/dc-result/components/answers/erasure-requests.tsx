import type { ErasureRequestView } from "@wjgj/core";
import { ERASURE_NOTE_MAX } from "@wjgj/core";
import {
  App,
  Badge,
  Button,
  Drawer,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from "antd";
import { useState } from "react";
import { useErasureRequests, useHandleErasure } from "../../../../api/respondent-rights.ts";
import { useApiError } from "../../../../hooks/use-api-error.ts";

const statusColors = { pending: "orange", done: "default", declined: "blue" } as const;

/**
 * 删除申请 (issue #36): respondents' requests to delete their responses, from their receipts. 同意删除 deletes the
 * response for good (not to the 回收站); 不同意 asks for a reason the respondent reads. Owner and 管理员 only.
 */
export function ErasureRequestsButton({ id }: { id: number }) {
  const [open, setOpen] = useState(false);
  const requests = useErasureRequests(id);
  const handle = useHandleErasure(id);
  const { message } = App.useApp();
  const showError = useApiError();
  const [declining, setDeclining] = useState<ErasureRequestView | null>(null);
  const [note, setNote] = useState("");
  const pending = requests.data?.pending ?? 0;

  const act = async (request: ErasureRequestView, approve: boolean, reason = "") => {
    try {
      await handle.mutateAsync({ requestId: request.id, approve, note: reason });
      void message.success(approve ? "答卷已彻底删除" : "已告知填写者");
      setDeclining(null);
      setNote("");
    } catch (error) {
      showError(error);
    }
  };
  const columns: TableColumnsType<ErasureRequestView> = [
    { title: "答卷编号", dataIndex: "responseId", width: 90 },
    { title: "删除原因", dataIndex: "reason", render: (reason: string) => reason || "-" },
    { title: "申请时间", dataIndex: "requestedAt", width: 170 },
    {
      title: "状态",
      dataIndex: "status",
      width: 150,
      render: (_v, row) => (
        <div>
          <Tag color={statusColors[row.status]}>{row.statusName}</Tag>
          {row.note && <div className="wj-muted">{row.note}</div>}
        </div>
      ),
    },
    {
      title: "操作",
      key: "actions",
      width: 170,
      render: (_v, row) =>
        row.status === "pending" ? (
          <Space size={0}>
            <Popconfirm
              title="彻底删除这份答卷？"
              description="删除后不进回收站，不可恢复"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => act(row, true)}
            >
              <Button type="link" size="small" danger>
                同意删除
              </Button>
            </Popconfirm>
            <Button type="link" size="small" onClick={() => setDeclining(row)}>
              不同意
            </Button>
          </Space>
        ) : (
          <span className="wj-muted">{row.handledAt}</span>
        ),
    },
  ];
  return (
    <>
      <Badge count={pending} size="small">
        <Button onClick={() => setOpen(true)} data-testid="erasure-requests-button">
          删除申请
        </Button>
      </Badge>
      <Drawer
        title="填写者的删除申请"
        open={open}
        onClose={() => setOpen(false)}
        size="large"
        data-testid="erasure-requests"
      >
        <p className="wj-muted">
          填写者可在提交后的回执页面或用手机号验证后申请删除自己的答卷。同意后答卷彻底删除（不进回收站、不可恢复）；不同意时请说明原因，填写者可在回执页面看到。
        </p>
        <Table<ErasureRequestView>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={requests.data?.list ?? []}
          loading={requests.isFetching}
          pagination={false}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: "还没有删除申请" }}
        />
      </Drawer>
      <Modal
        open={declining !== null}
        title="不同意删除"
        okText="确定"
        cancelText="取消"
        okButtonProps={{ loading: handle.isPending, disabled: note.trim() === "" }}
        onOk={() => declining && void act(declining, false, note.trim())}
        onCancel={() => setDeclining(null)}
      >
        <Input.TextArea
          aria-label="不同意的原因"
          placeholder="请说明原因，填写者会在回执页面看到"
          value={note}
          maxLength={ERASURE_NOTE_MAX}
          showCount
          rows={3}
          onChange={(event) => setNote(event.target.value)}
        />
      </Modal>
    </>
  );
}
