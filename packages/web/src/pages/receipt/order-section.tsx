import type { FormOrderStatus, ReceiptFormOrder } from "@wjgj/core";
import { fenToYuan } from "@wjgj/core";
import { Tag } from "antd";
import { OrderLines } from "../../answer/components/product/order-lines.tsx";
import { PayStep } from "../../answer/components/product/pay-step.tsx";
import { receiptPayClient, useOrderSettled } from "../../api/form-order-pay.ts";
import "./order-section.css";

const statusColors: Record<FormOrderStatus, string | undefined> = {
  pending: "orange",
  paid: "green",
  expired: undefined,
  cancelled: undefined,
  refunded: "purple",
  partially_refunded: "gold",
};

/** One order: its lines and state, and the answer page's pay step while it can still be paid. */
function OrderCard({
  token,
  order,
  onSettled,
}: {
  token: string;
  order: ReceiptFormOrder;
  onSettled: () => void;
}) {
  return (
    <li className="rc-order" data-testid="receipt-order">
      <p className="rc-order__head">
        <span>
          订单号 <span className="rc-order__no">{order.orderNo}</span>
        </span>
        <Tag color={statusColors[order.status]}>{order.statusLabel}</Tag>
      </p>
      <OrderLines lines={order.lines} totalFen={order.totalFen} />
      <p className="rc-order__meta">下单时间：{order.createdAt}</p>
      {order.paidAt ? <p className="rc-order__meta">支付时间：{order.paidAt}</p> : null}
      {order.refundedFen > 0 ? (
        <p className="rc-order__refund">已退款 ¥{fenToYuan(order.refundedFen)}</p>
      ) : null}
      {order.payable ? (
        <PayStep
          token={token}
          summary={order}
          client={receiptPayClient}
          showLines={false}
          onSettled={onSettled}
        />
      ) : null}
    </li>
  );
}

/**
 * 我的订单 on the receipt (issue #41): what the response bought, and 立即支付 for an order still open, so a
 * respondent who left the thank-you screen can come back and pay; nothing when the response bought nothing.
 */
export function OrderSection({ token, orders }: { token: string; orders: readonly ReceiptFormOrder[] }) {
  const handleSettled = useOrderSettled(token);
  if (orders.length === 0) return null;
  return (
    <section className="rc-orders" aria-labelledby="rc-orders-title" data-testid="receipt-orders">
      <h2 id="rc-orders-title">我的订单</h2>
      <ul>
        {orders.map((order) => (
          <OrderCard key={order.orderNo} token={token} order={order} onSettled={handleSettled} />
        ))}
      </ul>
    </section>
  );
}
