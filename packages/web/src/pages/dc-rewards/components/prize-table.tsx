import { type PrizeKind, type PrizeView, prizeKindLabels, prizeKinds } from "@wjgj/core";
import { Form, Input, InputNumber, Select, type TableColumnsType } from "antd";
import { type PrizeInput, rewardsApi, usePrizeList, useRewardMutation } from "../../../api/rewards.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { RemoveButton, RewardListCard } from "./reward-list-card.tsx";

type Values = Omit<PrizeInput, "questionnaireId">;

/** 奖品: name, kind, stock (coupons: their imported codes), probability; add and remove. */
export function PrizeTable({ id }: { id: number }) {
  const showError = useApiError();
  const list = usePrizeList(id);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch("prizeType", form) as PrizeKind | undefined;
  const add = useRewardMutation(id, (values: Values) =>
    rewardsApi.addPrize({ questionnaireId: id, ...values }),
  );
  const remove = useRewardMutation(id, (prizeId: number) => rewardsApi.removePrize(id, prizeId));

  const columns: TableColumnsType<PrizeView> = [
    { title: "奖品", dataIndex: "name" },
    { title: "类型", dataIndex: "prizeType", render: (v: PrizeKind) => prizeKindLabels[v] },
    {
      title: "剩余数量",
      dataIndex: "stock",
      render: (v: number, row) => (row.prizeType === "none" ? "不限" : v),
    },
    { title: "中奖概率", dataIndex: "probability", render: (v: number) => `${v}%` },
    {
      title: "操作",
      key: "actions",
      render: (_, row) => (
        <RemoveButton
          title="删除这个奖品？"
          description="已中奖的记录会保留"
          onConfirm={() => remove.mutate(row.prizeId, { onError: (error) => showError(error) })}
        />
      ),
    },
  ];

  return (
    <RewardListCard
      title="奖品"
      addText="添加奖品"
      rowKey="prizeId"
      list={list}
      columns={columns}
      emptyText="还没有奖品，点击“添加奖品”开始设置"
      form={form}
      add={add}
      okText="添加"
      success="奖品已添加"
      resetOnSuccess
      initialValues={{ prizeType: "physical", stock: 1, probability: 10 }}
    >
      <Form.Item name="name" label="奖品名称" rules={[{ required: true, message: "请填写奖品名称" }]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="prizeType" label="奖品类型">
        <Select options={prizeKinds.map((k) => ({ value: k, label: prizeKindLabels[k] }))} />
      </Form.Item>
      {kind === "physical" ? (
        <Form.Item name="stock" label="奖品数量">
          <InputNumber min={0} max={100000} style={{ width: "100%" }} />
        </Form.Item>
      ) : null}
      {kind === "coupon" ? (
        <Form.Item name="codes" label="券码（每行一个，每个只发给一位中奖者）">
          <Input.TextArea rows={4} />
        </Form.Item>
      ) : null}
      <Form.Item name="probability" label="中奖概率（%）">
        <InputNumber min={0} max={100} step={0.01} precision={2} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="image" label="奖品图片地址（选填）">
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
    </RewardListCard>
  );
}
