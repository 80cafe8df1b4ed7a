import { fenToYuan, type OrderView } from "@wjgj/core";
import { Spin } from "antd";
import { useEffect } from "react";
import { useOrderUntilSettled } from "../../../api/pay.ts";

/**
 * After paying in WeChat (its payment sheet, or WeChat Pay's page for a phone's browser): WeChat's notification
 * settles the order on the server, and this step reads the order until it has.
 */
export function CheckoutWaiting(props: {
  orderNo: string;
  amountFen: number;
  onPaid: (order: OrderView) => void;
}) {
  const { onPaid } = props;
  const order = useOrderUntilSettled(props.orderNo);
  const settled = order.data?.status === "paid" ? order.data : null;
  useEffect(() => {
    if (settled) onPaid(settled);
  }, [settled, onPaid]);
  return (
    <div className="wj-checkout__scan" data-testid="checkout-waiting">
      <p>
        订单号 <strong>{props.orderNo}</strong>，应付 <strong>¥{fenToYuan(props.amountFen)}</strong>
      </p>
      <div className="wj-checkout__waiting">
        <Spin aria-label="正在确认支付结果" />
      </div>
      <p className="wj-checkout__hint wj-checkout__waiting-text" aria-live="polite">
        正在确认支付结果，请稍候…
      </p>
    </div>
  );
}
