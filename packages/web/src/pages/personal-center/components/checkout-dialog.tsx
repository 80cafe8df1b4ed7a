import { fenToYuan, type OrderView, type PayStartView } from "@wjgj/core";
import { Alert, Button, Modal, Radio, Result } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../api/errors.ts";
import {
  type CheckoutOrder,
  useCheckoutMutation,
  useFakeGatewayPayMutation,
  useWallet,
} from "../../../api/pay.ts";
import { userApi } from "../../../api/user.ts";
import { h5PayHref, invokeWeChatPay, payAuthorizeHref } from "../../../lib/wechat-pay.ts";
import { useUserStore } from "../../../stores/user-store.ts";
import { CheckoutScan } from "./checkout-scan.tsx";
import { CheckoutWaiting } from "./checkout-waiting.tsx";
import { TransferDetailsPanel } from "./transfer-details.tsx";

interface CheckoutDialogProps {
  open: boolean;
  title: string;
  /** What the order is for, as the payer reads it. */
  itemText: string;
  amountFen: number;
  order: CheckoutOrder;
  /** A recharge cannot be paid from the balance it fills. */
  allowWallet: boolean;
  onClose: () => void;
  /**
   * Back from WeChat (issue #39): `resume` pays the order at once with WeChat Pay (after the 公众号's
   * authorisation gave the buyer's openid); `awaitResult` waits for the result of WeChat Pay's H5 page.
   */
  returned?: "resume" | "awaitResult";
  /** The provider a resumed payment pays with (WeChat Pay unless said). */
  resumeWith?: string;
}

/** Refreshes the header's badge and 到期 date after a membership was paid. */
async function refreshUserInfo(): Promise<void> {
  const info = await userApi.getUserInfo({ silent: true });
  useUserStore.getState().setUserInfo(info);
}

/** Choose how to pay, pay, and see the outcome: the wallet settles at once, a provider shows its code. */
export function CheckoutDialog(props: CheckoutDialogProps) {
  const wallet = useWallet();
  const checkout = useCheckoutMutation();
  const gatewayPay = useFakeGatewayPayMutation();
  const providers = [
    ...(props.allowWallet ? [{ name: "wallet", label: "余额支付" }] : []),
    ...(wallet.data?.providers ?? []),
  ];
  const [provider, setProvider] = useState<string | null>(null);
  const [pending, setPending] = useState<PayStartView | null>(null);
  const [pendingProvider, setPendingProvider] = useState("");
  const [paid, setPaid] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Back from WeChat Pay's H5 page: the order's result is on its way.
  const returnedOrderNo =
    props.returned === "awaitResult" && "orderNo" in props.order ? props.order.orderNo : null;
  // The balance is offered first only when it covers the amount.
  const walletCovers = (wallet.data?.availableFen ?? 0) >= props.amountFen;
  const preferred = providers.find((p) => p.name !== "wallet" || walletCovers) ?? providers[0];
  const chosen = provider ?? preferred?.name ?? null;
  const userInfo = useUserStore((state) => state.userInfo);

  const handleClose = () => {
    setPending(null);
    setPaid(null);
    setError(null);
    props.onClose();
  };

  const finish = async (order: OrderView) => {
    setPaid(order);
    await refreshUserInfo();
  };
  // A QR payment settled by the provider's notification, seen by the scan step's polling.
  const handleSettled = useCallback((order: OrderView) => {
    setPaid(order);
    void refreshUserInfo();
  }, []);

  const pay = async (name: string, resumed: boolean) => {
    setError(null);
    try {
      const started = await checkout.mutateAsync({ order: props.order, provider: name });
      if (started.order.status === "paid") await finish(started.order);
      else if (started.wechatAuthorize) {
        // Inside WeChat: WeChat first tells the server who pays (silently), then this page pays again.
        if (resumed) setError("未获得微信授权，无法在微信内支付，请重试或在电脑上扫码支付");
        else window.location.assign(payAuthorizeHref(started.order.orderNo, name));
      } else if (started.jsapi) {
        setPending(started);
        // Paid ("ok"): the waiting step reads the order until WeChat's notification settled it.
        const outcome = await invokeWeChatPay(started.jsapi);
        if (outcome !== "ok") {
          setPending(null);
          setError(outcome === "cancel" ? "已取消支付，可重新选择支付方式" : "微信支付未完成，请稍后重试");
        }
      } else if (started.h5Url) {
        window.location.assign(h5PayHref(started.h5Url, started.order.orderNo));
      } else {
        setPendingProvider(name);
        setPending(started);
      }
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    }
  };
  const handlePay = () => (chosen ? pay(chosen, false) : undefined);

  const resumed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens back from WeChat
  useEffect(() => {
    if (props.returned !== "resume" || resumed.current) return;
    resumed.current = true;
    void pay(props.resumeWith ?? "wechat", true);
  }, []);

  const handleScanned = async () => {
    if (!pending) return;
    setError(null);
    try {
      const order = await gatewayPay.mutateAsync(pending.order.orderNo);
      if (order.status === "paid") await finish(order);
      else setError("暂未收到支付结果，请稍后再试");
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    }
  };

  let body: React.ReactNode;
  if (paid) {
    const membership =
      paid.kind === "vip" && userInfo?.vipStopTime ? `，有效期至 ${userInfo.vipStopTime.split(" ")[0]}` : "";
    body = (
      <Result
        status="success"
        title={paid.kind === "vip" ? "开通成功" : "充值成功"}
        subTitle={`订单号 ${paid.orderNo}，已支付 ¥${fenToYuan(paid.amountFen)}${membership}`}
        extra={
          <Button type="primary" onClick={handleClose}>
            完成
          </Button>
        }
      />
    );
  } else if (pending?.jsapi || returnedOrderNo) {
    body = (
      <CheckoutWaiting
        orderNo={pending?.order.orderNo ?? returnedOrderNo ?? ""}
        amountFen={props.amountFen}
        onPaid={handleSettled}
      />
    );
  } else if (pending?.transfer) {
    body = <TransferDetailsPanel order={pending.order} transfer={pending.transfer} onDone={handleClose} />;
  } else if (pending) {
    body = (
      <CheckoutScan
        start={pending}
        provider={pendingProvider}
        scanning={gatewayPay.isPending}
        onScanned={handleScanned}
        onPaid={handleSettled}
      />
    );
  } else {
    body = (
      <div className="wj-checkout__form">
        <div className="wj-checkout__item">
          <span>{props.itemText}</span>
          <strong data-testid="checkout-amount">¥{fenToYuan(props.amountFen)}</strong>
        </div>
        {providers.length === 0 ? (
          <Alert type="warning" showIcon message="暂无可用的支付方式，请联系客服开通" />
        ) : (
          <Radio.Group
            value={chosen}
            onChange={(e) => setProvider(e.target.value as string)}
            aria-label="支付方式"
            className="wj-checkout__providers"
          >
            {providers.map((p) => (
              <Radio key={p.name} value={p.name}>
                {p.label}
                {p.name === "wallet" && wallet.data ? `（可用 ¥${fenToYuan(wallet.data.availableFen)}）` : ""}
              </Radio>
            ))}
          </Radio.Group>
        )}
        <Button
          type="primary"
          block
          size="large"
          disabled={!chosen}
          loading={checkout.isPending}
          onClick={handlePay}
        >
          确认支付
        </Button>
      </div>
    );
  }

  return (
    <Modal
      open={props.open}
      title={props.title}
      footer={null}
      onCancel={handleClose}
      destroyOnHidden
      width={440}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {body}
    </Modal>
  );
}
