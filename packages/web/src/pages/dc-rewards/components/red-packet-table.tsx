import {
  type Eligibility,
  type RedPacketKind,
  type RedPacketView,
  redPacketKindLabels,
  type SurveyDefinition,
} from "@wjgj/core";
import { Alert, Form, InputNumber, Select, Switch, type TableColumnsType, Tag } from "antd";
import { rewardsApi, useRedPacketList, useRewardMutation } from "../../../api/rewards.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { EligibilityInput, eligibilityRules } from "./eligibility-input.tsx";
import { RemoveButton, RewardListCard } from "./reward-list-card.tsx";

interface Values {
  packetType: RedPacketKind;
  count: number;
  /** Yuan, as typed; sent in fen. */
  amount: number;
  review: boolean;
  eligibility: Eligibility;
}

const eligibilityLabels: Record<Eligibility["kind"], string> = {
  all: "所有答卷",
  score: "成绩达标",
  condition: "满足条件",
};

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** 红包: the budget is frozen in the wallet when a red packet is added; deleting it releases the rest. */
export function RedPacketTable({ id, definition }: { id: number; definition: SurveyDefinition }) {
  const showError = useApiError();
  const list = useRedPacketList(id);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch("packetType", form);
  const add = useRewardMutation(id, (values: Values) => {
    const fen = Math.round(values.amount * 100);
    return rewardsApi.addRedPacket({
      questionnaireId: id,
      packetType: values.packetType,
      count: values.count,
      review: values.review,
      eligibility: values.eligibility,
      ...(values.packetType === "fixed" ? { amountFen: fen } : { totalFen: fen }),
    });
  });
  const remove = useRewardMutation(id, (redPacketId: number) => rewardsApi.delRedPacket(id, redPacketId));

  const columns: TableColumnsType<RedPacketView> = [
    { title: "类型", dataIndex: "packetType", render: (v: RedPacketKind) => redPacketKindLabels[v] },
    { title: "总预算", dataIndex: "totalFen", render: (v: number) => yuan(v) },
    {
      title: "领取条件",
      dataIndex: "eligibility",
      render: (v: Eligibility) => (v.kind === "score" ? `成绩≥${v.minScore}` : eligibilityLabels[v.kind]),
    },
    { title: "已领取", key: "claimed", render: (_, row) => `${row.claimedCount} / ${row.count}` },
    { title: "已发放", dataIndex: "paidFen", render: (v: number) => yuan(v) },
    {
      title: "状态",
      dataIndex: "status",
      render: (v: RedPacketView["status"]) =>
        v === "active" ? <Tag color="success">进行中</Tag> : <Tag>已结束，余额已退回</Tag>,
    },
    {
      title: "操作",
      key: "actions",
      render: (_, row) =>
        row.status === "active" ? (
          <RemoveButton
            action="publish"
            title="删除这个红包？"
            description="未领取的金额会退回余额"
            onConfirm={() => remove.mutate(row.redPacketId, { onError: (error) => showError(error) })}
          />
        ) : (
          "—"
        ),
    },
  ];

  return (
    <RewardListCard
      title="红包"
      addText="添加红包"
      action="publish"
      notice={
        <Alert
          type="info"
          showIcon
          title="添加红包时，预算会从账户余额中冻结；答题者验证手机号后领取，金额存入该手机号的账户余额。问卷停止或红包删除时，未领取的金额退回。"
          style={{ marginBottom: 12 }}
        />
      }
      rowKey="redPacketId"
      list={list}
      columns={columns}
      emptyText="还没有红包"
      form={form}
      add={add}
      okText="添加并冻结预算"
      success="红包已添加，预算已从余额中冻结"
      initialValues={{
        packetType: "random",
        count: 10,
        amount: 10,
        review: false,
        eligibility: { kind: "all" },
      }}
    >
      <Form.Item name="packetType" label="红包类型">
        <Select
          options={[
            { value: "random", label: "拼手气（随机金额）" },
            { value: "fixed", label: "固定金额" },
          ]}
        />
      </Form.Item>
      <Form.Item name="count" label="红包个数">
        <InputNumber min={1} max={10000} precision={0} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="amount" label={kind === "fixed" ? "每个红包金额（元）" : "总金额（元）"}>
        <InputNumber min={0.01} max={50000} step={0.01} precision={2} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="eligibility" label="谁可以领取" rules={eligibilityRules}>
        <EligibilityInput definition={definition} />
      </Form.Item>
      <Form.Item name="review" label="发放前人工审核" valuePropName="checked">
        <Switch />
      </Form.Item>
    </RewardListCard>
  );
}
