import { DownloadOutlined } from "@ant-design/icons";
import { questionnaireKindNouns, type RedPacketClaimView, type WinnerView } from "@wjgj/core";
import { App, Button, Card, Empty, Space, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { AnswerListQuery } from "../../../api/results.ts";
import { rewardsApi, useClaimList, useRewardMutation, useWinnerList } from "../../../api/rewards.ts";
import { Permitted } from "../../../components/permitted.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { rewardsPath } from "../../dc-list/hooks/use-questionary-actions.tsx";
import { useResults } from "../hooks/results-context.ts";
import { AnswerDrawer } from "./answers/answer-drawer.tsx";

/** The answer drawer steps through valid responses in submission order, as the answer list does. */
const winnerOrder: AnswerListQuery = { sort: "timeDesc", status: "valid" };

/** A physical prize's winner who has not filled in the form yet: nothing to send to. */
const missingForm = (row: WinnerView) =>
  row.prizeType === "physical" && !row.name && !row.phone && !row.address;

const claimStatus = {
  pending: { color: "processing", label: "待审核" },
  paying: { color: "processing", label: "打款中" },
  paid: { color: "success", label: "已发放" },
  rejected: { color: "default", label: "未通过" },
  failed: { color: "error", label: "打款失败，已退回" },
} as const;

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** 中奖名单: the draw's winners (export, 标记已发放) and the red-packet claims (审核). */
export function WinnersTab() {
  const { id, questionary } = useResults();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const showError = useApiError();
  const winners = useWinnerList(id);
  const claims = useClaimList(id);
  const markSent = useRewardMutation(id, (drawId: number) => rewardsApi.markSent(id, drawId));
  const review = useRewardMutation(id, (input: { claimId: number; approve: boolean }) =>
    rewardsApi.reviewClaim(id, input.claimId, input.approve),
  );

  const handleSent = (drawId: number) =>
    markSent.mutate(drawId, {
      onSuccess: () => message.success("已标记为已发放"),
      onError: (error) => showError(error),
    });
  const handleReview = (claimId: number, approve: boolean) =>
    review.mutate(
      { claimId, approve },
      { onSuccess: () => message.success("审核完成"), onError: (error) => showError(error) },
    );
  const handleExport = () =>
    rewardsApi.exportWinners(id, questionary.title).catch((error: unknown) => showError(error));

  // 查看答卷: who won is in their response (a name or phone asked in the questionnaire reaches them too).
  const [openId, setOpenId] = useState<number | null>(null);
  const field = (value: string, row: WinnerView) =>
    value || (missingForm(row) ? <Typography.Text type="secondary">未填写</Typography.Text> : "—");
  const columns: TableColumnsType<WinnerView> = [
    { title: "奖品", dataIndex: "prizeName" },
    { title: "姓名", dataIndex: "name", render: (v: string, row) => field(v, row) },
    { title: "手机号", dataIndex: "phone", render: (v: string, row) => field(v, row) },
    { title: "收货地址", dataIndex: "address", render: (v: string, row) => field(v, row) },
    { title: "券码", dataIndex: "couponCode", render: (v: string | null) => v ?? "—" },
    {
      title: "答卷",
      key: "response",
      render: (_, row) => (
        <Button
          size="small"
          type="link"
          onClick={() => setOpenId(row.responseId)}
          aria-label={`查看答卷 ${row.responseId}`}
        >
          查看答卷
        </Button>
      ),
    },
    {
      title: "发放",
      key: "sent",
      render: (_, row) =>
        row.sent ? (
          <Tag color="success">已发放</Tag>
        ) : (
          <Permitted action="manageResponses">
            <Button size="small" onClick={() => handleSent(row.drawId)} loading={markSent.isPending}>
              标记已发放
            </Button>
          </Permitted>
        ),
    },
  ];
  const claimColumns: TableColumnsType<RedPacketClaimView> = [
    { title: "手机号", dataIndex: "phone" },
    { title: "金额", dataIndex: "amountFen", render: (v: number) => yuan(v) },
    {
      title: "状态",
      dataIndex: "status",
      render: (v: RedPacketClaimView["status"]) => (
        <Tag color={claimStatus[v].color}>{claimStatus[v].label}</Tag>
      ),
    },
    {
      title: "审核",
      key: "review",
      render: (_, row) =>
        row.status === "pending" ? (
          <Space>
            <Permitted action="manageResponses">
              <Button size="small" type="primary" onClick={() => handleReview(row.claimId, true)}>
                通过并发放
              </Button>
            </Permitted>
            <Permitted action="manageResponses">
              <Button size="small" onClick={() => handleReview(row.claimId, false)}>
                不通过
              </Button>
            </Permitted>
          </Space>
        ) : (
          "—"
        ),
    },
  ];

  // Nothing drawn or claimed at all: most questionnaires never set a reward, so say where rewards come from.
  if (winners.data?.length === 0 && claims.data?.length === 0)
    return (
      <Card data-testid="winners-tab">
        <Empty
          description={
            <>
              还没有中奖或红包领取记录。
              <br />
              在“奖励设置”中为这份{questionnaireKindNouns[questionary.kind]}
              设置抽奖或红包后，答题者的中奖和领取情况会显示在这里。
            </>
          }
        >
          <Permitted action="results">
            <Button type="primary" onClick={() => navigate(rewardsPath(id))}>
              去设置奖励
            </Button>
          </Permitted>
        </Empty>
      </Card>
    );

  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }} data-testid="winners-tab">
      <Card
        title="中奖名单"
        extra={
          <Permitted action="export">
            <Button icon={<DownloadOutlined />} onClick={handleExport} disabled={!winners.data?.length}>
              导出 Excel
            </Button>
          </Permitted>
        }
      >
        <Table
          rowKey="drawId"
          size="small"
          scroll={{ x: "max-content" }}
          loading={winners.isLoading}
          dataSource={winners.data ?? []}
          columns={columns}
          locale={{ emptyText: <Empty description="暂无中奖记录" /> }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      </Card>
      <Card title="红包领取记录">
        <Table
          rowKey="claimId"
          size="small"
          scroll={{ x: "max-content" }}
          loading={claims.isLoading}
          dataSource={claims.data ?? []}
          columns={claimColumns}
          locale={{ emptyText: <Empty description="暂无领取记录" /> }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      </Card>
      <AnswerDrawer
        responseId={openId}
        query={winnerOrder}
        onStep={setOpenId}
        onClose={() => setOpenId(null)}
      />
    </Space>
  );
}
