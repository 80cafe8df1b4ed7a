import {
  fenToYuan,
  type QuestionnaireKind,
  questionnaireKindNouns,
  type SampleDimension,
  type SampleRates,
  type SampleTargeting,
  sampleDimensionLabels,
  sampleDimensions,
  samplePriceFen,
  sampleSurchargeFields,
  sampleTargeting,
} from "@wjgj/core";
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Skeleton } from "antd";
import { useNavigate } from "react-router";
import { sampleApi, useSampleMutation, useSampleService } from "../../../api/sample-service.ts";
import { Permitted, useAccess } from "../../../components/permitted.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";

interface Values extends SampleTargeting {
  quantity: number;
  note: string;
}

const anyTargeting: SampleTargeting = { region: "any", ageBand: "any", gender: "any", occupation: "any" };

/** 下单: quantity and targeting, the price at today's rates, paid by freezing the total in the wallet. */
export function SampleOrderForm({
  id,
  kind,
  published,
}: {
  id: number;
  kind: QuestionnaireKind;
  published: boolean;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const showError = useApiError();
  const mayOrder = useAccess().may("publish");
  const service = useSampleService();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const add = useSampleMutation((input: Values) => sampleApi.addOrder({ id, ...input }));

  if (!service.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const { rates, balanceFen } = service.data;
  const targeting = { ...anyTargeting, ...pickTargeting(values) };
  const price = samplePriceFen(rates, targeting);
  const quantity = typeof values?.quantity === "number" ? values.quantity : 0;
  const total = price * quantity;

  const handleFinish = (input: Values) =>
    add.mutate(input, {
      onSuccess: () => {
        message.success("下单成功，费用已从余额中冻结");
        form.resetFields();
      },
      onError: (error) => showError(error, form),
    });

  return (
    <Card title="订购样本">
      {!published && (
        <Alert
          type="warning"
          showIcon
          title={`${questionnaireKindNouns[kind]}发布后才能订购样本`}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        initialValues={{ ...anyTargeting, quantity: rates.minQuantity, note: "" }}
        disabled={!published || !mayOrder}
      >
        <Form.Item
          name="quantity"
          label="需要的有效答卷数"
          extra={`${rates.minQuantity}-${rates.maxQuantity}份，只按审核通过的有效答卷计费`}
          rules={[{ required: true, message: "请填写需要的答卷数" }]}
        >
          <InputNumber
            min={rates.minQuantity}
            max={rates.maxQuantity}
            precision={0}
            style={{ width: "100%" }}
          />
        </Form.Item>
        {sampleDimensions.map((dimension: SampleDimension) => (
          <Form.Item key={dimension} name={dimension} label={sampleDimensionLabels[dimension]}>
            <Select
              aria-label={sampleDimensionLabels[dimension]}
              options={sampleTargeting[dimension].map((choice) => ({
                value: choice.value,
                label: choice.label,
              }))}
            />
          </Form.Item>
        ))}
        <Form.Item name="note" label="补充说明（选填）">
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：优先在校大学生" />
        </Form.Item>
        <div className="wj-samples__price" data-testid="sample-price">
          <span>{`单价 ¥${fenToYuan(price)}/份`}</span>
          <strong>{`合计 ¥${fenToYuan(total)}`}</strong>
          <span>{`账户余额 ¥${fenToYuan(balanceFen)}`}</span>
        </div>
        <p className="wj-samples__hint">
          {`基础价 ¥${fenToYuan(rates.basePriceFen)}/份；${surchargeText(rates)}。下单时费用从余额中冻结，按有效答卷逐份扣除，取消订单时未完成部分退回余额。`}
        </p>
        <div className="wj-samples__actions">
          <Permitted action="publish">
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              下单并冻结费用
            </Button>
          </Permitted>
          {total > balanceFen && (
            <Button onClick={() => navigate("/dc/personalCenter?type=2")}>余额不足，去充值</Button>
          )}
        </div>
      </Form>
    </Card>
  );
}

/** 「限定地区加 ¥1.00/份、限定性别加 ¥0.50/份」: the surcharges of the dimensions that have one. */
function surchargeText(rates: SampleRates): string {
  const parts = sampleDimensions
    .filter((d) => rates[sampleSurchargeFields[d]] > 0)
    .map((d) => `限定${sampleDimensionLabels[d]}加 ¥${fenToYuan(rates[sampleSurchargeFields[d]])}/份`);
  return parts.length > 0 ? parts.join("、") : "定向条件不另加价";
}

function pickTargeting(values: Partial<Values> | undefined): Partial<SampleTargeting> {
  if (!values) return {};
  const out: Partial<Record<SampleDimension, string>> = {};
  for (const d of sampleDimensions) if (values[d]) out[d] = values[d];
  return out as Partial<SampleTargeting>;
}
