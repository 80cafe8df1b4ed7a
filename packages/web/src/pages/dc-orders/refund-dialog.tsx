import {
  FORM_ORDER_REFUND_REASON_MAX,
  type FormOrderView,
  fenToYuan,
  productLineText,
  productMessage,
  yuanToFen,
} from "@wjgj/core";
import { Form, Input } from "antd";
import { useRefundFormOrder } from "../../api/form-orders.ts";
import { FormDialog } from "../../components/form-dialog.tsx";

interface RefundForm {
  amount: string;
  reason?: string;
}

/** What is left to refund of an order: its total less what earlier refunds gave back. */
export const refundableFen = (order: Pick<FormOrderView, "totalFen" | "refundedFen">) =>
  Math.max(0, order.totalFen - order.refundedFen);

/** Why `text` (元, as typed) cannot be refunded out of `leftFen`, or null when it can. */
export function refundAmountProblem(text: string, leftFen: number): string | null {
  if (!text.trim()) return "请填写退款金额";
  const fen = yuanToFen(text);
  if (fen === null) return "退款金额需为数字，最多两位小数，如 12.50";
  if (fen <= 0) return productMessage("formOrderRefundAmountInvalid");
  if (fen > leftFen) return productMessage("formOrderRefundTooMuch", { left: fenToYuan(leftFen) });
  return null;
}

/**
 * 退款 of one paid 商品 order: all that is left by default, or part of it. The server refunds along the way the
 * buyer paid and says why when it cannot (余额不足, a channel without refunds); the dialog then stays open.
 */
export function RefundDialog({
  questionnaireId,
  order,
  onClose,
}: {
  questionnaireId: number;
  order: FormOrderView;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RefundForm>();
  const refund = useRefundFormOrder(questionnaireId);
  const left = refundableFen(order);
  return (
    <FormDialog<RefundForm>
      open
      forceRender
      title="订单退款"
      okText="确认退款"
      okButtonProps={{ danger: true }}
      width={440}
      form={form}
      formTestId="refund-form"
      pending={refund.isPending}
      success="退款已提交"
      onClose={onClose}
      initialValues={{ amount: fenToYuan(left), reason: "" }}
      submit={(values) =>
        refund.mutateAsync({
          orderNo: order.orderNo,
          amountFen: yuanToFen(values.amount) ?? 0,
          reason: (values.reason ?? "").trim(),
        })
      }
      intro={
        <div className="fo-refund__intro">
          <p>
            订单号 <span className="fo-mono">{order.orderNo}</span>
          </p>
          <p>{order.lines.map(productLineText).join("，")}</p>
          <p>
            实付 ¥{fenToYuan(order.totalFen)}
            {order.refundedFen > 0 ? `，已退 ¥${fenToYuan(order.refundedFen)}` : ""}，可退{" "}
            <strong>¥{fenToYuan(left)}</strong>
          </p>
          <p className="fo-muted">退款原路退回付款人，从本订单的收入中扣除；平台服务费按退款比例退还。</p>
        </div>
      }
    >
      <Form.Item
        name="amount"
        label="退款金额（元）"
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = refundAmountProblem(value ?? "", left);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input inputMode="decimal" prefix="¥" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="reason"
        label="退款原因"
        rules={[
          {
            max: FORM_ORDER_REFUND_REASON_MAX,
            message: `退款原因不能超过 ${FORM_ORDER_REFUND_REASON_MAX} 个字`,
          },
        ]}
      >
        <Input.TextArea
          rows={2}
          maxLength={FORM_ORDER_REFUND_REASON_MAX}
          showCount
          placeholder="选填，如：活动取消、尺码无货"
        />
      </Form.Item>
    </FormDialog>
  );
}
