import { type PrizeKind, type PrizeView, prizeKindLabels, prizeKinds } from "@wjgj/core";
import { Button, Form, Input, InputNumber, Select, Space, type TableColumnsType } from "antd";
import { useState } from "react";
import { questionaryApi } from "../../../api/questionary.ts";
import { type PrizeInput, rewardsApi, usePrizeList, useRewardMutation } from "../../../api/rewards.ts";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { ImageField } from "../../../components/image-field/index.tsx";
import { Permitted } from "../../../components/permitted.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { RemoveButton, RewardListCard } from "./reward-list-card.tsx";

type Values = Omit<PrizeInput, "questionnaireId">;

/** The fields of a prize, in the add and the edit dialog alike; a prize's kind is chosen once, when adding. */
function PrizeFields({ id, kind, editing }: { id: number; kind: PrizeKind | undefined; editing: boolean }) {
  return (
    <>
      <Form.Item name="name" label="奖品名称" rules={[{ required: true, message: "请填写奖品名称" }]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item
        name="prizeType"
        label="奖品类型"
        extra={editing ? "奖品类型添加后不能修改；如需更换，请删除后重新添加" : undefined}
      >
        <Select
          disabled={editing}
          options={prizeKinds.map((k) => ({ value: k, label: prizeKindLabels[k] }))}
        />
      </Form.Item>
      {kind === "physical" ? (
        <Form.Item name="stock" label={editing ? "剩余数量" : "奖品数量"}>
          <InputNumber min={0} max={100000} style={{ width: "100%" }} />
        </Form.Item>
      ) : null}
      {kind === "coupon" ? (
        <Form.Item
          name="codes"
          label={
            editing ? "追加券码（每行一个，已发出的券码不受影响）" : "券码（每行一个，每个只发给一位中奖者）"
          }
        >
          <Input.TextArea rows={4} />
        </Form.Item>
      ) : null}
      <Form.Item name="probability" label="中奖概率（%）">
        <InputNumber min={0} max={100} step={0.01} precision={2} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="image" label="奖品图片（选填，抽奖时展示）">
        <ImageField
          name="奖品图片"
          testId="prize-image-field"
          upload={(file) => questionaryApi.uploadQuestionnaireImage(id, "prizeImage", file)}
        />
      </Form.Item>
    </>
  );
}

/** 奖品: name, kind, stock (coupons: their imported codes), probability and picture; add, edit and remove. */
export function PrizeTable({ id }: { id: number }) {
  const showError = useApiError();
  const list = usePrizeList(id);
  const [form] = Form.useForm<Values>();
  const [editForm] = Form.useForm<Values>();
  const [editing, setEditing] = useState<PrizeView | null>(null);
  const kind = Form.useWatch("prizeType", form) as PrizeKind | undefined;
  const add = useRewardMutation(id, (values: Values) =>
    rewardsApi.addPrize({ questionnaireId: id, ...values }),
  );
  const update = useRewardMutation(id, ({ prizeType: _kind, ...values }: Values & { prizeId: number }) =>
    rewardsApi.updatePrize({ questionnaireId: id, ...values, image: values.image ?? "" }),
  );
  const remove = useRewardMutation(id, (prizeId: number) => rewardsApi.removePrize(id, prizeId));

  const columns: TableColumnsType<PrizeView> = [
    {
      title: "奖品",
      dataIndex: "name",
      render: (name: string, row) => (
        <span className="wj-rewards__prize">
          {row.image && <img src={row.image} alt="" className="wj-rewards__prize-image" />}
          {name}
        </span>
      ),
    },
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
        <Space size={4}>
          <Permitted action="edit">
            <Button size="small" onClick={() => setEditing(row)} aria-label={`编辑奖品 ${row.name}`}>
              编辑
            </Button>
          </Permitted>
          <RemoveButton
            action="edit"
            title="删除这个奖品？"
            description="已中奖的记录会保留"
            onConfirm={() => remove.mutate(row.prizeId, { onError: (error) => showError(error) })}
          />
        </Space>
      ),
    },
  ];

  return (
    <RewardListCard
      title="奖品"
      addText="添加奖品"
      action="edit"
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
      after={
        <FormDialog
          open={editing !== null}
          title="编辑奖品"
          okText="保存"
          destroyOnHidden
          form={editForm}
          submit={(values) => update.mutateAsync({ ...values, prizeId: editing?.prizeId ?? 0 })}
          pending={update.isPending}
          success="奖品已保存"
          onClose={() => setEditing(null)}
          initialValues={
            editing
              ? {
                  name: editing.name,
                  prizeType: editing.prizeType,
                  stock: editing.stock,
                  probability: editing.probability,
                  image: editing.image,
                }
              : undefined
          }
          formTestId="prize-edit-form"
          formName="prize-edit"
        >
          <PrizeFields id={id} kind={editing?.prizeType} editing />
        </FormDialog>
      }
    >
      <PrizeFields id={id} kind={kind} editing={false} />
    </RewardListCard>
  );
}
