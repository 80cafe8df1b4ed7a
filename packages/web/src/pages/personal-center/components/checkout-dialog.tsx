import { fenToYuan, type OrderView, type PayStartView } from "@wjgj/core";
import { Alert, Button, Modal, Radio, Result } from "antd";
import { useCallback, useState } from "react";
import { ApiError } from "../../../api/errors.ts";
import {
  type CheckoutOrder,
  useCheckoutMutation,
  useFakeGatewayPayMutation,
  useWallet,
} from "../../../api/pay.ts";
import { userApi } from "../../../api/user.ts";
import { useUserStore } from "../../../stores/user-store.ts";
import { CheckoutScan } from "./checkout-scan.tsx";
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

  const handlePay = async () => {
    if (!chosen) return;
    setError(null);
    try {
      const started = await checkout.mutateAsync({ order: props.order, provider: chosen });
      if (started.order.status === "paid") await finish(started.order);
      else {
        setPendingProvider(chosen);
        setPending(started);
      }
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    }
  };

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
