import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { payApi, payKeys } from "../../../api/pay.ts";
import { RETURN_PARAMS } from "../../../lib/wechat-pay.ts";
import { CheckoutDialog } from "./checkout-dialog.tsx";

const ORDER_NO = /^\d{20}$/;

/**
 * A purchase coming back from WeChat (issue #39): `?resumePay=<orderNo>&via=<provider>` after the 公众号's
 * authorisation pays the order at once inside WeChat; `?payReturn=<orderNo>` after WeChat Pay's H5 page waits
 * for its result.
 */
export function ResumePayment() {
  const [params, setParams] = useSearchParams();
  const resume = params.get("resumePay") ?? "";
  const back = params.get("payReturn") ?? "";
  const orderNo = ORDER_NO.test(resume) ? resume : ORDER_NO.test(back) ? back : "";
  const via = params.get("via") ?? "";
  const [closed, setClosed] = useState(false);
  const order = useQuery({
    queryKey: payKeys.order(orderNo),
    queryFn: () => payApi.getOrder(orderNo),
    enabled: orderNo !== "",
  });
  if (!orderNo || closed || !order.data) return null;
  const handleClose = () => {
    setClosed(true);
    const next = new URLSearchParams(params);
    for (const name of RETURN_PARAMS) next.delete(name);
    setParams(next, { replace: true });
  };
  return (
    <CheckoutDialog
      open
      title="继续支付"
      itemText={order.data.itemName}
      amountFen={order.data.amountFen}
      order={{ orderNo }}
      allowWallet={false}
      returned={orderNo === resume ? "resume" : "awaitResult"}
      resumeWith={/^[a-z]{1,16}$/.test(via) ? via : "wechat"}
      onClose={handleClose}
    />
  );
}
